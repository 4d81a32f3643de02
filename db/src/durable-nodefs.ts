import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** Group and other permission bits: the database's files are the server's alone (0600, folders 0700). */
const GROUP_AND_OTHER = 0o077;

interface NodeOps {
  mknod(parent: unknown, name: string, mode: number, dev: unknown): unknown;
  setattr(node: unknown, attr: { mode?: number | null }): unknown;
}

/**
 * PGlite's Node filesystem as Emscripten builds it has no `fsync`: PostgreSQL's sync calls return
 * success without reaching the disk, so a commit survives `kill -9` (it is in the page cache) but
 * not an OS crash or power loss. This gives the filesystem a real fsync. It patches Emscripten's
 * NODEFS stream operations, an internal of PGlite 0.5.x (pinned exactly in db/package.json);
 * tests/crash/crash-safety.ts checks acknowledged writes survive kills with it.
 *
 * Emscripten also sets each file's mode itself (0666 from its own layer, ignoring the process
 * umask), so files and folders are created and chmod-ed without group and other bits.
 */
export class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>) {
    const result = await super.init(...args);
    result.emscriptenOpts.preRun = [
      ...(result.emscriptenOpts.preRun ?? []),
      (mod) => {
        const ops = (mod.NODEFS as unknown as { stream_ops: Record<string, unknown> }).stream_ops;
        ops.fsync = (stream: { nfd: number }) => {
          fsyncSync(stream.nfd);
          return 0;
        };
        const nodeOps = (mod.NODEFS as unknown as { node_ops: NodeOps }).node_ops;
        const { mknod, setattr } = nodeOps;
        nodeOps.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~GROUP_AND_OTHER, dev);
        nodeOps.setattr = (node, attr) =>
          setattr(node, attr.mode == null ? attr : { ...attr, mode: attr.mode & ~GROUP_AND_OTHER });
      },
    ];
    return result;
  }
}

/**
 * PGlite starts PostgreSQL with fsync off (`-F`), and Emscripten's `fdatasync` is a stub, so WAL
 * flushes must use plain fsync to reach DurableNodeFS.
 */
export const DURABLE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];
