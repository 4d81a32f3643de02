/**
 * The Raw API (CONTRACT.md §9, spec §7): platform-native payloads generated from the synthetic
 * profiles and their on-demand posts. Instagram answers in Instagram's private-API style
 * (snake_case, `pk`, `taken_at`), TikTok in TikTok web style (camelCase, `uniqueId`,
 * `stats.playCount`), YouTube in YouTube Data API style (`snippet`, `statistics`, counts as strings,
 * `nextPageToken`) since no YouTube raw payload is public.
 *
 * Paging: every list answers an opaque cursor (`end_cursor`, `cursor` or `nextPageToken`) that is sent
 * back as `after` (TikTok also takes `cursor`). Page sizes: IG feeds 12, IG comments 20, TikTok feeds
 * 30, TikTok comments 20, YouTube uploads 30, playlists 100, YouTube comments 20.
 * A missing parameter answers 400 `bad_request`; an unknown account or post 404.
 *
 * One file per platform (raw-instagram.ts, raw-tiktok.ts, raw-youtube.ts); raw-common.ts holds
 * what they share.
 */
import type { RawHandler, RawPlatform } from './raw-common.ts';
import { IG_RAW } from './raw-instagram.ts';
import { TIKTOK_RAW } from './raw-tiktok.ts';
import { YOUTUBE_RAW } from './raw-youtube.ts';

export { encodeCursor, RAW_PLATFORMS, type RawPlatform } from './raw-common.ts';

export const RAW_HANDLERS: Record<RawPlatform, Record<string, RawHandler>> = {
  ig: IG_RAW,
  tiktok: TIKTOK_RAW,
  youtube: YOUTUBE_RAW,
};
