import { createRoute } from '@hono/zod-openapi';
import { CspReportSchema, ReportingApiBatchSchema } from '@kollab/contract/api/csp-reports';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { createRouter } from '../../lib/create-router.ts';
import { AppError, fieldErrorsFromZod } from '../../lib/errors.ts';
import { errorContent, errorResponses } from '../../lib/openapi.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { fromCspReport, fromReportingApi, logViolations } from './csp-reports.service.ts';

/** A report is a few hundred bytes; a batch of them a few kilobytes. */
export const MAX_REPORT_BYTES = 16 * 1024;
/** Per client IP, counted before the body is read, so malformed and oversized posts count too. */
const REPORT_LIMIT = { limit: 60, windowSeconds: 15 * 60 };

const limitReports = createMiddleware<AppEnv>(async (c, next) => {
  await enforceRateLimit(c.get('db'), `csp-report:${clientIp(c)}`, REPORT_LIMIT);
  await next();
});

const limitSize = bodyLimit({
  maxSize: MAX_REPORT_BYTES,
  onError: () => {
    throw new AppError('payload_too_large', `Report is larger than ${MAX_REPORT_BYTES} bytes`);
  },
});

const reportRoute = createRoute({
  method: 'post',
  path: '/csp-report',
  tags: ['System'],
  summary: 'Content-Security-Policy violation reports from browsers (report-uri and report-to); logged',
  middleware: [limitReports, limitSize] as const,
  request: {
    body: {
      // Not `required`: the route's JSON validator would then also run on `application/csp-report`
      // (read as `{}`); the handler refuses a post without either media type itself.
      required: false,
      content: {
        'application/csp-report': { schema: CspReportSchema },
        'application/reports+json': { schema: ReportingApiBatchSchema },
      },
    },
  },
  responses: {
    204: { description: 'Logged' },
    413: errorContent('Report too large'),
    429: errorContent('Too many reports from this address'),
    ...errorResponses,
  },
});

/** The legacy format is not JSON by its media type, so it is parsed here rather than by the route. */
async function readCspReport(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'Malformed JSON in request body');
  }
  const parsed = CspReportSchema.safeParse(json);
  // The same error the route's validation gives a bad `application/reports+json` body.
  if (!parsed.success) throw AppError.validation(fieldErrorsFromZod(parsed.error), 'Request json is invalid');
  return parsed.data;
}

export const cspReportRoutes = createRouter().openapi(reportRoute, async (c) => {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/csp-report') {
    logViolations(c.get('logger'), [fromCspReport(await readCspReport(await c.req.text()))]);
  } else if (type === 'application/reports+json') {
    // Validated by the route already; parsed again only to narrow the union of the two body types.
    logViolations(c.get('logger'), fromReportingApi(ReportingApiBatchSchema.parse(c.req.valid('json'))));
  } else {
    throw new AppError('bad_request', 'Content-Type must be application/csp-report or application/reports+json');
  }
  return c.body(null, 204);
});
