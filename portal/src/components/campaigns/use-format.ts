import { useLocale } from '../../hooks/use-locale';
import { once, perLocale } from '../../lib/once';
import type { Locale } from '../../providers/i18n-provider';

export interface Format {
  /** Öre as SEK in the user's locale: `1 234,50 kr`, or `2 500 kr` for whole kronor. */
  money: (ore: number) => string;
  number: (value: number) => string;
  /** A number with one decimal (`4,5` in Swedish), e.g. a rating average. */
  decimal: (value: number) => string;
  /** A share between 0 and 1 as a whole percentage. */
  percent: (share: number) => string;
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
  dateRange: (startIso: string, endIso: string) => string;
  /** A country name for an ISO 3166 code (`SE` → Sverige). */
  country: (code: string) => string;
  list: (items: string[]) => string;
}

/** Intl formatters for the user's locale (Swedish conventions in Swedish, British in English). */
export function useFormat(): Format {
  return formatOf(useLocale());
}

/**
 * A language's formatters, made once (ten `Intl` objects: each component that formats made its
 * own as it first rendered, a measurable part of a page's hydration; ADR 034, fifth step).
 */
export const formatOf = perLocale((locale: Locale): Format => {
  const tag = locale === 'sv' ? 'sv-SE' : 'en-GB';
  const whole = once(
    () => new Intl.NumberFormat(tag, { style: 'currency', currency: 'SEK', maximumFractionDigits: 0 }),
  );
  const exact = once(
    () => new Intl.NumberFormat(tag, { style: 'currency', currency: 'SEK', minimumFractionDigits: 2 }),
  );
  const number = once(() => new Intl.NumberFormat(tag));
  const decimal = once(() => new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
  const percent = once(() => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 }));
  // Swedish time, not the runtime's: the server renders pages (ADR 034) and the browser must
  // arrive at the same text to take them over, whatever zone either is in.
  const date = once(() => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'Europe/Stockholm' }));
  const dateTime = once(
    () =>
      new Intl.DateTimeFormat(tag, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/Stockholm',
      }),
  );
  const regions = once(() => new Intl.DisplayNames([tag], { type: 'region' }));
  const list = once(() => new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' }));
  return {
    money: (ore) => (ore % 100 === 0 ? whole() : exact()).format(ore / 100),
    number: (value) => number().format(value),
    decimal: (value) => decimal().format(value),
    percent: (share) => percent().format(share),
    date: (iso) => date().format(new Date(iso)),
    dateTime: (iso) => dateTime().format(new Date(iso)),
    dateRange: (startIso, endIso) => date().formatRange(new Date(startIso), new Date(endIso)),
    country: (code) => {
      try {
        return regions().of(code) ?? code;
      } catch {
        return code;
      }
    },
    list: (items) => list().format(items),
  };
});
