/**
 * What a backup promises about its database, computed in SQL so the same query gives the same
 * answer on PGlite and on PostgreSQL: every table's row count and a checksum of its rows, every
 * sequence's position, and the last migration applied. The restore runs `verificationSql` on the
 * restored database, inside the restore's own transaction on PostgreSQL, so a mismatch undoes it.
 */
import type { DatabaseStats } from './manifest.ts';

/** Raw SQL on either engine: PGlite's `query`, or postgres.js `unsafe` (inside a transaction). */
export interface SqlRunner {
  rows<T>(text: string): Promise<T[]>;
}

/**
 * Settings that fix how values are written as text (`t::text` is what is hashed), set for the
 * transaction only: timestamps in UTC and ISO, shortest exact floats, bytea in hex.
 */
export const TEXT_OUTPUT_SETTINGS = `
select set_config('TimeZone', 'UTC', true), set_config('DateStyle', 'ISO, YMD', true),
  set_config('IntervalStyle', 'postgres', true), set_config('extra_float_digits', '1', true),
  set_config('bytea_output', 'hex', true)`;

/**
 * Row count and checksum of one table (`format()` fills in schema and name). Each row is written
 * as text and hashed; the hashes are joined in their own byte order, so the result needs neither a
 * primary key nor the database's collation, and depends only on the rows.
 */
const TABLE_STATS = `select count(*)::text as rows, md5(coalesce(string_agg(h, '' order by h collate "C"), '')) as md5
  from (select md5(t::text) as h from %I.%I as t) as hashed`;

/** Every table outside the system schemas (the app's and drizzle's migration log). */
const LIST_TABLES = `select n.nspname::text as schema, c.relname::text as name
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname <> 'information_schema' and n.nspname !~ '^pg_'`;

/** Every sequence and where it stands (null before its first use). */
const LIST_SEQUENCES = `select schemaname::text as schema, sequencename::text as name, last_value::text as "lastValue"
  from pg_catalog.pg_sequences where schemaname <> 'information_schema' and schemaname !~ '^pg_'`;

/** Doubles double quotes: a safe identifier whatever the name (the same as `format('%I')`). */
function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

const byName = (a: { schema: string; name: string }, b: { schema: string; name: string }) =>
  `${a.schema}.${a.name}` < `${b.schema}.${b.name}` ? -1 : 1;

/** The stats of the database `sql` is connected to; run it inside the backup's snapshot. */
export async function collectStats(sql: SqlRunner): Promise<DatabaseStats> {
  await sql.rows(TEXT_OUTPUT_SETTINGS);
  const tables = (await sql.rows<{ schema: string; name: string }>(LIST_TABLES)).sort(byName);
  const withStats = [];
  for (const table of tables) {
    const query = TABLE_STATS.replace('%I.%I', `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`);
    const [stats] = await sql.rows<{ rows: string; md5: string }>(query);
    if (!stats) throw new Error(`No stats for ${table.schema}.${table.name}`);
    withStats.push({ ...table, rows: Number(stats.rows), md5: stats.md5 });
  }
  const sequences = (await sql.rows<{ schema: string; name: string; lastValue: string | null }>(LIST_SEQUENCES)).sort(
    byName,
  );
  const hasMigrations = withStats.some((table) => table.schema === 'drizzle' && table.name === '__drizzle_migrations');
  const [migration] = hasMigrations
    ? await sql.rows<{ hash: string; createdAt: string }>(
        `select hash, created_at::text as "createdAt" from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`,
      )
    : [];
  return { tables: withStats, sequences, migration: migration ?? null };
}

/**
 * SQL that raises `backup verification failed: …`, naming every difference, unless the database
 * holds exactly the tables in `expected` with their row counts and checksums, and every sequence at
 * least where it was (a sequence is not part of a snapshot: pg_dump may read it a little later).
 * `expected` has been checked against the manifest schema, and travels as a dollar-quoted JSON
 * literal under a tag that does not occur in it.
 */
export function verificationSql(expected: Pick<DatabaseStats, 'tables' | 'sequences'>): string {
  const json = JSON.stringify({ tables: expected.tables, sequences: expected.sequences });
  let tag = 'expected';
  while (json.includes(`$${tag}$`)) tag += '_';
  return `${TEXT_OUTPUT_SETTINGS};
select set_config('kollab.backup_expected', $${tag}$${json}$${tag}$, true);
do $verify$
declare
  expected jsonb := current_setting('kollab.backup_expected')::jsonb;
  item record;
  actual_rows bigint;
  actual_md5 text;
  actual_value numeric;
  problems text[] := '{}';
begin
  for item in select * from jsonb_to_recordset(expected->'tables') as x(schema text, name text, rows bigint, md5 text) loop
    if to_regclass(format('%I.%I', item.schema, item.name)) is null then
      problems := problems || format('table %s.%s is missing', item.schema, item.name);
      continue;
    end if;
    execute format(${quoteLiteral(TABLE_STATS)}, item.schema, item.name) into actual_rows, actual_md5;
    if actual_rows <> item.rows then
      problems := problems || format('table %s.%s has %s rows, the manifest says %s', item.schema, item.name, actual_rows, item.rows);
    elsif actual_md5 <> item.md5 then
      problems := problems || format('table %s.%s has checksum %s, the manifest says %s', item.schema, item.name, actual_md5, item.md5);
    end if;
  end loop;
  for item in ${LIST_TABLES} loop
    if not exists (select 1 from jsonb_to_recordset(expected->'tables') as x(schema text, name text)
                   where x.schema = item.schema and x.name = item.name) then
      problems := problems || format('table %s.%s is not in the manifest', item.schema, item.name);
    end if;
  end loop;
  for item in select * from jsonb_to_recordset(expected->'sequences') as x(schema text, name text, "lastValue" numeric) loop
    select s.last_value into actual_value from pg_catalog.pg_sequences s where s.schemaname = item.schema and s.sequencename = item.name;
    if not found then
      problems := problems || format('sequence %s.%s is missing', item.schema, item.name);
    elsif item."lastValue" is not null and (actual_value is null or actual_value < item."lastValue") then
      problems := problems || format('sequence %s.%s stands at %s, before %s in the manifest', item.schema, item.name, coalesce(actual_value::text, 'its start'), item."lastValue");
    end if;
  end loop;
  if cardinality(problems) > 0 then
    raise exception 'backup verification failed: %', array_to_string(problems, '; ');
  end if;
end
$verify$;
`;
}

/** A string literal (standard_conforming_strings is on in both engines and in pg_dump scripts). */
function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
