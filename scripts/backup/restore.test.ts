/**
 * The restore drill (issue 20 item 8), on PGlite or, with DATABASE_URL, on PostgreSQL: the demo data
 * and uploads are backed up, restored into a fresh database and data folder, and every table's rows
 * and checksum and every upload compared with the source; then tampered backups are refused with a
 * clear reason and leave the target exactly as it was.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite, PgliteInUseError, schema } from '@kollab/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from './create.ts';
import {
  copyEntry,
  emptyPlace,
  onPostgres,
  type Place,
  seededPlace,
  statsOf,
  tampered,
  uploadsOf,
  withDatabase,
} from './drill-support.ts';
import { type DatabaseStats, MANIFEST_FILE, type Manifest, newestKnownMigration } from './manifest.ts';
import { restoreBackup } from './restore.ts';
import { keyFingerprint } from './settings.ts';

const key = randomBytes(32).toString('hex');
const places: Place[] = [];
let work: string;
let source: Place;
let target: Place;
let archive: string;
let manifest: Manifest;
let sourceStats: DatabaseStats;
let sourceUploads: Map<string, Buffer>;

async function place(made: Promise<Place>): Promise<Place> {
  const ready = await made;
  places.push(ready);
  return ready;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'kollab-backups-'));
  source = await place(seededPlace(key));
  sourceStats = await statsOf(source);
  sourceUploads = await uploadsOf(source);
  archive = join(work, 'backup.tar');
  manifest = await createBackup(source.settings, archive);
  target = await place(emptyPlace(key));
  await restoreBackup(target.settings, archive);
}, 240_000);

afterAll(async () => {
  for (const made of places) await made.dispose();
  await rm(work, { recursive: true, force: true });
});

/** Runs `scripts/<file>` as `npm run` would, with `env` over this process's settings. */
function command(file: string, args: string[], env: Record<string, string>) {
  const entry = fileURLToPath(new URL(`../${file}`, import.meta.url));
  const child = spawn(process.execPath, [entry, ...args], { env: { ...process.env, ...env }, stdio: 'pipe' });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stderr })),
  );
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe(`backup and restore on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('writes one private file whose manifest describes the source exactly', async () => {
    expect(await modeOf(archive)).toBe(0o600);
    expect(manifest.database.kind).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(manifest.database.tables).toEqual(sourceStats.tables);
    expect(manifest.database.sequences).toEqual(sourceStats.sequences);
    expect(manifest.database.tables.find((table) => table.name === 'users')?.rows).toBe(3);
    expect(manifest.database.migration?.createdAt).toBe(await newestKnownMigration());
    expect(manifest.database.migration?.tag).toMatch(/^\d{4}_/);
    expect(manifest.uploads.files.map((file) => file.path)).toEqual([...sourceUploads.keys()]);
    for (const file of manifest.uploads.files) expect(file.sha256).toBe(sha256(sourceUploads.get(file.path) as Buffer));
    expect(manifest.encryptionKey).toEqual({ fingerprint: keyFingerprint(key) });
    expect(JSON.stringify(manifest)).not.toContain(key);
  });

  it('restores every table, checksum, sequence and upload into a fresh database and data folder', async () => {
    expect(sourceUploads.size).toBeGreaterThanOrEqual(6);
    expect(await statsOf(target)).toEqual(sourceStats);
    expect(await uploadsOf(target)).toEqual(sourceUploads);
    const uploads = join(target.settings.dataDir, 'uploads');
    expect(await modeOf(uploads)).toBe(0o700);
    for (const path of sourceUploads.keys()) expect(await modeOf(join(uploads, path))).toBe(0o600);
    if (!onPostgres) expect(await modeOf(join(target.settings.dataDir, 'pglite'))).toBe(0o700);
    expect((await readdir(target.settings.dataDir)).filter((name) => name.startsWith('.restore-'))).toEqual([]);
  });

  it('refuses a target that already holds data unless --force', async () => {
    await expect(restoreBackup(target.settings, archive)).rejects.toThrow(/target is not empty: .* Pass --force/);
    await restoreBackup(target.settings, archive, { force: true });
    expect(await statsOf(target)).toEqual(sourceStats);
  });

  it('as a command, says why it refuses and exits non-zero', async () => {
    const env = { DATA_DIR: target.settings.dataDir, DATABASE_URL: target.settings.databaseUrl ?? '' };
    const refused = await command('restore.ts', [archive], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Restore refused: The target is not empty: .* Pass --force to replace it\.$/m);
    const usage = await command('restore.ts', [], env);
    expect(usage.code).toBe(64);
    expect(usage.stderr).toContain('Usage: npm run restore -- FILE [--force] [--ignore-key]');
  });

  it('refuses a PGlite backup while a server has the database open', async () => {
    const dataDir = await mkdtemp(join(work, 'open-'));
    const server = await openPglite(join(dataDir, 'pglite'));
    try {
      await expect(createBackup({ dataDir }, join(work, 'while-open.tar'))).rejects.toBeInstanceOf(PgliteInUseError);
    } finally {
      await server.close();
    }
  });
});

describe('a tampered backup is refused with the reason, and the target is left as it was', () => {
  /** Restores `bad` over the drill's target with --force; the refusal must match and change nothing. */
  async function expectRefused(bad: string, reason: RegExp): Promise<void> {
    await expect(restoreBackup(target.settings, bad, { force: true })).rejects.toThrow(reason);
    expect(await statsOf(target)).toEqual(sourceStats);
    expect(await uploadsOf(target)).toEqual(sourceUploads);
    expect((await readdir(target.settings.dataDir)).filter((name) => name.startsWith('.restore-'))).toEqual([]);
  }

  const editManifest = (edit: (value: Manifest) => void) => async (unpacked: string) => {
    const path = join(unpacked, MANIFEST_FILE);
    const value = JSON.parse(await readFile(path, 'utf8')) as Manifest;
    edit(value);
    await writeFile(path, JSON.stringify(value));
  };

  it('a changed row, even when the database file matches the manifest’s file checksum', async () => {
    // A later backup of the source with one name changed, put in place of the first one's database.
    await withDatabase(source, (handle) =>
      handle.db.update(schema.users).set({ fullName: 'Mallory' }).where(eq(schema.users.role, 'creator')),
    );
    const later = join(work, 'later.tar');
    await createBackup(source.settings, later);
    const bad = await tampered(archive, work, async (unpacked) => {
      await copyEntry(later, manifest.database.file, unpacked);
      const replaced = await readFile(join(unpacked, manifest.database.file));
      await editManifest((value) => {
        value.database.sha256 = sha256(replaced);
        value.database.bytes = replaced.length;
      })(unpacked);
    });
    await expectRefused(
      bad,
      /does not match the manifest, so nothing was changed:\s+- table public\.users has checksum/,
    );
  }, 120_000);

  it('a changed byte in the database file', async () => {
    const bad = await tampered(archive, work, async (unpacked) => {
      const path = join(unpacked, manifest.database.file);
      const bytes = await readFile(path);
      const middle = Math.floor(bytes.length / 2);
      bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
      await writeFile(path, bytes);
    });
    await expectRefused(
      bad,
      /does not match its manifest:\s+- database\/\S+ has sha256 [0-9a-f]{64}, the manifest says/,
    );
  });

  it('a missing upload, and an upload the manifest does not name', async () => {
    const [missing] = sourceUploads.keys();
    const bad = await tampered(archive, work, async (unpacked) => {
      await unlink(join(unpacked, 'uploads', missing as string));
      await writeFile(join(unpacked, 'uploads', 'avatars', 'extra.webp'), 'not from the backup');
    });
    await expectRefused(
      bad,
      new RegExp(
        `upload ${missing?.replaceAll('.', '\\.')} is missing[\\s\\S]*upload avatars/extra\\.webp is not in the manifest`,
      ),
    );
  });

  it('a link in place of an upload', async () => {
    const [replaced] = sourceUploads.keys();
    const bad = await tampered(archive, work, async (unpacked) => {
      await unlink(join(unpacked, 'uploads', replaced as string));
      await symlink('/etc/hostname', join(unpacked, 'uploads', replaced as string));
    });
    await expectRefused(bad, /The backup holds more than files:\s+- uploads\/\S+ is a SymbolicLink, not a file/);
  });

  it('a manifest whose row count is wrong', async () => {
    const bad = await tampered(
      archive,
      work,
      editManifest((value) => {
        const users = value.database.tables.find((table) => table.name === 'users');
        if (users) users.rows += 1;
      }),
    );
    await expectRefused(
      bad,
      /does not match the manifest, so nothing was changed:\s+- table public\.users has 3 rows, the manifest says 4/,
    );
  }, 60_000);

  it('a manifest that is not valid (a table name that is SQL), or no manifest at all', async () => {
    const injected = await tampered(
      archive,
      work,
      editManifest((value) => {
        const first = value.database.tables[0];
        if (first) first.name = 'x; drop table users; --';
      }),
    );
    await expectRefused(injected, /manifest is not valid:\s+- database\.tables\.0\.name: expected a plain SQL name/);
    const without = await tampered(archive, work, (unpacked) => unlink(join(unpacked, MANIFEST_FILE)));
    await expectRefused(without, /The backup has no readable manifest\.json/);
  });

  it('a backup whose encryption key is not the one set here, or of the other kind of database', async () => {
    const elsewhere = await place(emptyPlace(randomBytes(32).toString('hex')));
    await expect(restoreBackup(elsewhere.settings, archive)).rejects.toThrow(
      new RegExp(
        `encrypted with the key whose fingerprint is ${keyFingerprint(key)}; the key set here is [0-9a-f]{16}`,
      ),
    );
    const otherKind = onPostgres
      ? { dataDir: elsewhere.settings.dataDir }
      : { ...elsewhere.settings, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' };
    await expect(restoreBackup(otherKind, archive)).rejects.toThrow(
      /This is a backup of \w+ and the settings point at/,
    );
    expect(await readdir(elsewhere.settings.dataDir)).toEqual(['secrets.json']);
  });
});
