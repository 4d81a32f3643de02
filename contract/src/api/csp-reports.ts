import { z } from 'zod';

/** A URL as a report carries it; also `inline`, `eval`, `data` or empty, so not checked as a URL. */
const ReportUrl = z.string().max(2048);
const Directive = z.string().min(1).max(64);
const Policy = z.string().max(8192);
/** Browsers send at most the first 40 characters of the blocked code. */
const Sample = z.string().max(256);
const Position = z.number().int().nonnegative();

/** `report-uri`'s format (`application/csp-report`), sent by browsers without the Reporting API. */
export const CspReportSchema = z
  .object({
    'csp-report': z.object({
      'document-uri': ReportUrl,
      referrer: ReportUrl.optional(),
      'violated-directive': Directive,
      'effective-directive': Directive.optional(),
      'original-policy': Policy.optional(),
      disposition: z.enum(['enforce', 'report']).optional(),
      'blocked-uri': ReportUrl.optional(),
      'line-number': Position.optional(),
      'column-number': Position.optional(),
      'source-file': ReportUrl.optional(),
      'status-code': z.number().int().optional(),
      'script-sample': Sample.optional(),
    }),
  })
  .meta({ id: 'CspReport' });

/** One `csp-violation` report of the Reporting API (`report-to`). */
const CspViolationReportSchema = z.object({
  type: z.literal('csp-violation'),
  age: z.number().nonnegative().optional(),
  url: ReportUrl,
  user_agent: z.string().max(512).optional(),
  body: z.object({
    documentURL: ReportUrl,
    referrer: ReportUrl.nullish(),
    blockedURL: ReportUrl.nullish(),
    effectiveDirective: Directive,
    originalPolicy: Policy.nullish(),
    sourceFile: ReportUrl.nullish(),
    sample: Sample.nullish(),
    disposition: z.enum(['enforce', 'report']),
    statusCode: z.number().int().nullish(),
    lineNumber: Position.nullish(),
    columnNumber: Position.nullish(),
  }),
});

/** What the Reporting API posts (`application/reports+json`): a batch of reports. */
export const ReportingApiBatchSchema = z.array(CspViolationReportSchema).min(1).max(50).meta({ id: 'CspReportBatch' });

export type CspReport = z.infer<typeof CspReportSchema>;
export type ReportingApiBatch = z.infer<typeof ReportingApiBatchSchema>;
