import type { Result } from './result.ts';

export type SocialPlatform = 'instagram' | 'tiktok';

const HOSTS: Readonly<Record<SocialPlatform, string>> = { instagram: 'instagram.com', tiktok: 'tiktok.com' };

/** First path segments on instagram.com that are pages, not profiles. */
const INSTAGRAM_RESERVED = new Set(['p', 'reel', 'reels', 'explore', 'stories', 'accounts', 'direct', 'tv']);

function looksLikeUrl(input: string): boolean {
  return (
    /^https?:\/\//.test(input) || input.includes('/') || /^(www\.|m\.)?(instagram|tiktok)\.com([/?#]|$)/.test(input)
  );
}

/** Extracts the handle from a profile URL of the given platform, or null if it is not one. */
function handleFromUrl(platform: SocialPlatform, url: string): string | null {
  const withoutScheme = url.replace(/^https?:\/\//, '');
  const match = /^([^/?#]*)([^?#]*)/.exec(withoutScheme);
  const host = (match?.[1] ?? '').replace(/^(www|m)\./, '');
  if (host !== HOSTS[platform]) return null;
  const segment = (match?.[2] ?? '').split('/').find((part) => part !== '') ?? '';
  if (platform === 'tiktok') return segment.startsWith('@') ? segment.slice(1) : null;
  return INSTAGRAM_RESERVED.has(segment) ? null : segment;
}

function isValidHandle(platform: SocialPlatform, handle: string): boolean {
  if (platform === 'instagram') {
    return (
      /^[a-z0-9._]{1,30}$/.test(handle) && !handle.startsWith('.') && !handle.endsWith('.') && !handle.includes('..')
    );
  }
  return /^[a-z0-9._]{2,24}$/.test(handle) && !handle.endsWith('.');
}

/** Normalises an Instagram/TikTok handle, '@handle' or profile URL to the lowercase handle without '@'. */
export function parseSocialHandle(platform: SocialPlatform, input: string): Result<string> {
  const text = input.trim().toLowerCase();
  const handle = looksLikeUrl(text) ? handleFromUrl(platform, text) : text.replace(/^@/, '');
  if (handle === null || !isValidHandle(platform, handle)) return { ok: false, error: 'invalid_handle' };
  return { ok: true, value: handle };
}
