import { createTestDatabase, type DatabaseHandle } from '@kollab/db';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseStats } from './manifest.ts';
import { collectStats, type SqlRunner, verificationSql } from './stats.ts';

/**
 * The stats a backup's manifest promises, on a small database of its own (PGlite, or PostgreSQL
 * with DATABASE_URL): what they cover, what changes them and what must not, and the check a
 * restore runs against them.
 */
let handle: DatabaseHandle | undefined;
/** Runs `work` in one transaction, with raw SQL that may hold several statements. */
let inTransaction: <T>(work: (sql: SqlRunner & { run(text: string): Promise<void> }) => Promise<T>) => Promise<T>;
let close: () => Promise<void>;

const EMPTY_MD5 = 'd41d8cd98f00b204e9800998ecf8427e';

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    handle = await createTestDatabase({ migrated: false });
    const sql = postgres(handle.url as string, { max: 1, onnotice: () => {} });
    inTransaction = (work) =>
      sql.begin((tx) =>
        work({ rows: (text) => tx.unsafe(text), run: async (text) => void (await tx.unsafe(text).simple()) }),
      ) as never;
    close = () => sql.end({ timeout: 5 });
  } else {
    // In memory: the same engine as a PGlite folder, without the disk.
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create();
    inTransaction = (work) =>
      client.transaction((tx) =>
        work({
          rows: async (text) => (await tx.query(text)).rows as never,
          run: async (text) => void (await tx.exec(text)),
        }),
      );
    close = () => client.close();
  }
  await inTransaction((sql) =>
    sql.run(`
      create schema shop;
      create table shop.items (id int primary key, name text, price numeric, at timestamptz, tags text[], data jsonb);
      create table shop.log (line text);
      create table shop.empty (id int);
      create sequence shop.counter;
      select nextval('shop.counter'), nextval('shop.counter');`),
  );
}, 60_000);

afterAll(async () => {
  await close();
  await handle?.close();
});

const ROWS = [
  `(1, 'Anna', 12.50, '2026-11-24 10:00:00+01', '{a,b}', '{"k": [1, 2]}')`,
  `(2, 'Bo', 0.1, '2026-01-01 00:00:00+00', '{}', null)`,
  `(3, null, 1e-7, null, null, '{"z": "å"}')`,
];

async function writeRows(order: string[]): Promise<void> {
  await inTransaction((sql) =>
    sql.run(`delete from shop.items; delete from shop.log;
      insert into shop.items values ${order.join(', ')};
      insert into shop.log values ${order.map((_, index) => `('line ${index % 2}')`).join(', ')};`),
  );
}

const statsNow = (before = '') =>
  inTransaction(async (sql) => {
    if (before) await sql.run(before);
    return collectStats(sql);
  });

const table = (stats: DatabaseStats, name: string) => stats.tables.find((entry) => entry.name === name);

describe('database stats', () => {
  it('cover every table outside the system schemas, with or without a primary key, and every sequence', async () => {
    await writeRows(ROWS);
    const stats = await statsNow();
    expect(stats.tables.map((entry) => `${entry.schema}.${entry.name}`)).toEqual([
      'shop.empty',
      'shop.items',
      'shop.log',
    ]);
    expect(table(stats, 'items')?.rows).toBe(3);
    expect(table(stats, 'log')?.rows).toBe(3);
    expect(table(stats, 'empty')).toEqual({ schema: 'shop', name: 'empty', rows: 0, md5: EMPTY_MD5 });
    expect(stats.sequences).toEqual([{ schema: 'shop', name: 'counter', lastValue: '2' }]);
    expect(stats.migration).toBeNull();
  });

  it('do not depend on the order rows were written in or on the session’s time zone and formats', async () => {
    await writeRows(ROWS);
    const first = await statsNow();
    await writeRows([...ROWS].reverse());
    const second = await statsNow(
      `set local timezone = 'America/New_York'; set local datestyle = 'SQL, DMY'; set local extra_float_digits = 3`,
    );
    expect(second).toEqual(first);
  });

  it('change when any value of a row changes, and only for that table', async () => {
    await writeRows(ROWS);
    const before = await statsNow();
    await inTransaction((sql) => sql.run(`update shop.items set data = '{"k": [1, 3]}' where id = 1`));
    const after = await statsNow();
    expect(table(after, 'items')?.rows).toBe(3);
    expect(table(after, 'items')?.md5).not.toBe(table(before, 'items')?.md5);
    expect(table(after, 'log')).toEqual(table(before, 'log'));
  });
});

describe('the restore’s check (verificationSql)', () => {
  it('passes on a database that matches', async () => {
    await writeRows(ROWS);
    const stats = await statsNow();
    await expect(inTransaction((sql) => sql.run(verificationSql(stats)))).resolves.toBeUndefined();
  });

  it('names every difference at once: rows, checksum, a missing or an extra table, a sequence behind', async () => {
    await writeRows(ROWS);
    const stats = await statsNow();
    const expected: DatabaseStats = {
      ...stats,
      tables: [
        ...stats.tables
          .filter((entry) => entry.name !== 'empty')
          .map((entry) =>
            entry.name === 'items'
              ? { ...entry, rows: 4 }
              : entry.name === 'log'
                ? { ...entry, md5: EMPTY_MD5 }
                : entry,
          ),
        { schema: 'shop', name: 'gone', rows: 0, md5: EMPTY_MD5 },
      ],
      sequences: [{ schema: 'shop', name: 'counter', lastValue: '5' }],
    };
    const failure = await inTransaction((sql) => sql.run(verificationSql(expected))).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toMatch(/^backup verification failed: /);
    expect(message).toContain('table shop.items has 3 rows, the manifest says 4');
    expect(message).toContain(
      `table shop.log has checksum ${table(stats, 'log')?.md5}, the manifest says ${EMPTY_MD5}`,
    );
    expect(message).toContain('table shop.gone is missing');
    expect(message).toContain('table shop.empty is not in the manifest');
    expect(message).toContain('sequence shop.counter stands at 2, before 5 in the manifest');
  });

  it('reads names that contain its own quoting tag', async () => {
    await inTransaction((sql) => sql.run('create table shop.t$expected$ (id int)'));
    const stats = await statsNow();
    expect(verificationSql(stats)).toContain('$expected_$');
    await expect(inTransaction((sql) => sql.run(verificationSql(stats)))).resolves.toBeUndefined();
    await inTransaction((sql) => sql.run('drop table shop.t$expected$'));
  });
});
