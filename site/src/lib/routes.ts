import type { Locale } from '../i18n/ui.ts';

/**
 * Fixed site paths per locale. The API links to the confirm/unsubscribe pages from its mails
 * (api/src/modules/subscribers/subscribers.mail.ts, deletion-requests.mail.ts): keep them in step.
 */
export const ROUTES = {
  sv: {
    home: '/',
    blog: '/blogg/',
    rss: '/rss.xml',
    subscribe: '/prenumerera/',
    subscribeThanks: '/prenumerera/tack/',
    subscribeConfirm: '/prenumerera/bekrafta/',
    unsubscribe: '/avsluta-prenumeration/',
    deletionConfirm: '/radera-uppgifter/bekrafta/',
  },
  en: {
    home: '/en/',
    blog: '/en/blog/',
    rss: '/en/rss.xml',
    subscribe: '/en/subscribe/',
    subscribeThanks: '/en/subscribe/thank-you/',
    subscribeConfirm: '/en/subscribe/confirm/',
    unsubscribe: '/en/unsubscribe/',
    deletionConfirm: '/en/data-deletion/confirm/',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type RouteName = keyof (typeof ROUTES)['sv'];

/** The same fixed page in both languages, for hreflang and the language switch. */
export function routeAlternates(name: RouteName): Record<Locale, string> {
  return { sv: ROUTES.sv[name], en: ROUTES.en[name] };
}

/** Portal sign-up (and sign-in) for a locale. */
export function portalPath(page: 'register' | 'login', locale: Locale): string {
  return `/app/${page}?locale=${locale}`;
}
