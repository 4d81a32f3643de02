import { chmod, mkdir, stat } from 'node:fs/promises';

/** Owner-only: the data folder holds the database, secrets, mail with reset links and uploads. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes `DATA_DIR` private before anything is written into it: the folder is created (or tightened)
 * to 0700 and the process umask set to 077, so every file created afterwards (PGlite's database
 * files, secrets, mail, uploads) is 0600 and every folder 0700. Returns what it had to tighten.
 * @throws when the folder belongs to another user or cannot be made private
 */
export async function securePrivateDataDir(dataDir: string): Promise<{ tightenedFrom: number | null }> {
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const info = await stat(dataDir);
  if (!info.isDirectory()) throw new Error(`DATA_DIR ${dataDir} is not a folder`);
  if (typeof process.getuid === 'function' && info.uid !== process.getuid()) {
    throw new Error(`DATA_DIR ${dataDir} belongs to another user; it must be this server's own`);
  }
  const mode = info.mode & 0o777;
  if (mode === PRIVATE_DIR_MODE) return { tightenedFrom: null };
  await chmod(dataDir, PRIVATE_DIR_MODE);
  return { tightenedFrom: mode };
}
