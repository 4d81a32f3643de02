import type { I18nProvider } from '@refinedev/core';
import type sv from './dictionary.sv';
import type areasSv from './dictionary-areas.sv';

export type Locale = 'sv' | 'en';
/** Every text's key: the base's and the areas' (both languages have the same: dictionary-parity.ts). */
export type MessageKey = keyof typeof sv | keyof typeof areasSv;
type Texts = Record<string, string>;

/**
 * A language's texts come in two chunks: the base (sign-in, the signed-in frame, the home, errors)
 * and the areas' (everything Refine's pages show). Sign-in and the home load the base only.
 */
type Part = 'base' | 'areas';
const loaders: Record<Locale, Record<Part, () => Promise<{ default: Texts }>>> = {
  sv: { base: () => import('./dictionary.sv'), areas: () => import('./dictionary-areas.sv') },
  en: { base: () => import('./dictionary.en'), areas: () => import('./dictionary-areas.en') },
};
/** Each language's loaded texts, merged; a part's keys are in only once the part has loaded. */
const dictionaries: Partial<Record<Locale, Texts>> = {};
const loading = new Map<string, Promise<void>>();
const parts = new Set<Part>(['base']);

function loadPart(locale: Locale, part: Part): Promise<void> {
  const id = `${locale}:${part}`;
  let promise = loading.get(id);
  if (!promise) {
    promise = loaders[locale][part]().then(({ default: texts }) => {
      dictionaries[locale] = { ...dictionaries[locale], ...texts };
    });
    promise.catch(() => loading.delete(id));
    loading.set(id, promise);
  }
  return promise;
}

/** Every language's texts, both parts, for the server's renders (entry-server.tsx). */
export async function loadAllTexts(): Promise<void> {
  parts.add('areas');
  await Promise.all((['sv', 'en'] as const).map((locale) => loadLocale(locale)));
}

/** Loads a language's texts (each part once): the base, and the areas' once any page needed them. */
export async function loadLocale(locale: Locale): Promise<void> {
  await Promise.all([...parts].map((part) => loadPart(locale, part)));
}

/**
 * Loads the areas' texts of every language in use; the pages that need them (all behind Refine)
 * render only after this, so `translate` stays synchronous and never shows a key.
 */
export async function loadAreaTexts(): Promise<void> {
  parts.add('areas');
  const inUse = (Object.keys(dictionaries) as Locale[]).filter(isLocale);
  await Promise.all((inUse.length > 0 ? inUse : [readInitialLocale()]).map((locale) => loadLocale(locale)));
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

/**
 * The texts' provider. `initial` is the language of a server render (entry-server.tsx), which has
 * no page to read it from and leaves the document alone.
 */
export function createI18nProvider(
  onChange: (locale: Locale) => void,
  initial?: Locale,
): I18nProvider & { locale(): Locale } {
  let current = initial ?? readInitialLocale();
  if (!initial) document.documentElement.lang = current;
  return {
    translate: (key, options, defaultMessage) => {
      const text = dictionaries[current]?.[key];
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
