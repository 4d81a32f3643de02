/**
 * The embedded database: PGlite's own `dumpDataDir()` (a gzipped tarball of its folder) and
 * `loadDataDir` (unpacks one into an empty folder). Both open the folder through `openPglite`, which
 * holds its lock: a backup or restore is refused while a server has the database open, so the files
 * are never copied mid-write. Within the backup's process nothing else runs a query, and a
 * checkpoint first writes everything to the data files, so the tarball is one consistent state.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openPglite } from '@kollab/db';
import type { DatabaseStats } from './manifest.ts';
import { collectStats, type SqlRunner, verificationSql } from './stats.ts';

const runner = (tx: Transaction | PGlite): SqlRunner => ({
  rows: async <T>(text: string) => (await tx.query<T>(text)).rows,
});

async function serverVersion(client: PGlite): Promise<string> {
  const [row] = (await client.query<{ server_version: string }>('show server_version')).rows;
  return row?.server_version ?? 'unknown';
}

/** Writes the database in `pgliteDir` to `file` and returns what it holds. */
export async function dumpPglite(
  pgliteDir: string,
  file: string,
): Promise<{ stats: DatabaseStats; serverVersion: string }> {
  if (!existsSync(join(pgliteDir, 'PG_VERSION'))) {
    throw new Error(`There is no database in ${pgliteDir}; check DATA_DIR (and DATABASE_URL for PostgreSQL)`);
  }
  const { client, close } = await openPglite(pgliteDir);
  try {
    const stats = await client.transaction((tx) => collectStats(runner(tx)));
    await client.exec('checkpoint');
    const tarball = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
    return { stats, serverVersion: await serverVersion(client) };
  } finally {
    await close();
  }
}

/**
 * Unpacks the tarball `file` into the empty folder `pgliteDir`, then checks the database against
 * `expected` (verificationSql). The caller moves the folder into place only when this resolves.
 * @throws Error `backup verification failed: …` naming every difference
 */
export async function loadPglite(file: string, pgliteDir: string, expected: DatabaseStats): Promise<void> {
  const { client, close } = await openPglite(pgliteDir, { loadDataDir: new Blob([await readFile(file)]) });
  try {
    await client.transaction(async (tx) => {
      await tx.exec(verificationSql(expected));
    });
  } finally {
    await close();
  }
}
