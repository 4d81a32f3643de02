/**
 * Databases and data folders for the restore drill (restore.test.ts): a source with the demo data
 * and uploads made by the API's own code, empty targets, and what each holds, read independently
 * of the backup (its own connection, the stats query run fresh). PGlite in a temporary DATA_DIR by
 * default; throwaway PostgreSQL databases when DATABASE_URL is set (db/src/testing.ts).
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, createTestDatabase, type DatabaseHandle, migrate, openPglite, schema, seedDemo } from '@kollab/db';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { create as createTar, extract as extractTar } from 'tar';
import { parseEnv } from '../../api/src/env.ts';
import { createStorage } from '../../api/src/lib/storage.ts';
import { hashPassword } from '../../api/src/modules/auth/password.ts';
import type { DatabaseStats } from './manifest.ts';
import type { BackupSettings } from './settings.ts';
import { collectStats } from './stats.ts';
import { listFiles } from './uploads.ts';

export const onPostgres = Boolean(process.env.DATABASE_URL);

export interface Place {
  settings: BackupSettings;
  /** Drops the database and removes the data folder. */
  dispose(): Promise<void>;
}

/** An empty target: a fresh data folder, and on PostgreSQL a fresh database without tables. */
export async function emptyPlace(encryptionKey: string): Promise<Place> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kollab-drill-'));
  // The server keeps its key in DATA_DIR/secrets.json when ENCRYPTION_KEY is not set.
  await writeFile(
    join(dataDir, 'secrets.json'),
    JSON.stringify({ sessionSecret: randomBytes(32).toString('base64url'), encryptionKey }),
    { mode: 0o600 },
  );
  const database = onPostgres ? await createTestDatabase({ migrated: false }) : undefined;
  return {
    settings: { dataDir, ...(database?.url ? { databaseUrl: database.url } : {}) },
    dispose: async () => {
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the place's database through the app's client, runs `work`, closes it again. */
export async function withDatabase<T>(place: Place, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = place.settings.databaseUrl
    ? await createDb({ url: place.settings.databaseUrl, max: 1 })
    : await createDb({ pgliteDir: join(place.settings.dataDir, 'pglite') });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/**
 * The source of the drill: migrated, the demo data seeded, a profile picture for every demo user
 * and a cover for every campaign stored through the API's storage and named in the database.
 */
export async function seededPlace(encryptionKey: string): Promise<Place> {
  const place = await emptyPlace(encryptionKey);
  const storage = createStorage(parseEnv({ NODE_ENV: 'test', DATA_DIR: place.settings.dataDir }));
  await withDatabase(place, async (handle) => {
    await migrate(handle);
    await seedDemo(handle.db, { hashPassword });
    for (const user of await handle.db.select().from(schema.users)) {
      const key = `avatars/${user.id}/${randomBytes(5).toString('hex')}.webp`;
      await storage.put(key, randomBytes(2048 + Math.floor(Math.random() * 4096)), 'image/webp');
      await handle.db.update(schema.users).set({ avatarKey: key }).where(eq(schema.users.id, user.id));
    }
    for (const campaign of await handle.db.select().from(schema.campaigns)) {
      const key = `covers/${campaign.id}/${randomBytes(5).toString('hex')}.webp`;
      await storage.put(key, randomBytes(8192), 'image/webp');
      await handle.db.update(schema.campaigns).set({ coverKey: key }).where(eq(schema.campaigns.id, campaign.id));
    }
  });
  return place;
}

/** Every table's rows and checksum, every sequence and the last migration, read afresh. */
export async function statsOf(place: Place): Promise<DatabaseStats> {
  const url = place.settings.databaseUrl;
  if (url) {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      return await sql.begin((tx) => collectStats({ rows: (text) => tx.unsafe(text) }));
    } finally {
      await sql.end({ timeout: 5 });
    }
  }
  const { client, close } = await openPglite(join(place.settings.dataDir, 'pglite'));
  try {
    return await client.transaction((tx) =>
      collectStats({ rows: async (text) => (await tx.query(text)).rows as never }),
    );
  } finally {
    await close();
  }
}

/** The uploads under the place's DATA_DIR: path → bytes. */
export async function uploadsOf(place: Place): Promise<Map<string, Buffer>> {
  const root = join(place.settings.dataDir, 'uploads');
  const { files } = await listFiles(root);
  return new Map(await Promise.all(files.map(async (path) => [path, await readFile(join(root, path))] as const)));
}

/** A copy of `archive` changed by `change` (given the unpacked folder), in `folder`. */
export async function tampered(archive: string, folder: string, change: (unpacked: string) => Promise<void>) {
  const unpacked = await mkdtemp(join(folder, 'unpacked-'));
  await extractTar({ file: archive, cwd: unpacked });
  await change(unpacked);
  const out = `${unpacked}.tar`;
  const { files, others } = await listFiles(unpacked);
  await createTar({ file: out, cwd: unpacked, portable: true }, [...files, ...others]);
  await rm(unpacked, { recursive: true, force: true });
  return out;
}

/** Copies a file of one unpacked backup into another (e.g. the database of a later backup). */
export async function copyEntry(fromArchive: string, path: string, toUnpacked: string): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'kollab-entry-'));
  try {
    await extractTar({ file: fromArchive, cwd: scratch }, [path]);
    await cp(join(scratch, path), join(toUnpacked, path));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
