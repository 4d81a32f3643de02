import { createRoute, z } from '@hono/zod-openapi';
import {
  CredentialsFormSchema,
  CsrfSchema,
  LogFormSchema,
  ProvidersSchema,
  SessionSchema,
  SignInFormSchema,
  SignOutFormSchema,
  UpdateSessionBodySchema,
  UrlSchema,
} from '@kollab/contract/api/auth';
import { users } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { createRouter } from '../../lib/create-router.ts';
import { errorContent, errorResponses, formBody, jsonContent } from '../../lib/openapi.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { absoluteUrl, safeCallbackPath, signInPagePath } from '../../lib/redirects.ts';
import { requireUser } from '../../middleware/require-user.ts';
import { authenticateWithPassword } from './auth.service.ts';
import { recordClientLog } from './client-log.ts';
import { assertCsrfToken, issueCsrfToken } from './csrf-token.ts';
import { googleAuthorizationUrl, googleCallback, isGoogleConfigured } from './google.ts';
import { createSession, deleteSessionCookie, invalidateSession, sessionClient, setSessionCookie } from './session.ts';
import { sessionView } from './session-view.ts';
import { startSignInChallenge } from './sign-in-challenge.ts';
import {
  isKnownDevice,
  recordSignInFailure,
  recordSignInSuccess,
  rememberDevice,
  throttleSignIn,
} from './sign-in-throttle.ts';

const tags = ['Auth'];

const redirect = { description: 'Redirect' };
const FIFTEEN_MINUTES = 15 * 60;

/** Every `url` and `Location` here is absolute, on PUBLIC_URL's origin, as NextAuth's server answers (ADR 018). */
const urlOf = (c: Context<AppEnv>, path: string): string => absoluteUrl(path, c.get('env').PUBLIC_URL);

