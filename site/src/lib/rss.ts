import type { Locale } from '../i18n/ui.ts';
import { ui } from '../i18n/ui.ts';
import { articlePath, byDateDesc, type EntryLike, entryLocale } from './content.ts';
import { ROUTES } from './routes.ts';

interface RssArticle {
  title: string;
  description: string;
  date: Date;
  author: string;
  tags: string[];
  slug?: string | undefined;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** An RSS 2.0 feed of one language's articles, newest first. */
export function rssFeed(locale: Locale, articles: EntryLike<RssArticle>[], site: URL): string {
  const items = articles
    .filter((article) => entryLocale(article) === locale)
    .sort(byDateDesc)
    .map((article) => {
      const link = new URL(articlePath(article), site).href;
      return [
        '<item>',
        `<title>${escapeXml(article.data.title)}</title>`,
        `<link>${link}</link>`,
        `<guid isPermaLink="true">${link}</guid>`,
        `<description>${escapeXml(article.data.description)}</description>`,
        `<pubDate>${article.data.date.toUTCString()}</pubDate>`,
        ...article.data.tags.map((tag) => `<category>${escapeXml(tag)}</category>`),
        '</item>',
      ].join('');
    });
  const self = new URL(ROUTES[locale].rss, site).href;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
    `<title>Kollab – ${escapeXml(ui[locale]['blog.title'])}</title>`,
    `<link>${new URL(ROUTES[locale].blog, site).href}</link>`,
    `<description>${escapeXml(ui[locale]['blog.description'])}</description>`,
    `<language>${locale === 'sv' ? 'sv-SE' : 'en-GB'}</language>`,
    `<atom:link href="${self}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel></rss>',
  ].join('\n');
}
