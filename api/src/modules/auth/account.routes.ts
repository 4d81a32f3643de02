import { createRoute } from '@hono/zod-openapi';
import {
  ChangePasswordBodySchema,
  EmailBodySchema,
  ReauthenticateBodySchema,
  ReauthenticatedSchema,
  ResetPasswordBodySchema,
  SessionSchema,
  SignUpBodySchema,
  StatusSchema,
  TokenBodySchema,
} from '@kollab/contract/api/auth';
import { clientIp } from '../../lib/client-ip.ts';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { consumeRateLimit, enforceRateLimit } from '../../lib/rate-limit.ts';
import { requireUser } from '../../middleware/require-user.ts';
import {
  assertSignUpAllowed,
  changePassword,
  confirmEmailChange,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signUp,
  verifyEmail,
} from './auth.service.ts';
import { reauthenticate } from './reauthentication.ts';
import { createSession, sessionClient, setSessionCookie } from './session.ts';
import { sessionView } from './session-view.ts';

const tags = ['Account'];
const HOUR = 60 * 60;
const limited = { 429: errorContent('Too many attempts') };

export const accountRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/signup',
      tags,
      summary: 'Create an account; the answer is the same whether or not the e-mail is registered',
      request: jsonBody(SignUpBodySchema),
      responses: { 202: jsonContent(StatusSchema, 'Check your e-mail'), ...errorResponses, ...limited },
    }),
    async (c) => {
      const input = c.req.valid('json');
      await enforceRateLimit(c.get('db'), `signup:ip:${clientIp(c)}`, { limit: 10, windowSeconds: HOUR });
      assertSignUpAllowed(input);
      // Whether the address is registered is looked up after the answer, so its timing cannot tell (ADR 019).
      c.get('afterResponse').sendMail(c, 'sign-up', () => signUp(c.var, input));
      return c.json({ status: 'check_email' }, 202);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/verify-email',
      tags,
      summary: 'Verify the e-mail address from the mailed link; signs the user in',
      request: jsonBody(TokenBodySchema),
      responses: { 200: jsonContent(SessionSchema, 'The new session'), ...errorResponses, ...limited },
    }),
    async (c) => {
      await enforceRateLimit(c.get('db'), `token:ip:${clientIp(c)}`, { limit: 30, windowSeconds: HOUR / 4 });
      const user = await verifyEmail(c.get('db'), c.req.valid('json').token);
      const { token, session } = await createSession(c.get('db'), user.id, sessionClient(c));
      setSessionCookie(c, token, session.expiresAt);
      return c.json(sessionView(user, session.expiresAt), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/resend-verification',
      tags,
      summary: 'Send the verification link again',
      responses: { 202: jsonContent(StatusSchema, 'Sent'), ...errorResponses, ...authErrorResponses, ...limited },
    }),
    async (c) => {
      const user = requireUser(c);
      await enforceRateLimit(c.get('db'), `verify:user:${user.id}`, { limit: 5, windowSeconds: HOUR });
      c.get('afterResponse').sendMail(c, 'verification link', () => resendVerification(c.var, user));
      return c.json({ status: 'sent' }, 202);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/forgot-password',
      tags,
      summary: 'Mail a password reset link (the answer never tells whether the address is registered)',
      request: jsonBody(EmailBodySchema),
      responses: { 202: jsonContent(StatusSchema, 'Check your e-mail'), ...errorResponses, ...limited },
    }),
    async (c) => {
      const { email } = c.req.valid('json');
      await enforceRateLimit(c.get('db'), `reset:ip:${clientIp(c)}`, { limit: 10, windowSeconds: HOUR });
      // Per address the limit is silent, so it cannot be used to probe which addresses exist.
      const perAddress = await consumeRateLimit(c.get('db'), `reset:email:${email}`, { limit: 3, windowSeconds: HOUR });
      // Whether the address is registered is looked up after the answer, so its timing cannot tell (ADR 019).
      if (perAddress.allowed)
        c.get('afterResponse').sendMail(c, 'password reset', () => requestPasswordReset(c.var, email));
      return c.json({ status: 'check_email' }, 202);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/reset-password',
      tags,
      summary: 'Set a new password from a reset link; ends every session',
      request: jsonBody(ResetPasswordBodySchema),
      responses: { 200: jsonContent(StatusSchema, 'Password reset'), ...errorResponses, ...limited },
    }),
    async (c) => {
      const { token, password } = c.req.valid('json');
      await enforceRateLimit(c.get('db'), `token:ip:${clientIp(c)}`, { limit: 30, windowSeconds: HOUR / 4 });
      await resetPassword(c.get('db'), token, password);
      return c.json({ status: 'password_reset' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/change-password',
      tags,
      summary: 'Change the password; other sessions end, this browser gets a new one',
      request: jsonBody(ChangePasswordBodySchema),
      responses: {
        200: jsonContent(StatusSchema, 'Password changed'),
        ...errorResponses,
        ...authErrorResponses,
        ...limited,
      },
    }),
    async (c) => {
      const user = requireUser(c);
      await enforceRateLimit(c.get('db'), `password:user:${user.id}`, { limit: 10, windowSeconds: HOUR / 4 });
      const { currentPassword, newPassword } = c.req.valid('json');
      await changePassword(c.get('db'), user, currentPassword, newPassword);
      const { token, session } = await createSession(c.get('db'), user.id, sessionClient(c));
      setSessionCookie(c, token, session.expiresAt);
      return c.json({ status: 'password_changed' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/confirm-email-change',
      tags,
      summary: 'Switch to the new e-mail address from the mailed link; ends the other sessions',
      request: jsonBody(TokenBodySchema),
      responses: { 200: jsonContent(StatusSchema, 'E-mail changed'), ...errorResponses, ...limited },
    }),
    async (c) => {
      await enforceRateLimit(c.get('db'), `token:ip:${clientIp(c)}`, { limit: 30, windowSeconds: HOUR / 4 });
      await confirmEmailChange(c.var, c.req.valid('json').token, c.get('session') ?? undefined);
      return c.json({ status: 'email_changed' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/reauthenticate',
      tags,
      summary: 'Confirm the password: opens e-mail, payout-method and withdrawal changes for REAUTH_WINDOW_MINUTES',
      request: jsonBody(ReauthenticateBodySchema),
      responses: {
        200: jsonContent(ReauthenticatedSchema, 'Confirmed'),
        ...errorResponses,
        ...authErrorResponses,
        ...limited,
      },
    }),
    async (c) => {
      const { until } = await reauthenticate(c, c.req.valid('json'));
      return c.json({ status: 'reauthenticated' as const, until }, 200);
    },
  );