export const authRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/session',
      tags,
      summary: 'The current session, or {} when signed out',
      responses: { 200: jsonContent(SessionSchema, 'Session object'), ...errorResponses },
    }),
    (c) => {
      const [user, session] = [c.get('user'), c.get('session')];
      return c.json(user && session ? sessionView(user, session.expiresAt) : {}, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/session',
      tags,
      summary: 'Update the session (the stored locale)',
      request: { body: { content: { 'application/json': { schema: UpdateSessionBodySchema } }, required: true } },
      responses: {
        200: jsonContent(SessionSchema, 'Updated session'),
        ...errorResponses,
        401: errorContent('No session'),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      assertCsrfToken(c, body.csrfToken);
      const user = requireUser(c);
      const session = c.get('session');
      const [updated] = body.data.locale
        ? await c.get('db').update(users).set({ locale: body.data.locale }).where(eq(users.id, user.id)).returning()
        : [user];
      return c.json(updated && session ? sessionView(updated, session.expiresAt) : {}, 200);
    },
  )
  .openapi(
    createRoute({ method: 'get', path: '/csrf', tags, responses: { 200: jsonContent(CsrfSchema, 'CSRF token') } }),
    (c) => c.json({ csrfToken: issueCsrfToken(c) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/providers',
      tags,
      summary: 'Sign-in providers; google only when configured',
      responses: { 200: jsonContent(ProvidersSchema, 'Providers by id') },
    }),
    (c) => {
      const providers: z.infer<typeof ProvidersSchema> = {
        credentials: {
          id: 'credentials',
          name: 'E-mail',
          type: 'credentials',
          signinUrl: urlOf(c, '/api/auth/signin/credentials'),
          callbackUrl: urlOf(c, '/api/auth/callback/credentials'),
        },
        totp: {
          id: 'totp',
          name: 'Authenticator app',
          type: 'credentials',
          signinUrl: urlOf(c, '/api/auth/signin/totp'),
          callbackUrl: urlOf(c, '/api/auth/callback/totp'),
        },
        passkey: {
          id: 'passkey',
          name: 'Passkey',
          type: 'credentials',
          signinUrl: urlOf(c, '/api/auth/signin/passkey'),
          callbackUrl: urlOf(c, '/api/auth/callback/passkey'),
        },
      };
      if (isGoogleConfigured(c.get('env'))) {
        providers.google = {
          id: 'google',
          name: 'Google',
          type: 'oauth',
          signinUrl: urlOf(c, '/api/auth/signin/google'),
          callbackUrl: urlOf(c, '/api/auth/callback/google'),
        };
      }
      return c.json(providers, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/callback/credentials',
      tags,
      summary: 'Sign in with e-mail and password (form post, json=true)',
      request: formBody(CredentialsFormSchema),
      responses: {
        200: jsonContent(
          UrlSchema,
          "Signed in: the absolute callback URL; with two-factor on, the sign-in page's code step (step=totp)",
        ),
        ...errorResponses,
        401: jsonContent(
          UrlSchema,
          "Wrong e-mail or password: the sign-in page's absolute URL with error=CredentialsSignin",
        ),
        429: errorContent('Too many attempts'),
      },
    }),
    async (c) => {
      const body = c.req.valid('form');
      assertCsrfToken(c, body.csrfToken);
      const callbackUrl = safeCallbackPath(body.callbackUrl, c.get('env').PUBLIC_URL);
      const { db } = c.var;
      const ip = clientIp(c);
      await enforceRateLimit(db, `signin:ip:${ip}`, { limit: 50, windowSeconds: FIFTEEN_MINUTES });
      const attempt = { email: body.email, ip, knownDevice: isKnownDevice(c, body.email) };
      await throttleSignIn(db, attempt);
      const user = await authenticateWithPassword(db, body.email.trim(), body.password);
      if (!user) {
        await recordSignInFailure(db, attempt);
        return c.json({ url: urlOf(c, signInPagePath({ error: 'CredentialsSignin', callbackUrl })) }, 401);
      }
      await recordSignInSuccess(db, attempt);
      rememberDevice(c, user.email);
      if (user.twoFactorEnabledAt) {
        // The password was right; the session starts once a code answers the challenge, on the
        // sign-in page's code step, where NextAuth's client is sent on (ADR 024).
        await startSignInChallenge(c, user, callbackUrl);
        return c.json({ url: urlOf(c, signInPagePath({ step: 'totp', callbackUrl })) }, 200);
      }
      const { token, session } = await createSession(db, user.id, sessionClient(c));
      setSessionCookie(c, token, session.expiresAt);
      return c.json({ url: urlOf(c, callbackUrl) }, 200);
    },
  )

  .openapi(
    createRoute({
      method: 'post',
      path: '/signin/{provider}',
      tags,
      summary: 'Start signing in with a provider (form post, json=true)',
      request: { params: z.object({ provider: z.string().max(32) }), ...formBody(SignInFormSchema) },
      responses: {
        200: jsonContent(UrlSchema, 'The provider authorization URL, or the sign-in page'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { provider } = c.req.valid('param');
      const body = c.req.valid('form');
      assertCsrfToken(c, body.csrfToken);
      const callbackUrl = safeCallbackPath(body.callbackUrl, c.get('env').PUBLIC_URL);
      if (provider !== 'google' || !isGoogleConfigured(c.get('env'))) {
        return c.json({ url: urlOf(c, `/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`) }, 200);
      }
      return c.json({ url: googleAuthorizationUrl(c, { callbackUrl, role: body.role ?? 'creator' }) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/callback/google',
      tags,
      summary: 'OAuth callback from Google',
      request: {
        query: z.object({
          code: z.string().max(2048).optional(),
          state: z.string().max(256).optional(),
          error: z.string().max(256).optional(),
        }),
      },
      responses: { 302: redirect },
    }),
    async (c) => c.redirect(urlOf(c, await googleCallback(c, c.req.valid('query'))), 302),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/signout',
      tags,
      summary: 'Sign out (form post, json=true)',
      request: formBody(SignOutFormSchema),
      responses: { 200: jsonContent(UrlSchema, 'Where to go'), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid('form');
      assertCsrfToken(c, body.csrfToken);
      const session = c.get('session');
      if (session) await invalidateSession(c.get('db'), session.id);
      deleteSessionCookie(c);
      return c.json({ url: urlOf(c, safeCallbackPath(body.callbackUrl, c.get('env').PUBLIC_URL, '/app/login')) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/_log',
      tags,
      summary: 'Client-side log events (CLIENT_FETCH_ERROR…); rate-limited, kept CLIENT_LOG_RETENTION_DAYS',
      request: formBody(LogFormSchema),
      responses: { 204: { description: 'Stored' }, ...errorResponses, 429: errorContent('Too many events') },
    }),
    async (c) => {
      await recordClientLog(c.var, c.req.valid('form'), { ip: clientIp(c), userId: c.get('user')?.id ?? null });
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/signin',
      tags,
      summary: "Redirect to the portal's sign-in page (keeps error and callbackUrl)",
      request: {
        query: z.object({ error: z.string().max(64).optional(), callbackUrl: z.string().max(2048).optional() }),
      },
      responses: { 302: redirect },
    }),
    (c) => {
      const { error, callbackUrl } = c.req.valid('query');
      const safe = callbackUrl ? safeCallbackPath(callbackUrl, c.get('env').PUBLIC_URL) : undefined;
      return c.redirect(urlOf(c, signInPagePath({ error, callbackUrl: safe })), 302);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/error',
      tags,
      summary: "Redirect to the portal's page explaining an auth error",
      request: { query: z.object({ error: z.string().max(64).optional() }) },
      responses: { 302: redirect },
    }),
    (c) => {
      const { error } = c.req.valid('query');
      return c.redirect(urlOf(c, `/app/auth-error?error=${encodeURIComponent(error ?? 'Default')}`), 302);
    },
  );
