import type { CspReport, ReportingApiBatch } from '@kollab/contract/api/csp-reports';
import type { Logger } from 'pino';
import { withoutQueryValues } from '../../lib/mailer.ts';

/** One violation as it is logged, whichever format the browser used. */
export interface CspViolation {
  documentUrl: string;
  blockedUrl: string | null;
  directive: string;
  disposition: 'enforce' | 'report' | null;
  sourceFile: string | null;
  line: number | null;
  column: number | null;
  sample: string | null;
}

/**
 * A reported URL without its query values or fragment: pages such as `/app/reset-password?token=…`
 * would otherwise put a live token in the log. Keywords (`inline`, `eval`, `data`) stay as sent.
 */
function loggable(value: string | null | undefined): string | null {
  if (!value) return null;
  return URL.canParse(value) ? withoutQueryValues(value) : value;
}

export function fromCspReport({ 'csp-report': report }: CspReport): CspViolation {
  return {
    documentUrl: loggable(report['document-uri']) ?? '',
    blockedUrl: loggable(report['blocked-uri']),
    directive: report['effective-directive'] ?? report['violated-directive'],
    disposition: report.disposition ?? null,
    sourceFile: loggable(report['source-file']),
    line: report['line-number'] ?? null,
    column: report['column-number'] ?? null,
    sample: report['script-sample'] || null,
  };
}

export function fromReportingApi(batch: ReportingApiBatch): CspViolation[] {
  return batch.map(({ body }) => ({
    documentUrl: loggable(body.documentURL) ?? '',
    blockedUrl: loggable(body.blockedURL),
    directive: body.effectiveDirective,
    disposition: body.disposition,
    sourceFile: loggable(body.sourceFile),
    line: body.lineNumber ?? null,
    column: body.columnNumber ?? null,
    sample: body.sample || null,
  }));
}

/** One warning per violation, so they can be counted and alerted on like any other log line. */
export function logViolations(logger: Logger, violations: CspViolation[]): void {
  for (const violation of violations) logger.warn({ cspViolation: violation }, 'content security policy violation');
}
