/**
 * `npm run restore`: unpacks a backup into a private folder inside DATA_DIR, checks every file
 * against the manifest, restores the database where it cannot be seen yet (a fresh PGlite folder,
 * or one PostgreSQL transaction), checks every table and sequence against the manifest, and only
 * then puts the database and uploads in place. Any refusal leaves the target as it was.
 */
import type { Stats } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { lockPgliteDir } from '@kollab/db';
import { extract as extractTar, type ReadEntry } from 'tar';
import {
  MANIFEST_FILE,
  type Manifest,
  ManifestSchema,
  manifestProblems,
  newestKnownMigration,
  UPLOADS_FOLDER,
} from './manifest.ts';
import { loadPglite } from './pglite.ts';
import { describePostgres, restorePostgres } from './postgres.ts';
import { type BackupSettings, findEncryptionKey, keyFingerprint, pgliteDirOf, uploadsDirOf } from './settings.ts';
import { listFiles, makePrivate, sha256Of, uploadProblems } from './uploads.ts';

/** The backup or the target is not fit for this restore; the message says why and what to do. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreOptions {
  /** Replace a target that already holds a database or uploads. */
  force?: boolean;
  /** Restore although the encryption key here is not the backup's (encrypted fields stay unreadable). */
  ignoreKey?: boolean;
}

/** Lists at most ten problems, and how many more there were. */
function listed(problems: string[]): string {
  const shown = problems.slice(0, 10).map((problem) => `\n  - ${problem}`);
  return shown.join('') + (problems.length > 10 ? `\n  … and ${problems.length - 10} more` : '');
}

async function readManifest(unpacked: string): Promise<Manifest> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(join(unpacked, MANIFEST_FILE), 'utf8'));
  } catch (error) {
    throw new RestoreRefused(`The backup has no readable ${MANIFEST_FILE}: ${(error as Error).message}`);
  }
  const problems = manifestProblems(value);
  if (problems.length > 0) throw new RestoreRefused(`The backup's manifest is not valid:${listed(problems)}`);
  return ManifestSchema.parse(value);
}

/** Every file of the backup must be in the manifest with its sha256, and nothing else may be there. */
async function checkFiles(unpacked: string, manifest: Manifest): Promise<void> {
  const problems: string[] = [];
  const database = await sha256Of(join(unpacked, manifest.database.file)).catch(() => null);
  if (!database) problems.push(`${manifest.database.file} is missing`);
  else if (database.sha256 !== manifest.database.sha256 || database.bytes !== manifest.database.bytes) {
    problems.push(
      `${manifest.database.file} has sha256 ${database.sha256}, the manifest says ${manifest.database.sha256}`,
    );
  }
  problems.push(...(await uploadProblems(join(unpacked, UPLOADS_FOLDER), manifest.uploads.files)));
  const { files, others } = await listFiles(unpacked);
  const known = (path: string) =>
    path === MANIFEST_FILE || path === manifest.database.file || path.startsWith(`${UPLOADS_FOLDER}/`);
  problems.push(
    ...[...files, ...others].filter((path) => !known(path)).map((path) => `${path} is not in the manifest`),
  );
  if (problems.length > 0) throw new RestoreRefused(`The backup does not match its manifest:${listed(problems)}`);
}

async function checkCompatible(settings: BackupSettings, manifest: Manifest, options: RestoreOptions): Promise<void> {
  const kind = settings.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    const how =
      kind === 'pglite' ? 'set DATABASE_URL to the PostgreSQL database to restore into' : 'unset DATABASE_URL';
    throw new RestoreRefused(
      `This is a backup of ${manifest.database.kind} and the settings point at ${kind}: ${how}.`,
    );
  }
  const newest = await newestKnownMigration();
  const migration = manifest.database.migration;
  if (migration && (newest === null || BigInt(migration.createdAt) > BigInt(newest))) {
    throw new RestoreRefused(
      `This backup was made by a newer version of Kollab (migration ${migration.tag ?? migration.createdAt} is unknown here); restore it with that version.`,
    );
  }
  if (!manifest.encryptionKey || options.ignoreKey) return;
  const key = await findEncryptionKey(settings);
  const wanted = manifest.encryptionKey.fingerprint;
  if (!key || keyFingerprint(key) !== wanted) {
    const here = key ? `the key set here is ${keyFingerprint(key)}` : 'no key is set here';
    throw new RestoreRefused(
      `Personal numbers and payment details in this backup are encrypted with the key whose fingerprint is ${wanted}; ${here}. ` +
        'Set ENCRYPTION_KEY to that key (or put the old secrets.json in DATA_DIR), or pass --ignore-key to restore them unreadable.',
    );
  }
}

