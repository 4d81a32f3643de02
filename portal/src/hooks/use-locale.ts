import { useI18n } from '../providers/i18n-context';
import type { Locale } from '../providers/i18n-provider';

export function useLocale(): Locale {
  return useI18n().locale;
}
