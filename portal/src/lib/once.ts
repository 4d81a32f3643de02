/**
 * `make()` on the first call, the same value after. For `Intl` objects: the first of a kind costs
 * milliseconds (the language's data is loaded; a date format with a time zone, display names), so
 * the formatters make each one when a text first needs it, not all of them when a component first
 * renders (ADR 034, fifth step: 80 ms of discovery's hydration on the shared machine).
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/**
 * `make(locale)` once per language, the same value after: a language's formatters are made when a
 * text first needs them, not by each component that formats (ADR 034, fifth step).
 */
export function perLocale<L extends string, T>(make: (locale: L) => T): (locale: L) => T {
  const made = new Map<L, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) {
      value = make(locale);
      made.set(locale, value);
    }
    return value;
  };
}
