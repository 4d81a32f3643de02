import { useMemo } from 'react';
import { useLocale } from '../../hooks/use-locale';
import { useNow } from '../../hooks/use-now';
import { useT } from '../../hooks/use-t';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * "in 3 days" / "om 3 dagar" until `iso`, in whole days (hours on the last day), for the
 * auto-accept deadlines: a brand plans its review by the day, not by the minute. Measured from the
 * page's clock (hooks/use-now.ts).
 */
export function useCountdown(): (iso: string, now?: number) => string {
  const locale = useLocale();
  const t = useT();
  const clock = useNow();
  return useMemo(() => {
    const relative = new Intl.RelativeTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', { numeric: 'auto' });
    return (iso: string, now = clock) => {
      const left = Date.parse(iso) - now;
      if (left <= 0) return t('desk.countdown.now');
      if (left < DAY) return relative.format(Math.max(1, Math.round(left / HOUR)), 'hour');
      return relative.format(Math.round(left / DAY), 'day');
    };
  }, [locale, t, clock]);
}
