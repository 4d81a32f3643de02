import { EnvError, parseEnv } from '../../api/src/env.ts';
import type { BackupSettings } from './settings.ts';

/** The server's own settings (api/src/env.ts), so backup and restore find what the server uses. */
export function settingsFromEnv(): BackupSettings {
  try {
    const env = parseEnv();
    return {
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      s3Bucket: env.S3_BUCKET,
      encryptionKey: env.ENCRYPTION_KEY,
    };
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
    process.exit(78);
  }
}

/** `1 upload`, `2 uploads`. */
export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
