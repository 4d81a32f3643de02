import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { migrationsFolder } from '@kollab/db';
import { z } from 'zod';

/** Bumped when the layout of a backup changes; a restore reads only the formats it knows. */
export const BACKUP_FORMAT = 'kollab-backup/1';
export const MANIFEST_FILE = 'manifest.json';
export const UPLOADS_FOLDER = 'uploads';
/** The database inside the backup: PGlite's own tarball of its folder, or a pg_dump custom-format archive. */
export const DATABASE_FILES = { pglite: 'database/pglite.tar.gz', postgres: 'database/postgres.dump' } as const;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'expected a sha256 in hex');
const Count = z.number().int().nonnegative();
/** Plain SQL names only, so nothing in a manifest can smuggle SQL into the restore's checks. */
const SqlName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_$]{0,62}$/, 'expected a plain SQL name');
/** A path below uploads/: the storage keys' alphabet, no `..`, no leading slash. */
const UploadPath = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9/_.-]{0,250}$/, 'expected a relative path of letters, digits and / _ . -')
  .refine((path) => !path.split('/').includes('..'), 'must not contain ..');

const TableSchema = z.object({ schema: SqlName, name: SqlName, rows: Count, md5: z.string().regex(/^[0-9a-f]{32}$/) });
const SequenceSchema = z.object({
  schema: SqlName,
  name: SqlName,
  lastValue: z
    .string()
    .regex(/^-?\d{1,20}$/)
    .nullable(),
});
const MigrationSchema = z.object({ hash: Sha256, createdAt: z.string().regex(/^\d{1,20}$/) });

export const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** The server's `server_version`; with PGlite a restore needs the same major version. */
    serverVersion: z.string().max(200),
    /** The tool that wrote the file: `dumpDataDir` of @electric-sql/pglite, or `pg_dump <version>`. */
    tool: z.string().max(200),
    file: z.enum([DATABASE_FILES.pglite, DATABASE_FILES.postgres]),
    bytes: Count,
    sha256: Sha256,
    /** The last migration applied (drizzle.__drizzle_migrations) and its name in db/migrations. */
    migration: MigrationSchema.extend({ tag: z.string().max(200).nullable() }).nullable(),
    tables: z.array(TableSchema),
    sequences: z.array(SequenceSchema),
  }),
  uploads: z.object({
    /** `s3`: the uploads live in a bucket and are not in this backup. */
    storage: z.enum(['local', 's3']),
    files: z.array(z.object({ path: UploadPath, bytes: Count, sha256: Sha256 })),
  }),
  /** A one-way fingerprint of the key that encrypts personal numbers and payment details (never the key). */
  encryptionKey: z.object({ fingerprint: z.string().regex(/^[0-9a-f]{16}$/) }).nullable(),
});

export type Manifest = z.infer<typeof ManifestSchema>;
export type TableStats = z.infer<typeof TableSchema>;
export type UploadEntry = Manifest['uploads']['files'][number];

/** What collectStats reads from a database; the manifest's `database` adds where it came from. */
export interface DatabaseStats {
  tables: TableStats[];
  sequences: z.infer<typeof SequenceSchema>[];
  migration: z.infer<typeof MigrationSchema> | null;
}

/** Reasons a manifest is not valid, one line each; empty when it is. */
export function manifestProblems(value: unknown): string[] {
  const result = ManifestSchema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.') || '(manifest)'}: ${issue.message}`);
}

interface Journal {
  entries: { when: number; tag: string }[];
}

async function readJournal(): Promise<Journal> {
  return JSON.parse(await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** The name (e.g. `0013_reauth_and_payout_hold`) of the migration applied at `createdAt`, or null. */
export async function migrationTag(createdAt: string): Promise<string | null> {
  const journal = await readJournal();
  return journal.entries.find((entry) => String(entry.when) === createdAt)?.tag ?? null;
}

/** The newest migration this code knows, as drizzle records it (`when` of the journal's last entry). */
export async function newestKnownMigration(): Promise<string | null> {
  const journal = await readJournal();
  const newest = journal.entries.at(-1);
  return newest ? String(newest.when) : null;
}
