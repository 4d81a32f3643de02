/**
 * Runs the Google OAuth stand-in on its own (`npm run google:sample`), to try Google sign-in
 * without Google: PORT (default 3200), GOOGLE_STAND_IN_CLIENT_SECRET (default random, printed).
 * It prints the GOOGLE_* settings to give the API; every sign-in is granted as the same test user.
 */
import { serve } from '@hono/node-server';
import { createGoogleOAuth, googleSettings } from './app.ts';

const port = Number(process.env.PORT ?? 3200);
const secret = process.env.GOOGLE_STAND_IN_CLIENT_SECRET?.trim();
const oauth = createGoogleOAuth(secret ? { clientSecret: secret } : {});
const server = serve({ fetch: oauth.app.fetch, port, hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  const url = `http://${info.address}:${info.port}`;
  process.stdout.write(`Google OAuth stand-in listening on ${url}; give the API these settings:\n`);
  for (const [name, value] of Object.entries(googleSettings(url, oauth.clientId, oauth.clientSecret)))
    process.stdout.write(`${name}=${value}\n`);
});
server.on('error', (error: NodeJS.ErrnoException) => {
  process.stderr.write(error.code === 'EADDRINUSE' ? `PORT ${port} is already in use.\n` : `${error.message}\n`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
