import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Campaign } from '@kollab/db/schema';

/** The smaller widths written beside an uploaded cover (1200 × 630), for `srcset`. */
export const UPLOAD_COVER_WIDTHS = [480, 800] as const;

/** Where an uploaded cover's copy at `width` is stored: `covers/<campaign>/<token>-<width>.webp`. */
export function coverVariantKey(key: string, width: number): string {
  return key.replace(/\.webp$/, `-${width}.webp`);
}

/**
 * A campaign's cover as `<img src srcset>`: a demo cover's static files, or the cover route with
 * the stored key as version (a new upload is a new URL) and `w` for the smaller copies.
 */
export function coverSources(campaign: Pick<Campaign, 'id' | 'coverKey'>): { src: string; srcSet: string } | null {
  const key = campaign.coverKey;
  if (!key) return null;
  if (isDemoCoverKey(key)) return demoCoverSources(key);
  const src = `/api/campaigns/${campaign.id}/cover?v=${encodeURIComponent(key)}`;
  return {
    src,
    srcSet: [...UPLOAD_COVER_WIDTHS.map((width) => `${src}&w=${width} ${width}w`), `${src} 1200w`].join(', '),
  };
}

/**
 * The demo campaigns' covers (ADR 040): WebP files drawn by `npm run covers:demo` and committed under
 * `api/assets/demo-covers/`, at three widths, with a hash of the drawing in each name. A campaign
 * points at one with a cover key `demo-covers/<slug>.<hash>`, which the storage never holds; the
 * API serves the files itself as immutable (`GET /api/demo-covers/{file}`).
 */
export const DEMO_COVERS_DIR = join(import.meta.dirname, '..', '..', '..', 'assets', 'demo-covers');

/** The widths drawn, smallest first; the portal's `srcset` offers each. */
export const DEMO_COVER_WIDTHS = [480, 800, 1200] as const;

const PREFIX = 'demo-covers/';

/** A demo cover's key, from `covers.json`: `demo-covers/<slug>.<hash>`, nothing else. */
const KEY = /^demo-covers\/[a-z0-9-]+\.[0-9a-f]{10}$/;

export function isDemoCoverKey(key: string): boolean {
  return KEY.test(key);
}

/** The image's URL at a middle width and the `srcset` of all widths. */
export function demoCoverSources(key: string): { src: string; srcSet: string } {
  const base = `/api/demo-covers/${key.slice(PREFIX.length)}`;
  return {
    src: `${base}-800.webp`,
    srcSet: DEMO_COVER_WIDTHS.map((width) => `${base}-${width}.webp ${width}w`).join(', '),
  };
}

/** Slug → cover key of each drawn cover, for the seed (`db/src/seed.ts`). */
export function readDemoCoverKeys(): Record<string, string> {
  const keys = JSON.parse(readFileSync(join(DEMO_COVERS_DIR, 'covers.json'), 'utf8')) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(keys).filter((entry): entry is [string, string] => {
      const value = entry[1];
      return typeof value === 'string' && isDemoCoverKey(value);
    }),
  );
}
