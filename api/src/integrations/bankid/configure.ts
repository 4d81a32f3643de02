import { readFile } from 'node:fs/promises';
import type { Env } from '../../env.ts';
import { type BankIdClient, createBankIdClient } from './client.ts';

/** BankID as the API uses it: the RP client and where "open BankID on this device" leads. */
export interface BankId {
  client: BankIdClient;
  appUrl: string;
}

/** A BankID stand-in the composition root started (scripts/start.ts): its URLs, test CA and RP certificate, PEM. */
export interface BankIdStandInHandle {
  rpUrl: string;
  appUrl: string;
  pki: { ca: string; client: { cert: string; key: string } };
  close(): Promise<void>;
}

/**
 * The real BankID when BANKID_URL is set (certificate files read once at start), else the stand-in
 * handed over, else none: identity verification and signing then answer `service_unavailable`.
 */
export async function configureBankId(env: Env, standIn?: BankIdStandInHandle): Promise<BankId | undefined> {
  if (env.BANKID_URL) {
    const read = (path: string | undefined) => (path ? readFile(path) : Promise.resolve(undefined));
    const [pfx, cert, key, ca] = await Promise.all([
      read(env.BANKID_PFX_PATH),
      read(env.BANKID_CERT_PATH),
      read(env.BANKID_KEY_PATH),
      read(env.BANKID_CA_PATH),
    ]);
    const tls = {
      ...(pfx ? { pfx } : {}),
      ...(env.BANKID_PFX_PASSPHRASE ? { passphrase: env.BANKID_PFX_PASSPHRASE } : {}),
      ...(cert ? { cert } : {}),
      ...(key ? { key } : {}),
      ...(ca ? { ca } : {}),
    };
    return {
      client: createBankIdClient({ baseUrl: env.BANKID_URL, tls, timeoutMs: env.BANKID_TIMEOUT_MS }),
      appUrl: env.BANKID_APP_URL,
    };
  }
  if (!standIn) return undefined;
  const tls = {
    ca: Buffer.from(standIn.pki.ca),
    cert: Buffer.from(standIn.pki.client.cert),
    key: Buffer.from(standIn.pki.client.key),
  };
  return {
    client: createBankIdClient({ baseUrl: standIn.rpUrl, tls, timeoutMs: env.BANKID_TIMEOUT_MS }),
    appUrl: standIn.appUrl,
  };
}
