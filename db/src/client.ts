import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { DURABLE_START_PARAMS, DurableNodeFS } from './durable-nodefs.ts';
import { lockPgliteDir } from './pglite-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The drizzle instance every module receives; the same API on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** The connection URL when on PostgreSQL (another process or pool can open the same database). */
  url?: string;
  /** The embedded client when on PGlite, for libraries that speak to it themselves (the job queue). */
  pglite?: PGlite;
  /** Applies pending migrations from the folder with the driver's own migrator. */
  migrate(migrationsFolder: string): Promise<void>;
  /**
   * LISTEN on a channel; NOTIFYs from any connection (any API instance) reach `handler`. `onListen`
   * runs each time the LISTEN is (re)established: notifications sent while a dropped connection was
   * reconnecting are lost, so whoever keeps state from them starts afresh there.
   */
  listen(channel: string, handler: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
  /**
   * Opens every connection of the pool now (PostgreSQL; PGlite has one in-process connection) and
   * answers how many are open. The pool otherwise opens a connection only when a request finds every
   * open one busy: under load, the first requests of a new instance each waited for a connection to
   * be made (TCP, authentication, a backend started) as well as for their statements to be prepared
   * on it (ADR 036, "First-second tails"). Opened at start, the pool hands requests to its idle
   * connections in turn, so each connection prepares the hot statements within the first requests.
   */
  openPool(): Promise<number>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { url: string; max?: number }
  | { pgliteDir: string }
  /** In-memory PGlite, for tests. */
  | { memory: true };

/** Opens PostgreSQL through postgres.js when given a URL, otherwise an embedded PGlite. */
export async function createDb(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const max = options.max ?? 10;
    const client = postgres(options.url, {
      max,
      onnotice: () => {},
      connection: { application_name: 'kollab' },
    });
    const db = drizzlePostgres({ client, schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      url: options.url,
      migrate: (migrationsFolder) => migratePostgres(db, { migrationsFolder }),
      listen: async (channel, handler, onListen) => {
        const subscription = await client.listen(channel, handler, onListen);
        return () => subscription.unlisten();
      },
      // Each query finding no idle connection opens a closed one: `max` at once open them all.
      openPool: async () => {
        const backends = await Promise.all(
          Array.from({ length: max }, () => client<{ pid: number }[]>`select pg_backend_pid() as pid`),
        );
        return new Set(backends.map(([row]) => row?.pid)).size;
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const { client, close } =
    'pgliteDir' in options
      ? await openPglite(options.pgliteDir)
      : await PGlite.create().then((memory) => ({ client: memory, close: () => memory.close() }));
  return wrapPglite(client, close);
}

/** The handle over an open PGlite client; `close` is what closing the handle does. */
export function wrapPglite(client: PGlite, close: () => Promise<void>): DatabaseHandle {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    // One in-process database: LISTEN is never dropped, and NOTIFY arrives before the commit returns.
    listen: async (channel, handler, onListen) => {
      const unlisten = await client.listen(channel, handler);
      onListen?.();
      return unlisten;
    },
    openPool: async () => 1,
    close,
  };
}

/**
 * Opens the PGlite database in a folder (creating it, or unpacking `loadDataDir`, a tarball from
 * `dumpDataDir()`, into an empty one) for this process alone: it holds the folder's lock until
 * `close()` (see pglite-lock.ts). Backups use the raw client; everything else goes through createDb.
 * @throws PgliteInUseError when another live process has the folder open
 */
export async function openPglite(
  dir: string,
  options: { loadDataDir?: Blob } = {},
): Promise<{ client: PGlite; close(): Promise<void> }> {
  // Owner-only whatever the umask, like the files DurableNodeFS creates in it.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const unlock = await lockPgliteDir(dir);
  try {
    // Acknowledged commits are fsynced, so they survive an OS crash too (see durable-nodefs.ts).
    const client = await PGlite.create({
      fs: new DurableNodeFS(dir),
      startParams: DURABLE_START_PARAMS,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    return {
      client,
      close: async () => {
        try {
          await client.close();
        } finally {
          await unlock();
        }
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** Runs raw SQL and returns its rows on either driver (postgres.js returns an array, PGlite `{ rows }`). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  return [];
}
