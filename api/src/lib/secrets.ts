import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Env } from '../env.ts';

export interface Secrets {
  sessionSecret: string;
  /** 32-byte AES-256-GCM key for personal numbers and payment details. */
  encryptionKey: Buffer;
}

const SecretsFileSchema = z.object({
  sessionSecret: z.string().min(32),
  encryptionKey: z.string().regex(/^[0-9a-f]{64}$/),
});

/**
 * Settings win; otherwise the secrets come from `DATA_DIR/secrets.json`, generated on first start
 * (mode 0600) so a fresh clone needs no configuration and nothing secret is ever committed.
 */
export async function loadSecrets(env: Env): Promise<Secrets> {
  if (env.SESSION_SECRET && env.ENCRYPTION_KEY) {
    return { sessionSecret: env.SESSION_SECRET, encryptionKey: Buffer.from(env.ENCRYPTION_KEY, 'hex') };
  }
  const path = join(env.DATA_DIR, 'secrets.json');
  let stored: z.infer<typeof SecretsFileSchema>;
  try {
    stored = SecretsFileSchema.parse(JSON.parse(await readFile(path, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${path} is unreadable or malformed; delete it to generate new secrets`, { cause: error });
    }
    stored = { sessionSecret: randomBytes(32).toString('base64url'), encryptionKey: randomBytes(32).toString('hex') };
    await mkdir(env.DATA_DIR, { recursive: true });
    await writeFile(path, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  }
  return {
    sessionSecret: env.SESSION_SECRET ?? stored.sessionSecret,
    encryptionKey: Buffer.from(env.ENCRYPTION_KEY ?? stored.encryptionKey, 'hex'),
  };
}
