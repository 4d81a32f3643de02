/**
 * `npm run backup`: one tar file holding `manifest.json`, the database (PGlite's tarball or a
 * pg_dump archive) and the uploads. The database comes first and the uploads right after, so every
 * upload the database names is in the backup unless it was deleted in between (see ADR 020).
 */
import { createWriteStream } from 'node:fs';
import { link, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { create as createTar } from 'tar';
import {
  BACKUP_FORMAT,
  DATABASE_FILES,
  type DatabaseStats,
  MANIFEST_FILE,
  type Manifest,
  migrationTag,
  UPLOADS_FOLDER,
} from './manifest.ts';
import { dumpPglite } from './pglite.ts';
import { dumpPostgres } from './postgres.ts';
import { type BackupSettings, findEncryptionKey, keyFingerprint, pgliteDirOf, uploadsDirOf } from './settings.ts';
import { copyUploads, sha256Of } from './uploads.ts';

/** `kollab-<kind>-2026-11-24T10-15-00Z.tar`: sorts by time, and no character a shell or Windows minds. */
export function defaultBackupName(settings: BackupSettings, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return `kollab-${settings.databaseUrl ? 'postgres' : 'pglite'}-${stamp}.tar`;
}

/**
 * Backs up the database and uploads `settings` point at into the new file `outFile` (mode 0600;
 * an existing file is never overwritten). Resolves to the manifest written into it.
 * @throws when the database cannot be read (a running server holds the PGlite folder, pg_dump is
 * missing or too old), or `outFile` exists
 */
export async function createBackup(settings: BackupSettings, outFile: string): Promise<Manifest> {
  if (
    await stat(outFile).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`${outFile} already exists; a backup never replaces a file`);
  }
  await mkdir(dirname(outFile), { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(join(dirname(outFile), `.${basename(outFile)}-`));
  try {
    const createdAt = new Date().toISOString();
    await mkdir(join(staging, 'database'), { mode: 0o700 });
    const kind = settings.databaseUrl ? 'postgres' : 'pglite';
    const databaseFile = join(staging, DATABASE_FILES[kind]);
    const dumped = settings.databaseUrl
      ? await dumpPostgres(settings.databaseUrl, databaseFile)
      : { ...(await dumpPglite(pgliteDirOf(settings), databaseFile)), tool: 'dumpDataDir of @electric-sql/pglite' };
    const uploads = settings.s3Bucket ? [] : await copyUploads(uploadsDirOf(settings), join(staging, UPLOADS_FOLDER));
    const key = await findEncryptionKey(settings);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt,
      database: {
        kind,
        serverVersion: dumped.serverVersion,
        tool: dumped.tool,
        file: DATABASE_FILES[kind],
        ...(await sha256Of(databaseFile)),
        migration: await withTag(dumped.stats.migration),
        tables: dumped.stats.tables,
        sequences: dumped.stats.sequences,
      },
      uploads: { storage: settings.s3Bucket ? 's3' : 'local', files: uploads },
      encryptionKey: key ? { fingerprint: keyFingerprint(key) } : null,
    };
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });

    // Written inside the staging folder, then linked into place: `link` never replaces a file.
    const archive = join(staging, 'backup.tar');
    const entries = [MANIFEST_FILE, 'database', ...(uploads.length > 0 ? [UPLOADS_FOLDER] : [])];
    await pipeline(
      createTar({ cwd: staging, portable: true }, entries),
      createWriteStream(archive, { flags: 'wx', mode: 0o600 }),
    );
    await link(archive, outFile);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function withTag(migration: DatabaseStats['migration']): Promise<Manifest['database']['migration']> {
  return migration ? { ...migration, tag: await migrationTag(migration.createdAt) } : null;
}
