import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { createDb, type DatabaseHandle, wrapPglite } from './client.ts';
import { migrate } from './migrate.ts';

/**
 * Where the test run's migrated template is (set by the suite's global setup,
 * api/test/support/database-template.ts): the PostgreSQL database to copy, and the PGlite data
 * directory as a `dumpDataDir()` tarball. Without them each test database is migrated from empty.
 */
const TEMPLATE_ENV = { postgres: 'KOLLAB_TEST_PG_TEMPLATE', pglite: 'KOLLAB_TEST_PGLITE_TEMPLATE' } as const;

/**
 * A new database on the server at `serverUrl` (a copy of `template` when given), open with a pool
 * of `max`; closing the handle drops it.
 */
async function serverDatabase(serverUrl: string, prefix: string, max: number, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const inner = await createDb({ url: url.toString(), max });
  const drop = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  return { name, inner, drop };
}

/**
 * Makes the run's template (for vitest's global setup): a database migrated from empty, then
 * `prepare`d (the job queue installs its schema), on the server in `DATABASE_URL` or as a PGlite
 * tarball; names it in this process's environment, which the test workers inherit. Answers the
 * cleanup that removes it.
 */
export async function prepareTestTemplate(
  prepare: (handle: DatabaseHandle) => Promise<void>,
): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    // A copy needs the template without connections: this one is closed before any test starts.
    const { name, inner, drop } = await serverDatabase(serverUrl, 'kollab_template', 2);
    await migrate(inner);
    await prepare(inner);
    await inner.close();
    process.env[TEMPLATE_ENV.postgres] = name;
    return drop;
  }
  const database = await createDb({ memory: true });
  await migrate(database);
  await prepare(database);
  const dump = await database.pglite?.dumpDataDir('none');
  await database.close();
  if (!dump) throw new Error('PGlite could not dump its data directory');
  const dir = await mkdtemp(join(tmpdir(), 'kollab-template-'));
  const file = join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_ENV.pglite] = file;
  return () => rm(dir, { recursive: true, force: true });
}

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server in `DATABASE_URL` (dropped again by `close()`). When the run
 * prepared a template, the database starts as its copy (migrations and the job queue's schema in
 * place: a copy takes under a second where migrating takes three), and migrating it changes nothing.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  const migrated = options.migrated !== false;
  let handle: DatabaseHandle;
  if (serverUrl) {
    const template = migrated ? process.env[TEMPLATE_ENV.postgres] : undefined;
    const { inner, drop } = await serverDatabase(serverUrl, 'kollab_test', 4, template);
    handle = {
      ...inner,
      close: async () => {
        await inner.close();
        await drop();
      },
    };
  } else {
    const templateFile = migrated ? process.env[TEMPLATE_ENV.pglite] : undefined;
    if (templateFile) {
      pgliteTemplate ??= readFile(templateFile).then((bytes) => new Blob([bytes]));
      const client = await PGlite.create({ loadDataDir: await pgliteTemplate });
      handle = wrapPglite(client, () => client.close());
    } else {
      handle = await createDb({ memory: true });
    }
  }
  if (migrated) await migrate(handle);
  return handle;
}