/** Refuses a target that already holds data, unless `force`. */
async function checkEmpty(settings: BackupSettings, options: RestoreOptions): Promise<void> {
  if (options.force) return;
  const held: string[] = [];
  if (settings.databaseUrl) {
    const { tables } = await describePostgres(settings.databaseUrl);
    if (tables > 0) held.push(`the database at DATABASE_URL has ${tables} tables`);
  } else {
    const { files } = await listFiles(pgliteDirOf(settings));
    if (files.length > 0) held.push(`${pgliteDirOf(settings)} holds a database`);
  }
  const { files: uploads } = await listFiles(uploadsDirOf(settings));
  if (uploads.length > 0) held.push(`${uploadsDirOf(settings)} holds ${uploads.length} files`);
  if (held.length > 0) {
    throw new RestoreRefused(`The target is not empty: ${held.join(', and ')}. Pass --force to replace it.`);
  }
}

/** Moves `from` to `to`, first moving whatever is at `to` into `aside`. */
async function replace(from: string, to: string, aside: string): Promise<void> {
  await rename(to, aside).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(from, to);
}

/** Turns a failed database restore into a refusal that says the target is unchanged. */
function refusal(error: unknown): RestoreRefused {
  const message = (error as Error).message;
  const mismatch = 'backup verification failed: ';
  return new RestoreRefused(
    message.startsWith(mismatch)
      ? `The restored database does not match the manifest, so nothing was changed:${listed(message.slice(mismatch.length).split('; '))}`
      : `The database could not be restored, so nothing was changed: ${message}`,
  );
}

/**
 * Restores the backup `archive` into the database and uploads `settings` point at.
 * Stop the server first: a PGlite restore is refused while a server holds the folder.
 * @throws RestoreRefused naming every problem found; nothing was changed then
 */
export async function restoreBackup(
  settings: BackupSettings,
  archive: string,
  options: RestoreOptions = {},
): Promise<Manifest> {
  await mkdir(settings.dataDir, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(join(settings.dataDir, '.restore-'));
  try {
    const unpacked = join(staging, 'backup');
    await mkdir(unpacked, { mode: 0o700 });
    // Only files and folders: a link in a backup could point the restore at anything on this machine.
    const odd: string[] = [];
    const keep = (path: string, entry: Stats | ReadEntry) => {
      const type = 'type' in entry ? entry.type : 'unknown';
      if (type === 'File' || type === 'Directory') return true;
      odd.push(`${path} is a ${type}, not a file`);
      return false;
    };
    await extractTar({ file: archive, cwd: unpacked, strict: true, filter: keep }).catch((error: Error) => {
      throw new RestoreRefused(`${archive} is not a readable backup: ${error.message}`);
    });
    if (odd.length > 0) throw new RestoreRefused(`The backup holds more than files:${listed(odd)}`);
    const manifest = await readManifest(unpacked);
    await checkFiles(unpacked, manifest);
    await checkCompatible(settings, manifest, options);
    const databaseFile = join(unpacked, manifest.database.file);
    const uploads = join(unpacked, UPLOADS_FOLDER);
    await mkdir(uploads, { recursive: true });
    await makePrivate(uploads);
    const keepUploads = manifest.uploads.storage === 's3';

    if (settings.databaseUrl) {
      await checkEmpty(settings, options);
      await restorePostgres(settings.databaseUrl, databaseFile, manifest.database, {
        replace: Boolean(options.force),
        workDir: staging,
      }).catch((error: unknown) => {
        throw refusal(error);
      });
      if (!keepUploads) await replace(uploads, uploadsDirOf(settings), join(staging, 'replaced-uploads'));
      return manifest;
    }
    // The lock keeps a server from starting on the folder while it is being replaced.
    const unlock = await lockPgliteDir(pgliteDirOf(settings));
    try {
      await checkEmpty(settings, options);
      const restored = join(staging, 'pglite');
      await loadPglite(databaseFile, restored, manifest.database).catch((error: unknown) => {
        throw refusal(error);
      });
      await replace(restored, pgliteDirOf(settings), join(staging, 'replaced-pglite'));
      if (!keepUploads) await replace(uploads, uploadsDirOf(settings), join(staging, 'replaced-uploads'));
    } finally {
      await unlock();
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
