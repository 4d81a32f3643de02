import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where the data lives, as the server reads it from its settings (api/src/env.ts). */
export interface BackupSettings {
  /** PostgreSQL when set; otherwise the embedded PGlite in `DATA_DIR/pglite`. */
  databaseUrl?: string | undefined;
  /** DATA_DIR, absolute: the PGlite folder and the uploads (`uploads/`) are in it. */
  dataDir: string;
  /** When set, uploads are in this S3 bucket, which keeps its own copies; the backup has none. */
  s3Bucket?: string | undefined;
  /** ENCRYPTION_KEY when set; otherwise the key in `DATA_DIR/secrets.json` (api/src/lib/secrets.ts). */
  encryptionKey?: string | undefined;
}

export const pgliteDirOf = (settings: BackupSettings) => join(settings.dataDir, 'pglite');
export const uploadsDirOf = (settings: BackupSettings) => join(settings.dataDir, 'uploads');

/**
 * The key that encrypts personal numbers and payment details, as the server would load it, or null
 * when there is none yet (the server generates one on first start). Read only: never creates it.
 */
export async function findEncryptionKey(settings: BackupSettings): Promise<string | null> {
  if (settings.encryptionKey) return settings.encryptionKey.toLowerCase();
  try {
    const stored = JSON.parse(await readFile(join(settings.dataDir, 'secrets.json'), 'utf8')) as {
      encryptionKey?: unknown;
    };
    return typeof stored.encryptionKey === 'string' ? stored.encryptionKey.toLowerCase() : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * A fingerprint that tells whether two keys are the same without revealing either: an HMAC of a
 * fixed text under the key, shortened. The key itself is never in a backup (see ADR 020).
 */
export function keyFingerprint(keyHex: string): string {
  return createHmac('sha256', Buffer.from(keyHex, 'hex'))
    .update('kollab backup key fingerprint')
    .digest('hex')
    .slice(0, 16);
}
