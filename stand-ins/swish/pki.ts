/**
 * The stand-in's certificates, made at start: the transport PKI (test CA, server certificate,
 * Kollab's client certificate; mutual TLS as Swish requires) shared with the BankID stand-in's
 * maker, and an RSA payout signing certificate whose key Kollab signs payouts with.
 */
import { X509Certificate } from 'node:crypto';
import selfsigned from 'selfsigned';
import { createTestPki, type TestPki } from '../bankid/tls.ts';

export interface SwishPki extends TestPki {
  signing: { cert: string; key: string; serialNumber: string };
}

export async function createSwishPki(): Promise<SwishPki> {
  const [transport, signing] = await Promise.all([
    createTestPki(),
    selfsigned.generate([{ name: 'commonName', value: 'Kollab payout signing (Swish stand-in test)' }], {
      keyType: 'rsa',
      keySize: 2048,
      algorithm: 'sha256',
    }),
  ]);
  const serialNumber = new X509Certificate(signing.cert).serialNumber.toLowerCase();
  return { ...transport, signing: { cert: signing.cert, key: signing.private, serialNumber } };
}
