/**
 * PostgreSQL: pg_dump's custom format out, pg_restore (turned into SQL) through psql back in.
 *
 * Backup: one repeatable-read transaction exports its snapshot; the manifest's counts and checksums
 * are read in it and pg_dump dumps that same snapshot (`--snapshot`), so the two agree even while
 * the server keeps writing. Restore: psql runs the optional wipe, the whole dump and the manifest
 * check (verificationSql) as one transaction; any error or mismatch rolls all of it back.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import postgres from 'postgres';
import type { DatabaseStats } from './manifest.ts';
import { collectStats, verificationSql } from './stats.ts';

/** The URL for libpq tools without its password, which goes in the environment (not in `ps`). */
function libpq(url: string): { target: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { target: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

interface Finished {
  code: number | null;
  stderr: string;
}

/** Resolves when `child` exits, with its stderr; rejects with a clear message when it is not installed. */
function finished(child: ChildProcess, tool: string): Promise<Finished> {
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${tool} was not found: install the PostgreSQL client tools (the server's version or newer)`)
          : error,
      ),
    );
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/** The major version of a client tool (`pg_dump (PostgreSQL) 15.20 (Debian …)` gives 15). */
async function toolVersion(tool: string): Promise<{ major: number; text: string }> {
  const child = spawn(tool, ['--version'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  await finished(child, tool);
  const match = /\(PostgreSQL\)\s+(\d+)(\.\d+)?/.exec(stdout);
  if (!match) throw new Error(`Could not read the version of ${tool} from "${stdout.trim()}"`);
  return { major: Number(match[1]), text: `${tool} ${match[1]}${match[2] ?? ''}` };
}

/** A tool older than the server cannot read its catalogs; say so before starting. */
async function requireToolFor(tool: string, serverMajor: number): Promise<string> {
  const version = await toolVersion(tool);
  if (version.major < serverMajor) {
    throw new Error(
      `${version.text} is older than the PostgreSQL ${serverMajor} server; install the client tools of version ${serverMajor} or newer`,
    );
  }
  return version.text;
}

/** Writes the database at `url` to `file` (pg_dump custom format) and returns what it holds. */
export async function dumpPostgres(
  url: string,
  file: string,
): Promise<{ stats: DatabaseStats; serverVersion: string; tool: string }> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await sql.begin('isolation level repeatable read read only', async (tx) => {
      const [exported] = await tx.unsafe<{ snapshot: string; version: string; versionNumber: string }[]>(
        `select pg_export_snapshot() as snapshot, current_setting('server_version') as version,
           current_setting('server_version_num') as "versionNumber"`,
      );
      if (!exported) throw new Error('Could not export a snapshot');
      const { snapshot, version, versionNumber } = exported;
      const tool = await requireToolFor('pg_dump', Math.floor(Number(versionNumber) / 10_000));
      const stats = await collectStats({ rows: (text) => tx.unsafe(text) });
      const { target, env } = libpq(url);
      const dump = spawn(
        'pg_dump',
        ['--format=custom', `--snapshot=${snapshot}`, '--no-sync', '--file', file, '--dbname', target],
        { env, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      const result = await finished(dump, 'pg_dump');
      if (result.code !== 0) throw new Error(`pg_dump failed (exit ${result.code}): ${result.stderr.trim()}`);
      await chmod(file, 0o600);
      return { stats, serverVersion: version, tool };
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Tables outside the system schemas, and those schemas; a restore writes only into a database without tables. */
export async function describePostgres(url: string): Promise<{ tables: number; schemas: string[] }> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const schemas = await sql<{ name: string }[]>`
      select nspname::text as name from pg_catalog.pg_namespace
      where nspname <> 'information_schema' and nspname !~ '^pg_' order by 1`;
    const [counted] = await sql<{ tables: number }[]>`
      select count(*)::int as tables from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname <> 'information_schema' and n.nspname !~ '^pg_'`;
    return { tables: counted?.tables ?? 0, schemas: schemas.map((row) => row.name) };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Restores `file` into the database at `url` in one transaction, checked against `expected` before
 * it commits. `replace` first drops every schema in it (`--force`), in the same transaction.
 * `workDir` is a private folder for the two small SQL files that frame the dump.
 * @throws Error naming what went wrong; the database is then exactly as it was
 */
export async function restorePostgres(
  url: string,
  file: string,
  expected: DatabaseStats,
  options: { replace: boolean; workDir: string },
): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  let serverMajor: number;
  try {
    const [row] = await sql<{ version: string }[]>`select current_setting('server_version_num') as version`;
    serverMajor = Math.floor(Number(row?.version) / 10_000);
  } finally {
    await sql.end({ timeout: 5 });
  }
  await requireToolFor('pg_restore', serverMajor);
  await requireToolFor('psql', serverMajor);
  const { schemas } = options.replace ? await describePostgres(url) : { schemas: [] };
  const wipe = join(options.workDir, 'wipe.sql');
  const verify = join(options.workDir, 'verify.sql');
  await writeFile(
    wipe,
    `${schemas.map((schema) => `drop schema ${quoteIdentifier(schema)} cascade;`).join('\n')}
create schema if not exists public;\n`,
    { mode: 0o600 },
  );
  await writeFile(verify, verificationSql(expected), { mode: 0o600 });

  // The whole script first, so nothing reaches the database unless pg_restore read all of the dump.
  // Owners and grants are the old server's; the restoring user owns everything it creates.
  const script = join(options.workDir, 'restore.sql');
  const read = await finished(
    spawn('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--file=${script}`, file], {
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
    'pg_restore',
  );
  if (read.code !== 0) throw new Error(`pg_restore could not read the dump (exit ${read.code}): ${read.stderr.trim()}`);
  const { target, env } = libpq(url);
  const written = await finished(
    spawn(
      'psql',
      ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--single-transaction'].concat([
        '--file',
        wipe,
        '--file',
        script,
        '--file',
        verify,
        '--dbname',
        target,
      ]),
      { env, stdio: ['ignore', 'ignore', 'pipe'] },
    ),
    'psql',
  );
  if (written.code !== 0) throw new Error(/ERROR:\s+(.*)/.exec(written.stderr)?.[1] ?? written.stderr.trim());
}
