import { describe, expect, it } from 'vitest';
import { ArticleSchema, LegalSchema } from './content-schemas.ts';

const article = {
  title: 'Därför fungerar nano- och mikroinfluencers',
  description: 'Nano- och mikroinfluencers har mindre publik men ofta mer förtroende och engagemang.',
  date: new Date('2026-09-08'),
  author: 'Kollab-redaktionen',
  cover: '/blog/nano-and-micro-influencers.svg',
  coverAlt: 'Abstrakt illustration',
  tags: ['influencers'],
  slug: 'nano-och-mikroinfluencers',
};

const legal = {
  title: 'Integritetspolicy',
  description: 'Så behandlar Kollab dina personuppgifter: vilka uppgifter vi samlar in och varför.',
  version: '1.0',
  effectiveDate: '2026-11-01',
};

function failedPaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.path.join('.')) ?? []);
}

describe('article frontmatter', () => {
  it('accepts a complete article and reads the date', () => {
    const parsed = ArticleSchema.parse({ ...article, date: '2026-09-08' });
    expect(parsed.date).toEqual(new Date('2026-09-08T00:00:00Z'));
  });

  it.each(['title', 'date', 'description'] as const)('rejects an article without %s', (field) => {
    const { [field]: _omitted, ...rest } = article;
    expect(failedPaths(ArticleSchema.safeParse(rest))).toEqual([field]);
  });

  it.each([
    ['an empty title', { title: '' }, 'title'],
    ['a date that is not one', { date: 'soon' }, 'date'],
    ['a cover outside /blog/', { cover: 'https://example.com/x.svg' }, 'cover'],
    ['a slug with capitals', { slug: 'Nano' }, 'slug'],
    ['no tags', { tags: [] }, 'tags'],
  ])('rejects %s', (_case, change, path) => {
    expect(failedPaths(ArticleSchema.safeParse({ ...article, ...change }))).toEqual([path]);
  });
});

describe('legal frontmatter', () => {
  it('accepts a complete legal text', () => {
    expect(LegalSchema.parse(legal).effectiveDate).toEqual(new Date('2026-11-01T00:00:00Z'));
  });

  it.each(['title', 'description', 'version', 'effectiveDate'] as const)('rejects a legal text without %s', (field) => {
    const { [field]: _omitted, ...rest } = legal;
    expect(failedPaths(LegalSchema.safeParse(rest))).toEqual([field]);
  });
});
