import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** Props that connect a react-hook-form registration to an MUI `TextField`, error text included. */
export function textFieldProps(registration: UseFormRegisterReturn, error?: FieldError, helperText?: string) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref, error: !!error, helperText: error?.message ?? helperText };
}

/** A deliberately loose e-mail check; the API has the final word (`invalid_email`). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The API's minimum password length (`too_short`). */
export const MIN_PASSWORD_LENGTH = 10;
