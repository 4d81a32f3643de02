import { readFile, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';

/** Folders this process holds, so a second open in the same process is refused as well. */
const heldHere = new Set<string>();

/** Another live process (or this one) has the embedded database open. */
export class PgliteInUseError extends Error {
  override name = 'PgliteInUseError';
  readonly dir: string;
  readonly pid: number;
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is open in process ${pid} (a running server?). ` +
        'Stop that process first; PGlite must never be opened by two processes at once.',
    );
    this.dir = dir;
    this.pid = pid;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of a PGlite folder: the file `<dir>.lock` beside it, holding this process's id.
 * PGlite writes a `postmaster.pid` with a fixed fake pid and never checks it, so without this a
 * second process (a backup, a seed, a second server) would open the same files and corrupt them.
 * A lock left by a process that is gone (kill -9, power loss) is taken over. Resolves to the
 * function that releases the lock.
 * @throws PgliteInUseError when a live process holds it
 */
export async function lockPgliteDir(dir: string): Promise<() => Promise<void>> {
  const folder = resolve(dir);
  const path = `${folder}.lock`;
  if (heldHere.has(folder)) throw new PgliteInUseError(folder, process.pid);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await writeFile(path, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      heldHere.add(folder);
      return async () => {
        heldHere.delete(folder);
        const holder = await readFile(path, 'utf8').catch(() => '');
        if (Number.parseInt(holder, 10) === process.pid) await rm(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
    // Our own pid in a lock we do not hold is a previous run's (containers reuse small pids).
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new PgliteInUseError(folder, holder);
    }
    await rm(path, { force: true });
  }
  throw new Error(`Could not take the lock ${path}; another process keeps taking it`);
}
