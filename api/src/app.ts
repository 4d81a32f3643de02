import { join } from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database, DatabaseKind } from '@kollab/db';
import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import type { Env } from './env.ts';
import type { BankId } from './integrations/bankid/configure.ts';
import type { Swish } from './integrations/swish/configure.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { AfterResponse } from './lib/after-response.ts';
import { compressResponse } from './lib/compress-json.ts';
import { createSitePolicies } from './lib/content-security-policy.ts';
import type { AppEnv } from './lib/context.ts';
import { createRouter } from './lib/create-router.ts';
import {
  AppError,
  codeForStatus,
  ERROR_STATUS,
  type ErrorCode,
  type FieldErrors,
  fieldErrorsFromZod,
} from './lib/errors.ts';
import { lazyChild } from './lib/logger.ts';
import type { Mailer } from './lib/mailer.ts';
import type { MessageBus } from './lib/message-bus.ts';
import { REQUEST_ID_HEADER, requestIdOf } from './lib/request-id.ts';
import { isComplete } from './lib/response-headers.ts';
import type { Secrets } from './lib/secrets.ts';
import { type FoundFile, resolveStaticFile, sendFile, staticFiles } from './lib/static-files.ts';
import type { Storage } from './lib/storage.ts';
import { checkAdminTwoFactor } from './middleware/admin-two-factor.ts';
import { checkOrigin } from './middleware/origin-check.ts';
import { addSecurityHeaders } from './middleware/security-headers.ts';
import { withSession } from './middleware/session.ts';
import { accountDataRoutes } from './modules/account-data/account-data.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { failedJobRoutes } from './modules/admin/failed-jobs.routes.ts';
import { agreementRoutes } from './modules/agreements/agreements.routes.ts';
import { accountRoutes } from './modules/auth/account.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { passkeyRoutes } from './modules/auth/passkeys.routes.ts';
import { secondFactorRoutes } from './modules/auth/second-factor.routes.ts';
import { createSessionCache } from './modules/auth/session.ts';
import { sessionRoutes } from './modules/auth/sessions.routes.ts';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.ts';
import { configureBilling } from './modules/billing/billing.hooks.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { billingAdminRoutes } from './modules/billing/billing-admin.routes.ts';
import { brandRoutes } from './modules/brands/brands.routes.ts';
import { campaignRoutes } from './modules/campaigns/campaigns.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { claimRoutes } from './modules/claims/claims.routes.ts';
import { creatorRoutes } from './modules/creators/creators.routes.ts';
import { cspReportRoutes } from './modules/csp-reports/csp-reports.routes.ts';
import { deletionRequestRoutes } from './modules/deletion-requests/deletion-requests.routes.ts';
import { deskRoutes } from './modules/desk/desk.routes.ts';
import { createDiscoveryRoutes } from './modules/discovery/discovery.routes.ts';
import type { Provider } from './modules/discovery/provider.ts';
import { createCurrentAnswers } from './modules/discovery/provider-call.ts';
import { mountDocs } from './modules/docs/docs.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { paymentMethodRoutes } from './modules/payment-methods/payment-methods.routes.ts';
import type { PaymentGateway } from './modules/payments/gateway.ts';
import { createPaymentRoutes } from './modules/payments/payments.routes.ts';
import { brandRefundRoutes } from './modules/payouts/brand-refunds.routes.ts';
import { payoutRoutes } from './modules/payouts/payouts.routes.ts';
import { ratingRoutes } from './modules/ratings/ratings.routes.ts';
import { resultsRoutes } from './modules/results/results.routes.ts';
import { subscriberRoutes } from './modules/subscribers/subscribers.routes.ts';
import { taxRoutes } from './modules/tax/tax.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { createVerificationRoutes } from './modules/verification/verification.routes.ts';
import { withdrawalRoutes } from './modules/withdrawals/withdrawals.routes.ts';
import { createPortalHtml } from './portal-html.ts';

