import { describe, expect, it } from 'vitest';
import { localeFromPath, localizePath, stripLocale } from './utils.ts';

describe('site i18n paths', () => {
  it.each([
    ['/', 'sv'],
    ['/blogg/', 'sv'],
    ['/en', 'en'],
    ['/en/', 'en'],
    ['/en/blog/', 'en'],
    ['/english/', 'sv'],
  ] as const)('reads the locale of %s as %s', (path, locale) => {
    expect(localeFromPath(path)).toBe(locale);
  });

  it('prefixes English paths and leaves Swedish ones at the root', () => {
    expect(localizePath('/', 'en')).toBe('/en/');
    expect(localizePath('/blog/', 'en')).toBe('/en/blog/');
    expect(localizePath('/', 'sv')).toBe('/');
    expect(localizePath('blogg/', 'sv')).toBe('/blogg/');
  });

  it('strips the English prefix', () => {
    expect(stripLocale('/en/')).toBe('/');
    expect(stripLocale('/en')).toBe('/');
    expect(stripLocale('/en/blog/')).toBe('/blog/');
    expect(stripLocale('/blogg/')).toBe('/blogg/');
  });
});
