import { defaultLocale, type Locale, type UiKey, ui } from './ui.ts';

/** The locale a URL path belongs to: `/en/...` is English, everything else Swedish. */
export function localeFromPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : defaultLocale;
}

/** A translate function bound to one locale. */
export function translator(locale: Locale): (key: UiKey) => string {
  return (key) => ui[locale][key];
}

/** Prefixes a site path for a locale: `localizePath('/blog/', 'en')` → `/en/blog/`. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return locale === defaultLocale ? clean : `/${locale}${clean === '/' ? '/' : clean}`;
}

/** The same page's path without its locale prefix. */
export function stripLocale(pathname: string): string {
  if (pathname === '/en') return '/';
  return pathname.startsWith('/en/') ? pathname.slice(3) : pathname;
}
