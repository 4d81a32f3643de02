// Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside each hashed asset of the
// built site and portal, once per build, so the server sends them as they are (static-files.ts)
// instead of compressing every request at a lower level. Part of `npm run build`.
//
//   node scripts/precompress.ts [folder…]   (default: site/dist/_astro and portal/dist/assets)
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { PRECOMPRESSED_TYPES } from '../api/src/lib/precompressed.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const folders = process.argv.slice(2);
const targets = folders.length ? folders : [join(repoRoot, 'site/dist/_astro'), join(repoRoot, 'portal/dist/assets')];

/** Smaller files are not worth a second request header's worth of bytes. */
const MIN_BYTES = 1024;

async function compressFolder(folder: string): Promise<{ files: number; raw: number; br: number; gz: number }> {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  const exists = await stat(folder).catch(() => null);
  if (!exists?.isDirectory()) return totals;
  const names = (await readdir(folder, { recursive: true })).filter((name) =>
    PRECOMPRESSED_TYPES.has(extname(name).toLowerCase()),
  );
  // zlib's asynchronous calls run on libuv's thread pool: the files compress side by side.
  await Promise.all(
    names.map(async (name) => {
      const path = join(folder, name);
      const bytes = await readFile(path);
      if (bytes.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      totals.files += 1;
      totals.raw += bytes.length;
      totals.br += br.length;
      totals.gz += gz.length;
    }),
  );
  return totals;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
for (const folder of targets) {
  const { files, raw, br, gz } = await compressFolder(folder);
  console.log(
    `precompressed ${files} files in ${folder.replace(repoRoot, '')}: ${kb(raw)} → ${kb(br)} Brotli, ${kb(gz)} gzip`,
  );
}
