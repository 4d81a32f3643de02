/**
 * Stand-in only: bios set by hand for the sample accounts, so an account can be "edited" the way
 * its owner would edit the real one — the Raw API's user-info then answers the new bio. Kollab's
 * account verification (a one-time code in the bio, ADR 032) is tested and demonstrated this way.
 * The real provider has nothing like it; the store lives in one sample provider app's memory, is
 * reached only through `PUT /_sample/{platform}/accounts/{handle}/bio` on the stand-in's own
 * loopback port, and is never part of the API (ADR 014).
 */
import { z } from 'zod';
import { findProfile, type SampleDataset } from './dataset.ts';
import { notFound, ProviderError } from './errors.ts';
import type { RawPlatform } from './raw-common.ts';

/** The platforms whose bio can be set: the two with a Raw user-info that carries one. */
export const BIO_PLATFORMS = ['instagram', 'tiktok'] as const;
export type BioPlatform = (typeof BIO_PLATFORMS)[number];

/** Instagram and TikTok cap a bio at 150 and 80 characters; the stand-in allows a little more. */
export const BioBodySchema = z.object({ biography: z.string().max(500).nullable() }).strict();

/** The bios set by hand in one app, by platform and lowercase handle; null restores the generated one. */
export class BioOverrides {
  readonly #bios = new Map<string, string>();

  set(dataset: SampleDataset, platform: BioPlatform, handle: string, biography: string | null) {
    const profile = findProfile(dataset, platform, handle);
    if (!profile || profile.isPrivate) throw notFound(handle);
    const key = `${platform}:${profile.username.toLowerCase()}`;
    if (biography === null) this.#bios.delete(key);
    else this.#bios.set(key, biography);
    return { platform, handle: profile.username, biography: biography ?? profile.bio };
  }

  /** A Raw answer with the bio set by hand, when there is one; other answers are returned as they are. */
  apply(rawPlatform: RawPlatform, endpoint: string, answer: unknown): unknown {
    if (endpoint !== 'user-info' || this.#bios.size === 0) return answer;
    if (rawPlatform === 'ig') {
      const user = answer as { username: string; biography?: string | null };
      const bio = this.#bios.get(`instagram:${user.username.toLowerCase()}`);
      return bio === undefined ? answer : { ...user, biography: bio };
    }
    if (rawPlatform === 'tiktok') {
      const wrapped = answer as { user_info: { userInfo: { user: { uniqueId: string }; stats: unknown } } };
      const { user, stats } = wrapped.user_info.userInfo;
      const bio = this.#bios.get(`tiktok:${user.uniqueId.toLowerCase()}`);
      return bio === undefined ? answer : { user_info: { userInfo: { user: { ...user, signature: bio }, stats } } };
    }
    return answer;
  }
}

export function bioPlatformOf(value: string): BioPlatform {
  if ((BIO_PLATFORMS as readonly string[]).includes(value)) return value as BioPlatform;
  throw new ProviderError(404, 'entity_not_found', `Bios can be set on ${BIO_PLATFORMS.join(' and ')} only.`);
}
