import type { MessageKey } from '../providers/i18n-provider';

/** Sign-in error values the API puts in `?error=` (Auth.js names), and their dictionary keys. */
const AUTH_ERROR_KEYS: Record<string, MessageKey> = {
  CredentialsSignin: 'auth.errors.CredentialsSignin',
  SessionRequired: 'auth.errors.SessionRequired',
  AccountNotLinked: 'auth.errors.AccountNotLinked',
  OAuthAccountNotLinked: 'auth.errors.AccountNotLinked',
  OAuthCallbackError: 'auth.errors.OAuthCallbackError',
  OAuthCallback: 'auth.errors.OAuthCallbackError',
  OAuthSignin: 'auth.errors.OAuthCallbackError',
  Configuration: 'auth.errors.Configuration',
  TotpInvalid: 'auth.errors.TotpInvalid',
  TotpChallengeExpired: 'auth.errors.TotpChallengeExpired',
};

export function authErrorKey(code: string): MessageKey {
  return AUTH_ERROR_KEYS[code] ?? 'auth.errors.default';
}
