import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createDb, type DatabaseHandle } from './client.ts';
import { migrate } from './migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server in `DATABASE_URL` (dropped again by `close()`).
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  let handle: DatabaseHandle;
  if (serverUrl) {
    const name = `kollab_test_${randomBytes(6).toString('hex')}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const inner = await createDb({ url: url.toString(), max: 4 });
    handle = {
      ...inner,
      close: async () => {
        await inner.close();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  } else {
    handle = await createDb({ memory: true });
  }
  if (options.migrated !== false) await migrate(handle);
  return handle;
}
