/** The Google OAuth stand-in on a loopback port of its own, as tests start it. */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createGoogleOAuth, type GoogleOAuthOptions, googleSettings, type OAuthUser } from './app.ts';

export {
  createGoogleOAuth,
  DEFAULT_CLIENT_ID,
  type GoogleOAuthOptions,
  googleSettings,
  type OAuthUser,
} from './app.ts';

export interface GoogleStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The account the next authorization "signs in" as. */
  nextUser: OAuthUser;
  /** Settings that point Kollab's Google sign-in at this server. */
  settings: Record<string, string>;
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1 and a free port. */
export async function startGoogleStandIn(options: GoogleOAuthOptions = {}): Promise<GoogleStandIn> {
  const oauth = createGoogleOAuth(options);
  const listener = serve({ fetch: oauth.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => listener.once('listening', () => resolve()));
  const { port } = listener.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    clientId: oauth.clientId,
    clientSecret: oauth.clientSecret,
    // The app reads the user when it grants a code, so a test sets it here and the app sees it.
    get nextUser() {
      return oauth.nextUser;
    },
    set nextUser(user: OAuthUser) {
      oauth.nextUser = user;
    },
    settings: googleSettings(url, oauth.clientId, oauth.clientSecret),
    close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
  };
}
