/**
 * The page the NextAuth client spec drives (../nextauth-client.spec.ts): `next-auth/react` as a
 * Next.js app mounts it, a `SessionProvider` on the API's `/api/auth`, with the client's functions on
 * `window.nextAuth` and what `useSession` returned on the page. `bundle.ts` builds it for the browser.
 * `?required=redirect` or `?required=callback` asks for `useSession({ required: true })`, the latter
 * with an `onUnauthenticated` callback.
 */
import type { Session } from 'next-auth';
import {
  getCsrfToken,
  getProviders,
  getSession,
  SessionProvider,
  signIn,
  signOut,
  type UseSessionOptions,
  useSession,
} from 'next-auth/react';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';

export interface NextAuthClient {
  getProviders: typeof getProviders;
  getCsrfToken: typeof getCsrfToken;
  getSession: typeof getSession;
  signIn: typeof signIn;
  signOut: typeof signOut;
  /** `update` of the current `useSession()` value. */
  update: (data?: unknown) => Promise<Session | null>;
  /** Every status `useSession` went through, in order, without repeats. */
  statuses: string[];
  /** How many times `onUnauthenticated` was called (`?required=callback`). */
  unauthenticatedCalls: number;
}

declare global {
  interface Window {
    nextAuth: NextAuthClient;
  }
}

window.nextAuth = {
  getProviders,
  getCsrfToken,
  getSession,
  signIn,
  signOut,
  update: () => Promise.reject(new Error('useSession has not rendered yet')),
  statuses: [],
  unauthenticatedCalls: 0,
};

const required = new URLSearchParams(window.location.search).get('required');
const onUnauthenticated = () => {
  window.nextAuth.unauthenticatedCalls += 1;
};
const options: UseSessionOptions<boolean> | undefined =
  required === 'callback' ? { required: true, onUnauthenticated } : required ? { required: true } : undefined;

function SessionState() {
  const { status, data, update } = useSession(options);
  useEffect(() => {
    const { statuses } = window.nextAuth;
    if (statuses.at(-1) !== status) statuses.push(status);
  }, [status]);
  useEffect(() => {
    window.nextAuth.update = update;
  }, [update]);
  return (
    <main>
      <h1>NextAuth client</h1>
      <p role="status">{status}</p>
      <pre data-testid="session">{JSON.stringify(data)}</pre>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
createRoot(root).render(
  <SessionProvider basePath="/api/auth">
    <SessionState />
  </SessionProvider>,
);
