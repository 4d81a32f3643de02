import type { AuthProvider } from '@refinedev/core';
import { apiFetch } from '../lib/api-fetch';

interface SessionResponse {
  user?: { id: string; name: string; email: string; role: 'creator' | 'brand' | 'admin' };
}

async function fetchSession(): Promise<SessionResponse> {
  try {
    return await apiFetch<SessionResponse>('/api/auth/session');
  } catch {
    return {};
  }
}

/** Asks the API for the cookie session; nothing about the user is kept in browser storage. */
export const authProvider: AuthProvider = {
  check: async () => {
    const session = await fetchSession();
    return session.user ? { authenticated: true } : { authenticated: false, redirectTo: '/login', logout: true };
  },
  getIdentity: async () => (await fetchSession()).user ?? null,
  getPermissions: async () => (await fetchSession()).user?.role ?? null,
  login: async () => ({ success: false }),
  logout: async () => ({ success: true, redirectTo: '/login' }),
  onError: async (error: { statusCode?: number }) =>
    error.statusCode === 401 ? { logout: true, redirectTo: '/login' } : {},
};