export interface AppDeps {
  db: Database;
  dbKind: DatabaseKind;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  /** The durable job queue (ADR 031). */
  jobs: JobQueue;
  /** Work done after the answer is sent; `server.ts` waits for it on shutdown. */
  afterResponse: AfterResponse;
  secrets: Secrets;
  storage: Storage;
  bus: MessageBus;
  /** The influencer-data provider's client (the real provider, or the built-in sample). */
  provider: Provider;
  /** The payment provider's client (Stripe, or the payments stand-in). */
  payments: PaymentGateway;
  /** BankID (the real one or the stand-in); absent when neither is configured (ADR 026). */
  bankId?: BankId;
  /** Swish payouts (the real API or the stand-in); absent when neither is configured (ADR 029). */
  swish?: Swish;
  /** Built marketing site (Astro `dist`), served at `/`. */
  siteDir: string;
  /** Built portal (Vite `dist`), served at `/app/`. */
  portalDir: string;
  /** The portal's server renderer (`portal/dist-server/entry-server.js`); without it pages are not rendered. */
  portalRenderer?: string;
  /** The longest a portal page's render may take before it is served unrendered (portal-html.ts). */
  portalRenderTimeoutMs?: number;
}

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_UPLOAD_BYTES = 6 * 1024 * 1024;
const UPLOAD_PATH = /^\/api\/(user\/avatar|campaigns\/[^/]+\/cover)$/;
const BODILESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function errorBody(c: Context<AppEnv>, code: ErrorCode, message: string, fields?: FieldErrors) {
  return { error: { code, message, ...(fields ? { fields } : {}), requestId: c.get('requestId') } };
}

/**
 * PostgreSQL's "invalid byte sequence for encoding UTF8: 0x00" (SQLSTATE 22021), which drizzle wraps
 * in a DrizzleQueryError: text columns cannot hold U+0000, so it always comes from a client's input.
 */
function isNulCharacterError(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === '22021' || (error as { code?: unknown } | null)?.code === '22021';
}

