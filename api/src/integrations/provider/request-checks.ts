import {
  CALCULATION_METHODS,
  DICTIONARY_KINDS,
  EMAIL_SEARCH_MAX_EMAILS,
  OVERLAP_MAX_INFLUENCERS,
  OVERLAP_MIN_INFLUENCERS,
  OVERLAP_PLATFORMS,
  PLATFORMS,
} from '@kollab/contract/provider-enums';
import { checkRawParams, findRawEndpoint, RAW_PLATFORMS } from '@kollab/contract/provider-raw-endpoints';
import { z } from 'zod';
import { ProviderValidationError, type ValidationIssue } from './errors.ts';

/*
 * Checks run before a request leaves the process: the provider bills some calls even when it
 * refuses them (Raw 404s) and every call counts against the rate limit, so a request that cannot
 * succeed is refused here with a ProviderValidationError instead.
 */

/** zod issues as `{path, message}` with dotted paths. */
export function toValidationIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * Parses `value` with `schema`.
 * @throws ProviderValidationError listing every problem.
 */
export function checked<T>(schema: z.ZodType<T>, value: unknown, request: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ProviderValidationError(toValidationIssues(result.error), request);
  return result.data;
}

/** `.` and `..` would be path segments that walk up the provider's URL (`/profile/../report`). */
const idOrHandle = z
  .string()
  .trim()
  .min(1, 'Must not be empty')
  .max(200)
  .refine((value) => value !== '.' && value !== '..', 'Must not be "." or ".."');

export const PlatformSchema = z.enum(PLATFORMS);
export const OverlapPlatformSchema = z.enum(OVERLAP_PLATFORMS);

export const ReportArgsSchema = z.object({
  platform: PlatformSchema,
  userIdOrHandle: idOrHandle,
  calculationMethod: z.enum(CALCULATION_METHODS).optional(),
});

export const OverlapArgsSchema = z.object({
  platform: OverlapPlatformSchema,
  influencers: z.array(idOrHandle).min(OVERLAP_MIN_INFLUENCERS).max(OVERLAP_MAX_INFLUENCERS),
});

export const DictionaryArgsSchema = z
  .object({
    platform: PlatformSchema,
    kind: z.string(),
    query: z.string().max(200).optional(),
    limit: z.number().int().positive().optional(),
  })
  .superRefine((args, ctx) => {
    const kinds: readonly string[] = DICTIONARY_KINDS[args.platform];
    if (!kinds.includes(args.kind)) {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: `Expected one of ${kinds.join(', ')}` });
    }
  });

export const PerformanceArgsSchema = z.object({ platform: PlatformSchema, url: idOrHandle });

export const EmailSearchArgsSchema = z.object({
  emails: z.array(z.email()).min(1).max(EMAIL_SEARCH_MAX_EMAILS),
});

/**
 * Checks a Raw call: known platform and endpoint, required parameters present, nothing unknown.
 * @throws ProviderValidationError
 */
export function checkRawCall(platform: string, endpoint: string, params: Record<string, string | undefined>): void {
  const request = `GET /raw/${platform}/${endpoint}`;
  if (!(RAW_PLATFORMS as readonly string[]).includes(platform)) {
    throw new ProviderValidationError(
      [{ path: 'platform', message: `Expected one of ${RAW_PLATFORMS.join(', ')}` }],
      request,
    );
  }
  const spec = findRawEndpoint(platform, endpoint);
  if (!spec) {
    throw new ProviderValidationError(
      [{ path: 'endpoint', message: `No Raw endpoint ${endpoint} on ${platform}` }],
      request,
    );
  }
  const issues = checkRawParams(spec, params);
  if (issues.length > 0) {
    throw new ProviderValidationError(
      issues.map((issue) => ({ path: issue.param, message: issue.message })),
      request,
    );
  }
}
