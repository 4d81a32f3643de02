import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { loadSecrets } from './secrets.ts';

const folders: string[] = [];
async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kollab-secrets-'));
  folders.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('loadSecrets', () => {
  it('generates secrets once into DATA_DIR (mode 0600) and reuses them', async () => {
    const dir = await dataDir();
    const env = parseEnv({ DATA_DIR: dir });
    const first = await loadSecrets(env);
    const second = await loadSecrets(env);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
    expect((await stat(join(dir, 'secrets.json'))).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['secrets.json']);
  });

  it('instances starting together agree on one set of secrets and leave no temporary files', async () => {
    const dir = await dataDir();
    const env = parseEnv({ DATA_DIR: dir });
    const loaded = await Promise.all(Array.from({ length: 8 }, () => loadSecrets(env)));
    expect(new Set(loaded.map((secrets) => secrets.sessionSecret)).size).toBe(1);
    expect(await readdir(dir)).toEqual(['secrets.json']);
  });

  it('refuses a damaged file instead of replacing it', async () => {
    const dir = await dataDir();
    await writeFile(join(dir, 'secrets.json'), '');
    await expect(loadSecrets(parseEnv({ DATA_DIR: dir }))).rejects.toThrow(/unreadable or malformed/);
  });
});
