import type { Result } from './result.ts';

export type VideoPlatform = 'instagram' | 'tiktok';
export type VideoKind = 'post' | 'reel' | 'tv' | 'video' | 'short';

export type VideoLink = {
  /** Normalised https URL without query string, fragment or tracking parameters. */
  url: string;
  platform: VideoPlatform;
  kind: VideoKind;
  /** Instagram shortcode, TikTok video id (digits), or the code of an Instagram or TikTok short link. */
  id: string;
};

const MAX_LENGTH = 2048;

/** /p/<code>, /reel/<code>, /reels/<code>, /tv/<code>, optionally after /<username>/. */
const INSTAGRAM_PATH = /^\/(?:[A-Za-z0-9._]{1,30}\/)?(p|reels?|tv)\/([A-Za-z0-9_-]{5,40})\/?$/;
/**
 * The app's share links (late 2024 on): /share/<code>, /share/reel/<code>, /share/p/<code>. The code
 * is a redirect token, not the post's shortcode, so the link is kept as it is, like TikTok's.
 */
const INSTAGRAM_SHARE_PATH = /^\/share\/(?:(p|reel)\/)?([A-Za-z0-9_-]{5,40})\/?$/;
const TIKTOK_VIDEO_PATH = /^\/@([A-Za-z0-9._-]{1,32})\/video\/(\d{15,22})\/?$/;
const TIKTOK_SHORT_PATH = /^\/([A-Za-z0-9]{5,16})\/?$/;
const TIKTOK_T_PATH = /^\/t\/([A-Za-z0-9]{5,16})\/?$/;
/** Older apps' mobile share link: m.tiktok.com/v/<id>.html (the id is the video's). */
const TIKTOK_MOBILE_PATH = /^\/v\/(\d{15,22})(?:\.html)?$/;

const fail = (error: string): Result<VideoLink> => ({ ok: false, error });

/** Whether `host` is `domain` or one of its subdomains. */
function isUnder(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** Parses the input as an http(s) URL, assuming https when no scheme is given; null if it is not one. */
function toUrl(input: string): URL | null {
  let text = input;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):(?!\d)/.exec(text)?.[1]?.toLowerCase();
  let assumed = false;
  if (scheme === undefined) {
    text = `https://${text.replace(/^\/\//, '')}`;
    assumed = true;
  } else if (scheme !== 'http' && scheme !== 'https') {
    return null;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (assumed && !url.hostname.includes('.')) return null;
  return url;
}

function parseInstagram(host: string, path: string): Result<VideoLink> {
  if (host !== 'instagram.com' && host !== 'instagr.am') return fail('invalid_instagram_url');
  if (path.startsWith('/share/')) {
    // Not a user called "share": Instagram reserves the path.
    const share = INSTAGRAM_SHARE_PATH.exec(path);
    if (!share) return fail('invalid_instagram_url');
    const id = share[2] ?? '';
    const url = `https://www.instagram.com/share/${share[1] ? `${share[1]}/` : ''}${id}/`;
    return { ok: true, value: { url, platform: 'instagram', kind: 'short', id } };
  }
  const match = INSTAGRAM_PATH.exec(path);
  if (!match) return fail('invalid_instagram_url');
  const segment = match[1] ?? '';
  const id = match[2] ?? '';
  const kind = segment === 'p' ? 'post' : segment === 'tv' ? 'tv' : 'reel';
  const urlSegment = kind === 'post' ? 'p' : kind;
  return {
    ok: true,
    value: { url: `https://www.instagram.com/${urlSegment}/${id}/`, platform: 'instagram', kind, id },
  };
}

function parseTiktok(fullHost: string, host: string, path: string): Result<VideoLink> {
  if (fullHost === 'm.tiktok.com') {
    const id = TIKTOK_MOBILE_PATH.exec(path)?.[1];
    if (id !== undefined) {
      return { ok: true, value: { url: `https://m.tiktok.com/v/${id}.html`, platform: 'tiktok', kind: 'video', id } };
    }
  }
  if (host === 'vm.tiktok.com' || host === 'vt.tiktok.com') {
    const id = TIKTOK_SHORT_PATH.exec(path)?.[1];
    if (id === undefined) return fail('invalid_tiktok_url');
    return { ok: true, value: { url: `https://${host}/${id}/`, platform: 'tiktok', kind: 'short', id } };
  }
  if (host !== 'tiktok.com') return fail('invalid_tiktok_url');
  const shortId = TIKTOK_T_PATH.exec(path)?.[1];
  if (shortId !== undefined) {
    const url = `https://www.tiktok.com/t/${shortId}/`;
    return { ok: true, value: { url, platform: 'tiktok', kind: 'short', id: shortId } };
  }
  const match = TIKTOK_VIDEO_PATH.exec(path);
  if (!match) return fail('invalid_tiktok_url');
  const user = (match[1] ?? '').toLowerCase();
  const id = match[2] ?? '';
  return {
    ok: true,
    value: { url: `https://www.tiktok.com/@${user}/video/${id}`, platform: 'tiktok', kind: 'video', id },
  };
}

/**
 * Validates an Instagram (post, reel, tv, share link) or TikTok (video, short link) share URL and
 * normalises it.
 * Errors: 'invalid_url', 'invalid_instagram_url', 'invalid_tiktok_url', 'unsupported_platform'.
 */
export function parseVideoLink(input: string): Result<VideoLink> {
  const text = input.trim();
  if (text === '' || text.length > MAX_LENGTH || /\s/.test(text)) return fail('invalid_url');
  const url = toUrl(text);
  if (url === null) return fail('invalid_url');

  const host = url.hostname.replace(/\.$/, '');
  const isInstagram = isUnder(host, 'instagram.com') || isUnder(host, 'instagr.am');
  const isTiktok = isUnder(host, 'tiktok.com');
  if (!isInstagram && !isTiktok) return fail('unsupported_platform');

  const platformError = isInstagram ? 'invalid_instagram_url' : 'invalid_tiktok_url';
  if (url.port !== '' || url.username !== '' || url.password !== '') return fail(platformError);
  const bareHost = host.replace(/^(www|m)\./, '');
  return isInstagram ? parseInstagram(bareHost, url.pathname) : parseTiktok(host, bareHost, url.pathname);
}