/** Builds the whole HTTP surface: API under `/api`, portal under `/app`, site everywhere else. */
export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = createRouter();
  configureBilling(deps.env);
  const sessionCache = createSessionCache(deps.bus, deps.env.INSTANCE_CACHE_MS);

  // One step around every request instead of five nested middleware (issue 21, ADR 035 "One
  // response step"): before the handler, the request id and the request's dependencies; after it,
  // for a response that is not complete yet, JSON compression, compress() for other bodies, the
  // security headers and the request id, in that order (the order the five middleware ran in).
  const handleError = errorHandler(deps.logger);
  const compress = compressResponse();
  const addSecurityHeadersTo = addSecurityHeaders(deps.env);
  app.use(async (c, next) => {
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    c.set('requestId', requestId);
    c.set('logger', lazyChild(deps.logger, { requestId }));
    c.set('db', deps.db);
    c.set('dbKind', deps.dbKind);
    c.set('env', deps.env);
    c.set('mailer', deps.mailer);
    c.set('jobs', deps.jobs);
    c.set('afterResponse', deps.afterResponse);
    c.set('secrets', deps.secrets);
    c.set('storage', deps.storage);
    c.set('bus', deps.bus);
    c.set('sessionCache', sessionCache);
    c.set('bankId', deps.bankId);
    c.set('swish', deps.swish);
    // A header set on the way (a refreshed session cookie, say) must reach the response: a prepared
    // answer is then sent the ordinary way, where Hono merges it in (lib/compress-json.ts).
    const header = c.header;
    c.header = ((...args: Parameters<typeof header>) => {
      c.set('headersAdded', true);
      return header(...args);
    }) as typeof header;
    const started = performance.now();
    await next();
    if (!isComplete(c.res)) {
      try {
        await compress(c);
      } catch (error) {
        // Where compression failed, the answer is the error handler's, as Hono gave it for a middleware.
        c.res = undefined;
        c.res = handleError(error instanceof Error ? error : new Error(String(error)), c);
      }
      addSecurityHeadersTo(c);
      c.res.headers.set(REQUEST_ID_HEADER, requestId);
    }
    // The same line a child logger would write, without making one for every request.
    if (deps.logger.isLevelEnabled('info'))
      deps.logger.info(
        {
          requestId,
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
  });
  // Uploads get room for a 5 MB picture plus multipart overhead; everything else 1 MiB.
  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new AppError('payload_too_large', `Request body is larger than ${maxSize} bytes`);
      },
    });
  const uploadLimit = limitBody(MAX_UPLOAD_BYTES);
  const defaultLimit = limitBody(MAX_BODY_BYTES);
  // The API's guards in one step (ADR 035, "One response step"): the body limit, the CSRF origin
  // check, the session, and the admins' two-factor gate, in that order. GET, HEAD and OPTIONS carry
  // no body the API reads; asking would make the Node adapter build a whole fetch Request (URL,
  // Headers) just to see none (issue 21: ~10 % of a cached answer's CPU).
  const guardApi = async (c: Context<AppEnv>, next: Next) => {
    checkOrigin(c);
    await withSession(c, () => {
      checkAdminTwoFactor(c);
      return next();
    });
  };
  app.use('/api/*', (c, next) => {
    if (BODILESS_METHODS.has(c.req.method)) return guardApi(c, next);
    const limit = UPLOAD_PATH.test(c.req.path) ? uploadLimit : defaultLimit;
    return limit(c, () => guardApi(c, next));
  });

  app.route('/api', healthRoutes);
  app.route('/api', cspReportRoutes);
  app.route('/api/auth', authRoutes);
  app.route('/api/auth', accountRoutes);
  app.route('/api/auth', secondFactorRoutes);
  app.route('/api', userRoutes);
  app.route('/api', homeRoutes);
  app.route('/api', paymentMethodRoutes);
  app.route('/api', creatorRoutes);
  app.route('/api', brandRoutes);
  app.route('/api', campaignRoutes);
  app.route('/api', deskRoutes);
  app.route('/api', claimRoutes);
  app.route('/api', ratingRoutes);
  app.route('/api', notificationRoutes);
  app.route('/api', resultsRoutes);
  app.route('/api', withdrawalRoutes);
  app.route('/api', payoutRoutes);
  app.route('/api', brandRefundRoutes);
  app.route('/api', taxRoutes);
  app.route('/api', billingRoutes);
  app.route('/api', billingAdminRoutes);
  app.route('/api', identityRoutes);
  app.route('/api', agreementRoutes);
  app.route('/api', chatRoutes);
  app.route('/api', subscriberRoutes);
  app.route('/api', deletionRequestRoutes);
  app.route('/api', accountDataRoutes);
  app.route('/api', sessionRoutes);
  app.route('/api', twoFactorRoutes);
  app.route('/api', passkeyRoutes);
  app.route('/api', adminRoutes);
  app.route('/api', failedJobRoutes);
  app.route('/api', createDiscoveryRoutes(deps.provider, createCurrentAnswers(deps.bus, deps.env.INSTANCE_CACHE_MS)));
  app.route('/api', createVerificationRoutes(deps.provider));
  app.route('/api', createPaymentRoutes(deps.payments));
  mountDocs(app);

  app.get('/app', (c) => c.redirect('/app/', 308));
  // The portal's HTML names the page's chunks and, signed in, carries the session; some pages
  // arrive rendered, with their first data answered in-process (portal-html.ts).
  const sendPortalHtml = createPortalHtml(deps.portalDir, {
    ...(deps.portalRenderer ? { rendererFile: deps.portalRenderer } : {}),
    ...(deps.portalRenderTimeoutMs ? { renderTimeoutMs: deps.portalRenderTimeoutMs } : {}),
    request: (path, init) => Promise.resolve(app.request(path, init)),
  });
  app.use(
    '/app/*',
    staticFiles({
      root: deps.portalDir,
      prefix: '/app',
      spaFallback: true,
      sendHtml: (c, file) => sendPortalHtml(c, file),
    }),
  );
  // Returning visitors who chose English (the site's `locale` cookie) land on /en/; Swedish is the default.
  app.get('/', async (c, next) => {
    c.header('Vary', 'Cookie', { append: true });
    if (getCookie(c, 'locale') === 'en') return c.redirect('/en/', 302);
    await next();
  });
  // Each site page's policy carries the hashes of its own inline scripts and styles (ADR 019).
  const sitePolicyOf = createSitePolicies();
  const siteHeaders = async (file: FoundFile) => ({ 'Content-Security-Policy': await sitePolicyOf(file) });
  app.use('*', staticFiles({ root: deps.siteDir, htmlHeaders: siteHeaders }));

  app.notFound(async (c) => {
    if (!c.req.path.startsWith('/api') && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      const page = c.req.path.startsWith('/en/') ? join('en', '404', 'index.html') : '404.html';
      const file = await resolveStaticFile(deps.siteDir, page);
      if (file && file !== 'directory') return sendFile(c, file, { status: 404, headers: await siteHeaders(file) });
    }
    return c.json(errorBody(c, 'not_found', `No route for ${c.req.method} ${c.req.path}`), 404);
  });

  app.onError(handleError);

  return app;
}

/** The API's answer to an error that reached Hono: the error envelope, 500 when it is not ours. */
function errorHandler(logger: Logger) {
  return (error: Error, c: Context<AppEnv>): Response => {
    if (error instanceof AppError) {
      if (error.headers) for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(errorBody(c, error.code, error.message, error.fields), error.status);
    }
    if (error instanceof ZodError) {
      return c.json(errorBody(c, 'validation_failed', 'Request is invalid', fieldErrorsFromZod(error)), 422);
    }
    if (isNulCharacterError(error)) {
      // Input the schemas do not see (a cookie, a raw header) reached a text column with U+0000.
      return c.json(errorBody(c, 'bad_request', 'Text must not contain NUL characters'), 400);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const code = codeForStatus(error.status);
      return c.json(errorBody(c, code, error.message || code), ERROR_STATUS[code]);
    }
    (c.get('logger') ?? logger).error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
    return c.json(errorBody(c, 'internal_error', 'Something went wrong on our side'), 500);
  };
}
