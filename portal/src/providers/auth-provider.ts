import type { AuthProvider } from '@refinedev/core';
import { isApiError } from '../lib/api-fetch';
import { currentSession, loadSession, signInWithCredentials, signOut } from './session';

/**
 * Refine's view of the cookie session, answered by the session module (one source of truth;
 * nothing about the user is kept in browser storage). Redirects for missing or expired sessions
 * are decided by `RequireSession`, which knows whether this tab had a session before.
 */
export const authProvider: AuthProvider = {
  check: async () => {
    const session = await currentSession();
    return session ? { authenticated: true } : { authenticated: false, redirectTo: '/login' };
  },
  getIdentity: async () => (await currentSession())?.user ?? null,
  getPermissions: async () => (await currentSession())?.user.role ?? null,
  login: async ({ email, password, callbackUrl }: { email: string; password: string; callbackUrl: string }) => {
    const result = await signInWithCredentials({ email, password, callbackUrl });
    return result?.ok
      ? { success: true }
      : { success: false, error: { name: 'CredentialsSignin', message: result?.error ?? 'CredentialsSignin' } };
  },
  logout: async () => {
    await signOut();
    return { success: true, redirectTo: '/login' };
  },
  onError: async (error: unknown) => {
    // A 401 means the session is gone; refetching it lets RequireSession show the expired screen.
    if (isApiError(error) && error.statusCode === 401) void loadSession();
    return {};
  },
};
