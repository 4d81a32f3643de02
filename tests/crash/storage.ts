import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { createDb, type DatabaseHandle, type DatabaseKind } from '@kollab/db';
import postgres from 'postgres';

/** Raw SQL against the database under test, the same on both kinds (numbers are cast in the SQL itself). */
export interface Inspector {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** A state of the database to inspect; `discard` removes any copy made for it. */
export interface Capture {
  open(): Promise<Inspector>;
  discard(): void;
}

export interface Storage {
  kind: DatabaseKind;
  /** The server's DATA_DIR (secrets, mail; the PGlite files in `pglite/` under it). */
  dataDir: string;
  /** Settings that point the server at this storage. */
  env: Record<string, string>;
  /** The app's own client, for set-up before the server first starts. */
  openForSetup(): Promise<DatabaseHandle>;
  /**
   * What the server left behind, to inspect while it runs again. PGlite is one process's files, so
   * this copies its directory (call it while the server is down, e.g. right after kill -9) and the
   * copy goes through the same recovery when opened; PostgreSQL is simply the live database.
   */
  capture(): Promise<Capture>;
  dispose(): Promise<void>;
}

/** PGlite with amcheck loaded, so the check can also look for damaged pages and indexes. */
async function openPglite(dir: string): Promise<Inspector> {
  const client = await PGlite.create({ dataDir: dir, extensions: { amcheck } });
  return {
    rows: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    close: () => client.close(),
  };
}

function openPostgres(url: string): Inspector {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  return {
    rows: async <T>(text: string, params?: unknown[]) =>
      (await sql.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[])) as unknown as T[],
    close: () => sql.end({ timeout: 5 }),
  };
}

/** Embedded PGlite in a fresh temporary DATA_DIR. */
export function pgliteStorage(): Storage {
  const dataDir = mkdtempSync(join(tmpdir(), 'kollab-crash-'));
  const pgliteDir = join(dataDir, 'pglite');
  let copies = 0;
  return {
    kind: 'pglite',
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    openForSetup: () => createDb({ pgliteDir }),
    capture: async () => {
      copies += 1;
      const copy = join(dataDir, `capture-${copies}`);
      cpSync(pgliteDir, copy, { recursive: true });
      return { open: () => openPglite(copy), discard: () => rmSync(copy, { recursive: true, force: true }) };
    },
    dispose: async () => {
      if (process.env.CRASH_KEEP) console.log(`  kept ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A throwaway database on the PostgreSQL server at `serverUrl`, or undefined when that server cannot
 * be reached (the PostgreSQL half of the test is then skipped, and says so).
 */
export async function postgresStorage(serverUrl: string): Promise<Storage | undefined> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await admin`select 1`;
  } catch {
    await admin.end({ timeout: 1 }).catch(() => {});
    return undefined;
  }
  const name = `kollab_crash_${Date.now()}_${process.pid}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kollab-crash-pg-'));
  return {
    kind: 'postgres',
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    openForSetup: () => createDb({ url: url.toString(), max: 2 }),
    capture: async () => ({ open: async () => openPostgres(url.toString()), discard: () => {} }),
    dispose: async () => {
      if (process.env.CRASH_KEEP) console.log(`  kept ${url}`);
      else await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
