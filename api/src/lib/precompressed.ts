import { stat } from 'node:fs/promises';
import { parseAccept } from 'hono/utils/accept';

/** The asset types the build writes `.br` and `.gz` copies of (scripts/precompress.ts). */
export const PRECOMPRESSED_TYPES = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.xml']);

export type Encoding = 'br' | 'gzip';

/**
 * The encodings a request accepts, best first, from its Accept-Encoding header (parsed by Hono, as
 * its compress middleware does): Brotli, then gzip, each unless refused with `q=0` (or not named,
 * when there is no `*`).
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const accepts = parseAccept(header);
  const weightOf = (name: string) =>
    accepts.find((accept) => accept.type.toLowerCase() === name)?.q ??
    accepts.find((accept) => accept.type === '*')?.q ??
    0;
  return (['br', 'gzip'] as const).filter((encoding) => weightOf(encoding) > 0);
}

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

type Copies = Partial<Record<Encoding, { path: string; size: number }>>;
/**
 * The copies found beside each hashed asset, by path and modification time: hashed assets never
 * change, so each is looked for once per build instead of on every request.
 */
const copiesOf = new Map<string, Promise<Copies>>();

async function findCopies(path: string): Promise<Copies> {
  const copies: Copies = {};
  for (const encoding of ['br', 'gzip'] as const) {
    const candidate = path + SUFFIX[encoding];
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) copies[encoding] = { path: candidate, size: info.size };
  }
  return copies;
}

/** The precompressed copy of a file to send for `header`, if the build wrote one the request accepts. */
export async function findPrecompressed(
  file: { path: string; mtimeMs: number },
  header: string | undefined,
): Promise<{ encoding: Encoding; path: string; size: number } | null> {
  const accepted = acceptedEncodings(header);
  if (accepted.length === 0) return null;
  const key = `${file.path}\0${file.mtimeMs}`;
  let copies = copiesOf.get(key);
  if (!copies) {
    copies = findCopies(file.path);
    copiesOf.set(key, copies);
  }
  const found = await copies;
  for (const encoding of accepted) {
    const copy = found[encoding];
    if (copy) return { encoding, ...copy };
  }
  return null;
}
