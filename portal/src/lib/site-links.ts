import type { Locale } from '../providers/i18n-provider';

/** Pages of the marketing site (site/), Swedish at the root and English under /en/. */
export const SITE_LINKS: Record<'home' | 'privacy', Record<Locale, string>> = {
  home: { sv: '/', en: '/en/' },
  privacy: { sv: '/integritetspolicy/', en: '/en/privacy/' },
};
