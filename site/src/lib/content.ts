import type { Locale } from '../i18n/ui.ts';

/** The parts of a collection entry these helpers need (ids are `<locale>/<file-name>`). */
export interface EntryLike<Data> {
  id: string;
  data: Data;
}

interface Sluggable {
  slug?: string | undefined;
}

export function entryLocale(entry: EntryLike<unknown>): Locale {
  return entry.id.startsWith('en/') ? 'en' : 'sv';
}

/** The file name without locale or extension; the same for both languages of a pair. */
export function entryFileName(entry: EntryLike<unknown>): string {
  return entry.id.slice(entry.id.indexOf('/') + 1);
}

/** The URL segment: the frontmatter `slug` when set, otherwise the file name. */
export function entrySlug(entry: EntryLike<Sluggable>): string {
  return entry.data.slug ?? entryFileName(entry);
}

/** `/blogg/<slug>/` in Swedish, `/en/blog/<slug>/` in English. */
export function articlePath(entry: EntryLike<Sluggable>): string {
  return entryLocale(entry) === 'sv' ? `/blogg/${entrySlug(entry)}/` : `/en/blog/${entrySlug(entry)}/`;
}

/** `/<slug>/` in Swedish, `/en/<slug>/` in English. */
export function legalPath(entry: EntryLike<Sluggable>): string {
  return entryLocale(entry) === 'sv' ? `/${entrySlug(entry)}/` : `/en/${entrySlug(entry)}/`;
}

/** Paths of an entry and its translation, keyed by locale, for hreflang and the language switch. */
export function alternatesOf<Data extends Sluggable>(
  entry: EntryLike<Data>,
  all: EntryLike<Data>[],
  pathOf: (entry: EntryLike<Data>) => string,
): Record<Locale, string> {
  const fileName = entryFileName(entry);
  const find = (locale: Locale) => all.find((other) => other.id === `${locale}/${fileName}`);
  const sv = find('sv');
  const en = find('en');
  if (!sv || !en) throw new Error(`${entry.id} has no translation (expected sv/${fileName} and en/${fileName})`);
  return { sv: pathOf(sv), en: pathOf(en) };
}

/** Minutes to read at 200 words a minute, at least 1. Markdown syntax is not counted. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[#>*_`[\]()|-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}

/** Newest first. */
export function byDateDesc<Data extends { date: Date }>(a: EntryLike<Data>, b: EntryLike<Data>): number {
  return b.data.date.getTime() - a.data.date.getTime();
}

/** Other articles in the same language, most shared tags first, then newest. */
export function relatedArticles<Data extends { date: Date; tags: string[] }>(
  entry: EntryLike<Data>,
  all: EntryLike<Data>[],
  count = 3,
): EntryLike<Data>[] {
  const tags = new Set(entry.data.tags.map((tag) => tag.toLowerCase()));
  const shared = (other: EntryLike<Data>) => other.data.tags.filter((tag) => tags.has(tag.toLowerCase())).length;
  return all
    .filter((other) => other.id !== entry.id && entryLocale(other) === entryLocale(entry))
    .sort((a, b) => shared(b) - shared(a) || byDateDesc(a, b))
    .slice(0, count);
}

/** A date as the page's language writes it: "22 september 2026" / "22 September 2026". */
export function formatDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
