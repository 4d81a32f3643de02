import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, unlink } from 'node:fs/promises';
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
    if (!(await writeOnce(path, `${JSON.stringify(stored, null, 2)}\n`))) return loadSecrets(env);
  }
  return {
    sessionSecret: env.SESSION_SECRET ?? stored.sessionSecret,
    encryptionKey: Buffer.from(env.ENCRYPTION_KEY ?? stored.encryptionKey, 'hex'),
  };
}

/**
 * Writes `content` to `path` only if it does not exist yet, all or nothing: a crash mid-write can
 * leave a stray temporary file but never a half-written `path`. False when another process won.
 */
async function writeOnce(path: string, content: string): Promise<boolean> {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const file = await open(temporary, 'wx', 0o600);
  try {
    await file.writeFile(content);
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await link(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temporary);
  }
}
