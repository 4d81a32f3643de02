import type { I18nProvider } from '@refinedev/core';
import { createContext, type ReactNode, use, useMemo, useState } from 'react';
import { createI18nProvider, type Locale, readInitialLocale } from './i18n-provider';

interface I18nContextValue {
  locale: Locale;
  translate: (key: string, options?: Record<string, string | number>) => string;
  changeLocale: (locale: Locale) => void;
  /** The same dictionaries as Refine's i18n provider, handed to `<Refine>` in the lazy shell. */
  provider: I18nProvider;
}

const I18nContext = createContext<I18nContextValue | undefined>(undefined);

/**
 * Translations without Refine, so the sign-in page does not have to load it; the protected part
 * of the app gets the same provider through `<Refine i18nProvider>`.
 */
export function I18nRoot({ children, serverLocale }: { children: ReactNode; serverLocale?: Locale }) {
  const [locale, setLocale] = useState<Locale>(() => serverLocale ?? readInitialLocale());
  const provider = useMemo(() => createI18nProvider(setLocale, serverLocale), [serverLocale]);
  const value = useMemo(
    () => ({
      locale,
      provider,
      translate: provider.translate,
      changeLocale: (next: Locale) => void provider.changeLocale(next),
    }),
    [locale, provider],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18nContextValue {
  const value = use(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nRoot>');
  return value;
}
