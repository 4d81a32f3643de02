import type { I18nProvider } from '@refinedev/core';
import adminEn from '../locales/admin.en.json';
import adminSv from '../locales/admin.sv.json';
import billingEn from '../locales/billing.en.json';
import billingSv from '../locales/billing.sv.json';
import campaignsEn from '../locales/campaigns.en.json';
import campaignsSv from '../locales/campaigns.sv.json';
import chatEn from '../locales/chat.en.json';
import chatSv from '../locales/chat.sv.json';
import discoveryEn from '../locales/discovery.en.json';
import discoverySv from '../locales/discovery.sv.json';
import baseEn from '../locales/en.json';
import identityEn from '../locales/identity.en.json';
import identitySv from '../locales/identity.sv.json';
import jobsEn from '../locales/jobs.en.json';
import jobsSv from '../locales/jobs.sv.json';
import moneyEn from '../locales/money.en.json';
import moneySv from '../locales/money.sv.json';
import paymentsEn from '../locales/payments.en.json';
import paymentsSv from '../locales/payments.sv.json';
import payoutsEn from '../locales/payouts.en.json';
import payoutsSv from '../locales/payouts.sv.json';
import ratingsEn from '../locales/ratings.en.json';
import ratingsSv from '../locales/ratings.sv.json';
import resultsEn from '../locales/results.en.json';
import resultsSv from '../locales/results.sv.json';
import baseSv from '../locales/sv.json';
import taxEn from '../locales/tax.en.json';
import taxSv from '../locales/tax.sv.json';
import verificationEn from '../locales/verification.en.json';
import verificationSv from '../locales/verification.sv.json';

export type Locale = 'sv' | 'en';

// One dictionary per area (base, campaigns, money, chat, admin, discovery, billing, payments, identity, ratings, tax, jobs, results, verification), merged. Each sv/en pair must have
// exactly the same keys; these lines fail to compile otherwise.
const sv = {
  ...baseSv,
  ...campaignsSv,
  ...moneySv,
  ...chatSv,
  ...adminSv,
  ...discoverySv,
  ...billingSv,
  ...paymentsSv,
  ...identitySv,
  ...payoutsSv,
  ...ratingsSv,
  ...taxSv,
  ...jobsSv,
  ...resultsSv,
  ...verificationSv,
};
const en = {
  ...baseEn,
  ...campaignsEn,
  ...moneyEn,
  ...chatEn,
  ...adminEn,
  ...discoveryEn,
  ...paymentsEn,
  ...billingEn,
  ...identityEn,
  ...payoutsEn,
  ...ratingsEn,
  ...taxEn,
  ...jobsEn,
  ...resultsEn,
  ...verificationEn,
} satisfies Record<keyof typeof sv, string>;
export type MessageKey = keyof typeof sv;
const dictionaries: Record<Locale, Record<MessageKey, string>> = { sv, en } satisfies Record<
  Locale,
  Record<keyof typeof en, string>
>;

const COOKIE = 'locale';

/** True when the dictionaries have `key`, for keys built at run time (`validation.<code>`). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(dictionaries.sv, key);
}

export function isLocale(value: unknown): value is Locale {
  return value === 'sv' || value === 'en';
}

/** The locale from `?locale=` (links from the site), then the `locale` cookie, then Swedish. */
export function readInitialLocale(): Locale {
  const fromQuery = new URLSearchParams(window.location.search).get('locale');
  if (isLocale(fromQuery)) {
    storeLocale(fromQuery);
    return fromQuery;
  }
  const fromCookie = document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  return isLocale(fromCookie) ? fromCookie : 'sv';
}

function storeLocale(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec's `locale` cookie; the Cookie Store API is not in every browser yet.
  document.cookie = `${COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** Fills `{{name}}` placeholders from the options object. */
function interpolate(text: string, options: unknown): string {
  if (!options || typeof options !== 'object') return text;
  const values = options as Record<string, unknown>;
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

export function createI18nProvider(onChange: (locale: Locale) => void): I18nProvider & { locale(): Locale } {
  let current = readInitialLocale();
  document.documentElement.lang = current;
  return {
    translate: (key, options, defaultMessage) => {
      const text = (dictionaries[current] as Record<string, string>)[key];
      return interpolate(text ?? defaultMessage ?? key, options);
    },
    changeLocale: async (locale) => {
      if (!isLocale(locale)) return;
      current = locale;
      storeLocale(locale);
      document.documentElement.lang = locale;
      onChange(locale);
    },
    getLocale: () => current,
    locale: () => current,
  };
}
