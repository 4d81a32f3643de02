import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';
import { lockPgliteDir, PgliteInUseError } from './pglite-lock.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kollab-lock-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A process that lives until killed, to hold a pid that is certainly alive and not ours. */
function sleeper(): { pid: number; stop(): void } {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  if (!child.pid) throw new Error('could not start a child process');
  return { pid: child.pid, stop: () => child.kill() };
}

describe('the PGlite folder lock', () => {
  it('refuses a second open while the first holds the folder, and allows it after close', async () => {
    const dir = join(root, 'twice');
    const first = await openPglite(dir);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(PgliteInUseError);
    expect(await readFile(`${dir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    await first.close();
    const second = await openPglite(dir);
    expect((await second.client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await second.close();
  });

  it('refuses while another live process holds the lock, naming that process', async () => {
    const dir = join(root, 'other');
    const other = sleeper();
    try {
      await writeFile(`${dir}.lock`, `${other.pid}\n`);
      const refusal = await lockPgliteDir(dir).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(PgliteInUseError);
      expect((refusal as Error).message).toContain(`open in process ${other.pid}`);
    } finally {
      other.stop();
    }
  });

  it('takes over a lock whose process is gone, and removes it on release', async () => {
    const dir = join(root, 'stale');
    const gone = sleeper();
    gone.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await writeFile(`${dir}.lock`, `${gone.pid}\n`);
    const release = await lockPgliteDir(dir);
    expect(await readFile(`${dir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    await release();
    await expect(readFile(`${dir}.lock`, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
