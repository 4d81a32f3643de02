import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { Translate } from '../hooks/use-t';
import { isMessageKey } from '../providers/i18n-provider';
import { isApiError } from './api-fetch';

/** Text for one validation code (`under_18`), or a generic "invalid value". */
export function validationText(t: Translate, code: string): string {
  const key = `validation.${code}`;
  return isMessageKey(key) ? t(key) : t('validation.invalid');
}

/** Text for a failed request: `errors.<code>` from the dictionaries, never the API's English message. */
export function errorText(t: Translate, error: unknown): string {
  if (isApiError(error) && isMessageKey(error.message)) return t(error.message);
  return t('errors.internal_error');
}

/** The API's field codes for one field (`fields.token` → `['invalid_or_expired']`). */
export function fieldCodes(error: unknown, field: string): string[] {
  if (!isApiError(error) || !error.errors) return [];
  const value = error.errors[field];
  if (Array.isArray(value)) return value.filter((code): code is string => typeof code === 'string');
  return typeof value === 'string' ? [value] : [];
}

/**
 * Puts the API's field errors next to the form's fields and returns the text for a form-level
 * alert, or null when every problem is shown next to a field.
 */
export function applyApiError<T extends FieldValues>(
  t: Translate,
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): string | null {
  const fields = isApiError(error) ? Object.keys(error.errors ?? {}) : [];
  let shown = 0;
  for (const name of fieldNames) {
    const [code] = fieldCodes(error, name);
    if (!code) continue;
    setError(name, { type: 'server', message: validationText(t, code) }, { shouldFocus: shown === 0 });
    shown++;
  }
  return shown > 0 && shown === fields.length ? null : errorText(t, error);
}
