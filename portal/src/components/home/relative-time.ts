import { useMemo } from 'react';
import { useLocale } from '../../hooks/use-locale';
import { useNow } from '../../hooks/use-now';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * "in 3 days" / "om 3 dagar": how far away a time is, in the largest whole unit, in the user's
 * language, from the page's clock (hooks/use-now.ts: the same on the server and at hydration).
 */
export function useRelativeTime(): (iso: string, now?: number) => string {
  const locale = useLocale();
  const clock = useNow();
  return useMemo(() => {
    const format = new Intl.RelativeTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', { numeric: 'auto' });
    return (iso, now = clock) => {
      const ms = Date.parse(iso) - now;
      for (const [unit, size] of UNITS) {
        if (Math.abs(ms) >= size) return format.format(Math.trunc(ms / size), unit);
      }
      return format.format(0, 'minute');
    };
  }, [locale, clock]);
}
