/**
 * Pure readers of what users paste and what the provider sends, kept apart from the components so
 * they can be tested on their own.
 */
import type { DictionaryOption, Post } from './types';

export type DictionaryKind = 'locations' | 'languages' | 'interests' | 'brands' | 'users';

interface RawEntry {
  id?: number | string;
  code?: string;
  name?: string;
  title?: string;
  userId?: string;
  username?: string;
  handle?: string;
  fullname?: string;
  picture?: string;
  profile_picture?: string;
  followers?: number;
}

/** The provider's dictionary body (`{ locations: [...] }`, `{ users: [...] }`) as options. */
export function dictionaryOptions(
  kind: DictionaryKind,
  body: unknown,
  languageName: (code: string, fallback?: string) => string,
): DictionaryOption[] {
  const list = body && typeof body === 'object' ? (body as Record<string, unknown>)[kind] : undefined;
  if (!Array.isArray(list)) return [];
  return (list as RawEntry[]).flatMap((entry): DictionaryOption[] => {
    if (kind === 'users') {
      const handle = entry.username ?? entry.handle;
      if (!handle) return [];
      return [
        {
          id: handle,
          name: entry.fullname ? `${handle} (${entry.fullname})` : handle,
          picture: entry.picture ?? entry.profile_picture,
          followers: entry.followers,
        },
      ];
    }
    if (kind === 'languages') {
      return entry.code ? [{ id: entry.code, name: languageName(entry.code, entry.name) }] : [];
    }
    if (entry.id === undefined || entry.id === null) return [];
    return [{ id: String(entry.id), name: entry.title ?? entry.name ?? String(entry.id) }];
  });
}

export interface RawMedia {
  pk?: string | number;
  id?: string;
  code?: string;
  product_type?: string;
  taken_at?: number;
  caption?: { text?: string } | null;
  like_count?: number;
  comment_count?: number;
  play_count?: number | null;
  view_count?: number | null;
}

export interface RawFeedPage {
  items?: RawMedia[];
  user_feed?: { items?: RawMedia[] };
  more_available?: boolean;
  end_cursor?: string;
}

/** An Instagram post from the Raw API as the report's post card shows it (likes -1 = hidden). */
export function rawPost(media: RawMedia): Post | null {
  if (!media.code) return null;
  const path = media.product_type === 'clips' ? 'reel' : 'p';
  return {
    id: String(media.pk ?? media.id ?? media.code),
    text: media.caption?.text ?? '',
    url: `https://www.instagram.com/${path}/${media.code}/`,
    ...(media.taken_at ? { created: new Date(media.taken_at * 1000).toISOString() } : {}),
    ...(media.like_count !== undefined && media.like_count >= 0 ? { likes: media.like_count } : {}),
    ...(media.comment_count !== undefined ? { comments: media.comment_count } : {}),
    ...((media.play_count ?? media.view_count) ? { views: media.play_count ?? media.view_count ?? 0 } : {}),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Addresses pasted one per line or separated by commas, semicolons or spaces; duplicates once. */
export function parseEmails(text: string): { valid: string[]; invalid: string[] } {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim().replace(/^<|>$/g, ''))
    .filter(Boolean);
  const valid = [...new Set(parts.filter((part) => EMAIL.test(part)).map((part) => part.toLowerCase()))];
  const invalid = [...new Set(parts.filter((part) => !EMAIL.test(part)))];
  return { valid, invalid };
}
