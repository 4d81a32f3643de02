import { stat } from 'node:fs/promises';

/** The asset types the build writes `.br` and `.gz` copies of (scripts/precompress.ts). */
export const PRECOMPRESSED_TYPES = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.xml']);

export type Encoding = 'br' | 'gzip';

/**
 * The encodings a request accepts, best first, from its Accept-Encoding header: Brotli, then gzip,
 * each unless refused with `q=0` (or not named, when there is no `*`).
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((encoding) => weightOf(encoding) > 0);
}

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The precompressed copy of `path` to send for `header`, if the build wrote one the request accepts. */
export async function findPrecompressed(
  path: string,
  header: string | undefined,
): Promise<{ encoding: Encoding; path: string; size: number } | null> {
  for (const encoding of acceptedEncodings(header)) {
    const candidate = path + SUFFIX[encoding];
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return { encoding, path: candidate, size: info.size };
  }
  return null;
}
