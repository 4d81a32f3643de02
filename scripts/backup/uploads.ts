/**
 * Uploaded files (profile pictures, campaign covers and their `.type` companions) under
 * `DATA_DIR/uploads`, as api/src/lib/storage.ts keeps them. Each is copied, then hashed from the
 * copy, so the sha256 in the manifest is of exactly the bytes in the backup.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, readdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { UploadEntry } from './manifest.ts';

const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

/** Size and sha256 of one file, read as a stream. */
export async function sha256Of(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Every file below `root` as a `/`-separated relative path, sorted; none when `root` does not exist. */
export async function listFiles(root: string): Promise<{ files: string[]; others: string[] }> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  const files: string[] = [];
  const others: string[] = [];
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    const path = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
    (entry.isFile() ? files : others).push(path);
  }
  return { files: files.sort(), others: others.sort() };
}

/** Copies every file of `from` into `to` (private modes) and returns each one's size and sha256. */
export async function copyUploads(from: string, to: string): Promise<UploadEntry[]> {
  const { files } = await listFiles(from);
  const entries: UploadEntry[] = [];
  for (const path of files) {
    const target = join(to, path);
    await mkdir(dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
    await copyFile(join(from, path), target);
    await chmod(target, PRIVATE_FILE_MODE);
    entries.push({ path, ...(await sha256Of(target)) });
  }
  return entries;
}

/** Differences between the files under `root` and `expected`, one line each; empty when they match. */
export async function uploadProblems(root: string, expected: UploadEntry[]): Promise<string[]> {
  const { files, others } = await listFiles(root);
  const present = new Set(files);
  const problems = others.map((path) => `upload ${path} is not a regular file`);
  for (const entry of expected) {
    if (!present.has(entry.path)) {
      problems.push(`upload ${entry.path} is missing`);
      continue;
    }
    present.delete(entry.path);
    const actual = await sha256Of(join(root, entry.path));
    if (actual.sha256 !== entry.sha256 || actual.bytes !== entry.bytes) {
      problems.push(`upload ${entry.path} has sha256 ${actual.sha256}, the manifest says ${entry.sha256}`);
    }
  }
  for (const path of present) problems.push(`upload ${path} is not in the manifest`);
  return problems;
}

/** Sets owner-only modes on everything below `root` (0700 folders, 0600 files), as data-dir.ts does. */
export async function makePrivate(root: string): Promise<void> {
  await chmod(root, PRIVATE_DIR_MODE);
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await chmod(path, PRIVATE_DIR_MODE);
    else if (entry.isFile()) await chmod(path, PRIVATE_FILE_MODE);
  }
}
