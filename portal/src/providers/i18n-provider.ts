import type { I18nProvider } from '@refinedev/core';
import type sv from './dictionary.sv';

export type Locale = 'sv' | 'en';
export type MessageKey = keyof typeof sv;
type Dictionary = Record<MessageKey, string>;

/** One chunk per language, so a page loads the texts of its own language only. */
const loaders: Record<Locale, () => Promise<{ default: Dictionary }>> = {
  sv: () => import('./dictionary.sv'),
  en: () => import('./dictionary.en'),
};
const dictionaries: Partial<Record<Locale, Dictionary>> = {};

/** Loads a language's texts (once); the app renders only after the first language's are in. */
export async function loadLocale(locale: Locale): Promise<void> {
  dictionaries[locale] ??= (await loaders[locale]()).default;
}

const COOKIE = 'locale';

/** True when the dictionaries have `key`, for keys built at run time (`validation.<code>`). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(dictionaries.sv ?? dictionaries.en ?? {}, key);
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
      const text = (dictionaries[current] as Record<string, string> | undefined)?.[key];
      return interpolate(text ?? defaultMessage ?? key, options);
    },
    changeLocale: async (locale) => {
      if (!isLocale(locale)) return;
      await loadLocale(locale);
      current = locale;
      storeLocale(locale);
      document.documentElement.lang = locale;
      onChange(locale);
    },
    getLocale: () => current,
    locale: () => current,
  };
}
