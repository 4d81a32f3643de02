/**
 * `npm run restore -- FILE [--force] [--ignore-key]`: restores a backup made by `npm run backup`
 * into the database the server's settings point at and DATA_DIR's uploads, after checking it
 * against its manifest. Stop the server first. Refuses a target that holds data unless --force;
 * any refusal leaves the target unchanged. See docs/decisions/020-backup-and-restore.md.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { plural, settingsFromEnv } from './backup/cli.ts';
import { restoreBackup } from './backup/restore.ts';

process.umask(0o077);
const usage = 'Usage: npm run restore -- FILE [--force] [--ignore-key]\n';
const options = { force: { type: 'boolean' }, 'ignore-key': { type: 'boolean' } } as const;

function parseCommandLine() {
  try {
    return parseArgs({ options, allowPositionals: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}`);
    process.exit(64);
  }
}

const parsed = parseCommandLine();
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) {
  process.stderr.write(usage);
  process.exit(64);
}
const settings = settingsFromEnv();
const started = performance.now();
try {
  const manifest = await restoreBackup(settings, resolve(file), {
    force: parsed.values.force ?? false,
    ignoreKey: parsed.values['ignore-key'] ?? false,
  });
  const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} into ${manifest.database.kind}: ${manifest.database.tables.length} tables (${rows} rows), ` +
      `their checksums and ${plural(manifest.uploads.files.length, 'upload')} match its manifest. Took ${((performance.now() - started) / 1000).toFixed(1)} s.\n`,
  );
} catch (error) {
  process.stderr.write(`Restore refused: ${(error as Error).message}\n`);
  process.exit(1);
}
