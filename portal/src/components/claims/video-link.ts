/**
 * The API's video-link rules (api/src/lib/video-link.ts), repeated so the form can check a link as
 * it is typed; the API has the final word. Instagram posts, reels and tv; TikTok videos and short
 * links (vm., vt., /t/).
 */

export type VideoLinkError = 'invalid_url' | 'invalid_instagram_url' | 'invalid_tiktok_url' | 'unsupported_platform';

export interface VideoLink {
  /** Normalised https URL without query string or fragment. */
  url: string;
  platform: 'instagram' | 'tiktok';
  kind: 'post' | 'reel' | 'tv' | 'video' | 'short';
}

export type VideoLinkResult = { ok: true; value: VideoLink } | { ok: false; error: VideoLinkError };

const MAX_LENGTH = 2048;
const INSTAGRAM_PATH = /^\/(?:[A-Za-z0-9._]{1,30}\/)?(p|reels?|tv)\/([A-Za-z0-9_-]{5,40})\/?$/;
const TIKTOK_VIDEO_PATH = /^\/@([A-Za-z0-9._-]{1,32})\/video\/(\d{15,22})\/?$/;
const TIKTOK_SHORT_PATH = /^\/([A-Za-z0-9]{5,16})\/?$/;
const TIKTOK_T_PATH = /^\/t\/([A-Za-z0-9]{5,16})\/?$/;

const fail = (error: VideoLinkError): VideoLinkResult => ({ ok: false, error });

function isUnder(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The input as an http(s) URL, assuming https when no scheme is given; null if it is not one. */
function toUrl(input: string): URL | null {
  let text = input;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):(?!\d)/.exec(text)?.[1]?.toLowerCase();
  const isAssumed = scheme === undefined;
  if (isAssumed) text = `https://${text.replace(/^\/\//, '')}`;
  else if (scheme !== 'http' && scheme !== 'https') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (isAssumed && !url.hostname.includes('.')) return null;
  return url;
}

function parseInstagram(host: string, path: string): VideoLinkResult {
  const match = host === 'instagram.com' || host === 'instagr.am' ? INSTAGRAM_PATH.exec(path) : null;
  if (!match) return fail('invalid_instagram_url');
  const segment = match[1] ?? '';
  const kind = segment === 'p' ? 'post' : segment === 'tv' ? 'tv' : 'reel';
  const url = `https://www.instagram.com/${kind === 'post' ? 'p' : kind}/${match[2] ?? ''}/`;
  return { ok: true, value: { url, platform: 'instagram', kind } };
}

function parseTiktok(host: string, path: string): VideoLinkResult {
  if (host === 'vm.tiktok.com' || host === 'vt.tiktok.com') {
    const id = TIKTOK_SHORT_PATH.exec(path)?.[1];
    if (id === undefined) return fail('invalid_tiktok_url');
    return { ok: true, value: { url: `https://${host}/${id}/`, platform: 'tiktok', kind: 'short' } };
  }
  if (host !== 'tiktok.com') return fail('invalid_tiktok_url');
  const shortId = TIKTOK_T_PATH.exec(path)?.[1];
  if (shortId !== undefined) {
    return { ok: true, value: { url: `https://www.tiktok.com/t/${shortId}/`, platform: 'tiktok', kind: 'short' } };
  }
  const match = TIKTOK_VIDEO_PATH.exec(path);
  if (!match) return fail('invalid_tiktok_url');
  const url = `https://www.tiktok.com/@${(match[1] ?? '').toLowerCase()}/video/${match[2] ?? ''}`;
  return { ok: true, value: { url, platform: 'tiktok', kind: 'video' } };
}

/** Checks an Instagram or TikTok share link and normalises it, as the API does. */
export function parseVideoLink(input: string): VideoLinkResult {
  const text = input.trim();
  if (text === '' || text.length > MAX_LENGTH || /\s/.test(text)) return fail('invalid_url');
  const url = toUrl(text);
  if (url === null) return fail('invalid_url');
  const host = url.hostname.replace(/\.$/, '');
  const isInstagram = isUnder(host, 'instagram.com') || isUnder(host, 'instagr.am');
  const isTiktok = isUnder(host, 'tiktok.com');
  if (!isInstagram && !isTiktok) return fail('unsupported_platform');
  if (url.port !== '' || url.username !== '' || url.password !== '') {
    return fail(isInstagram ? 'invalid_instagram_url' : 'invalid_tiktok_url');
  }
  const bareHost = host.replace(/^(www|m)\./, '');
  return isInstagram ? parseInstagram(bareHost, url.pathname) : parseTiktok(bareHost, url.pathname);
}
