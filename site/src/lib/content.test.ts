import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { articlePath, legalPath, readingMinutes, relatedArticles } from './content.ts';
import { ArticleSchema, LegalSchema } from './content-schemas.ts';

const contentDir = join(import.meta.dirname, '../../../content');
const mdxFiles = (folder: string) =>
  readdirSync(join(contentDir, folder))
    .filter((name) => name.endsWith('.mdx'))
    .sort();

function frontmatter(path: string): unknown {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(readFileSync(path, 'utf8'));
  if (!match?.[1]) throw new Error(`${path} has no frontmatter`);
  return parse(match[1]);
}

describe('content files', () => {
  it('has the five articles in both languages under the same file names', () => {
    const names = [
      'authentic-ugc.mdx',
      'brand-collaborations.mdx',
      'influencer-marketing-trends-2024.mdx',
      'nano-and-micro-influencers.mdx',
      'real-time-data-campaigns.mdx',
    ];
    expect(mdxFiles('articles/sv')).toEqual(names);
    expect(mdxFiles('articles/en')).toEqual(names);
  });

  it('has every legal text in both languages under the same file names', () => {
    const names = ['data-deletion.mdx', 'privacy.mdx', 'terms.mdx'];
    expect(mdxFiles('legal/sv')).toEqual(names);
    expect(mdxFiles('legal/en')).toEqual(names);
  });

  it.each(['sv', 'en'].flatMap((locale) => mdxFiles(`articles/${locale}`).map((name) => `${locale}/${name}`)))(
    'article %s has valid frontmatter and no imports',
    (file) => {
      const path = join(contentDir, 'articles', file);
      expect(ArticleSchema.safeParse(frontmatter(path)).error?.issues ?? []).toEqual([]);
      expect(readFileSync(path, 'utf8')).not.toMatch(/^(import|export) /m);
    },
  );

  it.each(['sv', 'en'].flatMap((locale) => mdxFiles(`legal/${locale}`).map((name) => `${locale}/${name}`)))(
    'legal text %s has valid frontmatter and no imports',
    (file) => {
      const path = join(contentDir, 'legal', file);
      expect(LegalSchema.safeParse(frontmatter(path)).error?.issues ?? []).toEqual([]);
      expect(readFileSync(path, 'utf8')).not.toMatch(/^(import|export) /m);
    },
  );

  it('gives each translation pair the same version and effective date', () => {
    for (const name of mdxFiles('legal/sv')) {
      const sv = LegalSchema.parse(frontmatter(join(contentDir, 'legal/sv', name)));
      const en = LegalSchema.parse(frontmatter(join(contentDir, 'legal/en', name)));
      expect([en.version, en.effectiveDate]).toEqual([sv.version, sv.effectiveDate]);
    }
  });
});

const entry = (id: string, tags: string[], date: string, slug?: string) => ({
  id,
  data: { tags, date: new Date(date), ...(slug ? { slug } : {}) },
});

describe('content paths and helpers', () => {
  it('puts Swedish articles under /blogg/ with their slug and English ones under /en/blog/', () => {
    expect(articlePath(entry('sv/authentic-ugc', [], '2026-01-01', 'autentiskt-ugc'))).toBe('/blogg/autentiskt-ugc/');
    expect(articlePath(entry('en/authentic-ugc', [], '2026-01-01'))).toBe('/en/blog/authentic-ugc/');
  });

  it('puts legal texts at the root in Swedish and under /en/ in English', () => {
    expect(legalPath({ id: 'sv/privacy', data: { slug: 'integritetspolicy' } })).toBe('/integritetspolicy/');
    expect(legalPath({ id: 'en/data-deletion', data: {} })).toBe('/en/data-deletion/');
  });

  it('counts reading time at 200 words a minute, at least one minute', () => {
    expect(readingMinutes('## Rubrik\n\nett två tre')).toBe(1);
    expect(readingMinutes(Array(1000).fill('ord').join(' '))).toBe(5);
  });

  it('relates articles in the same language by shared tags, then date', () => {
    const current = entry('sv/a', ['UGC', 'trender'], '2026-01-01');
    const all = [
      current,
      entry('sv/b', ['ugc'], '2026-02-01'),
      entry('sv/c', ['ugc', 'Trender'], '2026-01-15'),
      entry('sv/d', [], '2026-03-01'),
      entry('en/c', ['UGC', 'trender'], '2026-03-01'),
    ];
    expect(relatedArticles(current, all, 3).map((article) => article.id)).toEqual(['sv/c', 'sv/b', 'sv/d']);
  });
});
