/**
 * `npm run backup [-- --out FILE]`: backs up the database the server's settings point at
 * (DATABASE_URL, or the PGlite in DATA_DIR) and the uploads into one tar file, by default
 * `backups/kollab-<kind>-<time>.tar`. With PGlite, stop the server first (the backup says so).
 * See the README ("Backup and restore") and docs/decisions/020-backup-and-restore.md.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { plural, settingsFromEnv } from './backup/cli.ts';
import { createBackup, defaultBackupName } from './backup/create.ts';

process.umask(0o077);

function parseCommandLine() {
  try {
    return parseArgs({ options: { out: { type: 'string' } } });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nUsage: npm run backup [-- --out FILE]\n`);
    process.exit(64);
  }
}

const { values } = parseCommandLine();
const settings = settingsFromEnv();
const out = resolve(values.out ?? join('backups', defaultBackupName(settings)));
const started = performance.now();
try {
  const manifest = await createBackup(settings, out);
  const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
  const uploads =
    manifest.uploads.storage === 's3'
      ? `uploads stay in the S3 bucket ${settings.s3Bucket}`
      : plural(manifest.uploads.files.length, 'upload');
  process.stdout.write(
    `Backed up ${manifest.database.kind} (${manifest.database.tables.length} tables, ${rows} rows, migration ${manifest.database.migration?.tag ?? 'none'}; ${uploads}) to\n  ${out}\nin ${((performance.now() - started) / 1000).toFixed(1)} s.\n`,
  );
} catch (error) {
  process.stderr.write(`Backup failed: ${(error as Error).message}\n`);
  process.exit(1);
}
