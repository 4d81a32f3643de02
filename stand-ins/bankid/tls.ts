/**
 * A throwaway PKI made at start: a test CA, the stand-in's server certificate for 127.0.0.1 and a
 * relying-party client certificate, both issued by that CA, so the API's BankID client talks mutual
 * TLS to the stand-in as it does to BankID (which issues the RP certificate and trusts only its own CA).
 */
import selfsigned from 'selfsigned';

export interface TestPki {
  /** The CA both sides trust (PEM). */
  ca: string;
  server: { cert: string; key: string };
  /** The relying party's certificate, as BankID would issue it (PEM). */
  client: { cert: string; key: string };
}

export async function createTestPki(): Promise<TestPki> {
  const ec = { keyType: 'ec', curve: 'P-256', algorithm: 'sha256' } as const;
  const ca = await selfsigned.generate([{ name: 'commonName', value: 'Kollab BankID stand-in test CA' }], {
    ...ec,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const issuer = { ca: { key: ca.private, cert: ca.cert } };
  const server = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    ...ec,
    ...issuer,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  const client = await selfsigned.generate([{ name: 'commonName', value: 'Kollab relying party (test)' }], {
    ...ec,
    ...issuer,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true },
      { name: 'extKeyUsage', clientAuth: true },
    ],
  });
  return {
    ca: ca.cert,
    server: { cert: server.cert, key: server.private },
    client: { cert: client.cert, key: client.private },
  };
}
