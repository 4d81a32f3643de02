import { useCallback } from 'react';
import { useI18n } from '../providers/i18n-context';
import type { MessageKey } from '../providers/i18n-provider';

export type Translate = (key: MessageKey, options?: Record<string, string | number>) => string;

/** Translates keys the dictionaries have (checked by `tsc`); `{{name}}` placeholders come from `options`. */
export function useT(): Translate {
  const { translate, locale } = useI18n();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per locale re-renders memoised users.
  return useCallback((key, options) => translate(key, options ?? {}), [translate, locale]);
}
