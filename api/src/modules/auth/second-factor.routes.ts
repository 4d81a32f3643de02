import { createRoute } from '@hono/zod-openapi';
import { TotpFormSchema, UrlSchema } from '@kollab/contract/api/auth';
import {
  AuthenticationResponseSchema,
  PasskeyFormSchema,
  WebAuthnOptionsAnswerSchema,
} from '@kollab/contract/api/passkeys';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Context } from 'hono';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { createRouter } from '../../lib/create-router.ts';
import { errorContent, errorResponses, formBody, jsonContent } from '../../lib/openapi.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { absoluteUrl, safeCallbackPath, signInPagePath } from '../../lib/redirects.ts';
import { assertCsrfToken } from './csrf-token.ts';
import { type ChallengeResult, completeSignInChallenge, passkeyOptionsForChallenge } from './sign-in-challenge.ts';

const tags = ['Auth'];
const FIFTEEN_MINUTES = 15 * 60;

/** The JSON in a form field, or undefined when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The answer NextAuth's client reads: where to go on, absolute on PUBLIC_URL (ADR 018). */
function answer(c: Context<AppEnv>, result: ChallengeResult, callbackUrl: string) {
  const path = result.ok ? result.callbackPath : signInPagePath({ error: result.error, callbackUrl });
  return c.json({ url: absoluteUrl(path, c.get('env').PUBLIC_URL) }, result.ok ? 200 : 401);
}

/**
 * The second step of a sign-in with two-factor on (ADR 027): the challenge the password or Google
 * step left in this browser is answered with a code (app or recovery) or a passkey. Both are
 * credentials providers in NextAuth's shape, so `signIn('totp' | 'passkey', …)` works.
 */
export const secondFactorRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/callback/totp',
      tags,
      summary: "Second step of a sign-in with two-factor on: the app's code or a recovery code (form post, json=true)",
      request: formBody(TotpFormSchema),
      responses: {
        200: jsonContent(UrlSchema, 'Signed in: the absolute callback URL'),
        ...errorResponses,
        401: jsonContent(
          UrlSchema,
          "Refused: the sign-in page's absolute URL with error=TotpInvalid (try again) or TotpChallengeExpired (start over)",
        ),
        429: errorContent('Too many codes'),
      },
    }),
    async (c) => {
      const body = c.req.valid('form');
      assertCsrfToken(c, body.csrfToken);
      const callbackUrl = safeCallbackPath(body.callbackUrl, c.get('env').PUBLIC_URL);
      await enforceRateLimit(c.get('db'), `totp:ip:${clientIp(c)}`, { limit: 50, windowSeconds: FIFTEEN_MINUTES });
      return answer(c, await completeSignInChallenge(c, { code: body.code }), callbackUrl);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/passkey/options',
      tags,
      summary: "WebAuthn options for the code step's passkey, when the account has one (data null otherwise)",
      responses: { 200: jsonContent(WebAuthnOptionsAnswerSchema, 'Options, or null'), ...errorResponses },
    }),
    async (c) => c.json({ data: await passkeyOptionsForChallenge(c) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/callback/passkey',
      tags,
      summary: "Second step of a sign-in with a passkey: the browser's assertion as JSON (form post, json=true)",
      request: formBody(PasskeyFormSchema),
      responses: {
        200: jsonContent(UrlSchema, 'Signed in: the absolute callback URL'),
        ...errorResponses,
        401: jsonContent(
          UrlSchema,
          "Refused: the sign-in page's absolute URL with error=TotpInvalid or TotpChallengeExpired",
        ),
        429: errorContent('Too many attempts'),
      },
    }),
    async (c) => {
      const body = c.req.valid('form');
      assertCsrfToken(c, body.csrfToken);
      const callbackUrl = safeCallbackPath(body.callbackUrl, c.get('env').PUBLIC_URL);
      await enforceRateLimit(c.get('db'), `totp:ip:${clientIp(c)}`, { limit: 50, windowSeconds: FIFTEEN_MINUTES });
      const assertion = AuthenticationResponseSchema.safeParse(parseJson(body.response));
      const result: ChallengeResult = assertion.success
        ? await completeSignInChallenge(c, { passkey: assertion.data as unknown as AuthenticationResponseJSON })
        : { ok: false, error: 'TotpInvalid' };
      return answer(c, result, callbackUrl);
    },
  );
