import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ captureLogs: true, settings: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

/** Posts a report as a browser on this origin does, from a client IP of its own unless one is given. */
function report(body: string | null, contentType: string | null, ip = `10.9.0.${++ipCounter}`) {
  return t.app.request('/api/csp-report', {
    method: 'POST',
    headers: {
      Origin: 'http://localhost:3000',
      'X-Forwarded-For': ip,
      ...(contentType ? { 'Content-Type': contentType } : {}),
    },
    body,
  });
}

function violationsLogged(): unknown[] {
  return t
    .logs()
    .filter((line) => line.msg === 'content security policy violation')
    .map((line) => ({ level: line.level, requestId: line.requestId, cspViolation: line.cspViolation }));
}

const errorBody = (res: Response, code: string, message: string, fields?: Record<string, string[]>) => ({
  error: { code, message, ...(fields ? { fields } : {}), requestId: res.headers.get('x-request-id') },
});

/** What Chromium 156 posted for an inline script on a page with `report-uri` only (recorded). */
const LEGACY = {
  'csp-report': {
    'document-uri': 'http://localhost:3000/app/reset-password?token=abcdefghijklmnopqrstuvwx#top',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'none'; report-uri /api/csp-report",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 1,
    'column-number': 40,
    'source-file': 'http://localhost:3000/app/reset-password?token=abcdefghijklmnopqrstuvwx',
    'status-code': 200,
    'script-sample': '',
  },
};

/** The Reporting API's shape (`report-to`), two violations in one batch. */
const BATCH = [
  {
    type: 'csp-violation',
    age: 12,
    url: 'http://localhost:3000/en/',
    user_agent: 'Mozilla/5.0',
    body: {
      documentURL: 'http://localhost:3000/en/',
      referrer: null,
      blockedURL: 'https://evil.example/x.js?session=abc',
      effectiveDirective: 'script-src-elem',
      originalPolicy: "default-src 'none'",
      sourceFile: null,
      sample: null,
      disposition: 'enforce',
      statusCode: 200,
      lineNumber: null,
      columnNumber: null,
    },
  },
  {
    type: 'csp-violation',
    age: 15,
    url: 'http://localhost:3000/app/',
    body: {
      documentURL: 'http://localhost:3000/app/',
      blockedURL: 'eval',
      effectiveDirective: 'script-src',
      disposition: 'enforce',
      sourceFile: 'http://localhost:3000/app/assets/index-abc.js',
      sample: 'Function()',
      lineNumber: 3,
      columnNumber: 7,
    },
  },
];

describe('POST /api/csp-report', () => {
  it('logs a report-uri report without query values and answers 204', async () => {
    const before = violationsLogged().length;
    const res = await report(JSON.stringify(LEGACY), 'application/csp-report');
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(violationsLogged().slice(before)).toEqual([
      {
        level: 40,
        requestId: res.headers.get('x-request-id'),
        cspViolation: {
          documentUrl: 'http://localhost:3000/app/reset-password?token=…',
          blockedUrl: 'inline',
          directive: 'script-src-elem',
          disposition: 'enforce',
          sourceFile: 'http://localhost:3000/app/reset-password?token=…',
          line: 1,
          column: 40,
          sample: null,
        },
      },
    ]);
  });

  it('logs each report of a Reporting API batch', async () => {
    const before = violationsLogged().length;
    const res = await report(JSON.stringify(BATCH), 'application/reports+json');
    expect(res.status).toBe(204);
    const requestId = res.headers.get('x-request-id');
    expect(violationsLogged().slice(before)).toEqual([
      {
        level: 40,
        requestId,
        cspViolation: {
          documentUrl: 'http://localhost:3000/en/',
          blockedUrl: 'https://evil.example/x.js?session=…',
          directive: 'script-src-elem',
          disposition: 'enforce',
          sourceFile: null,
          line: null,
          column: null,
          sample: null,
        },
      },
      {
        level: 40,
        requestId,
        cspViolation: {
          documentUrl: 'http://localhost:3000/app/',
          blockedUrl: 'eval',
          directive: 'script-src',
          disposition: 'enforce',
          sourceFile: 'http://localhost:3000/app/assets/index-abc.js',
          line: 3,
          column: 7,
          sample: 'Function()',
        },
      },
    ]);
  });

  it.each([
    [
      'malformed JSON as application/csp-report',
      '{"csp-report":',
      'application/csp-report',
      400,
      'bad_request',
      'Malformed JSON in request body',
      undefined,
    ],
    [
      'malformed JSON as application/reports+json',
      '[{',
      'application/reports+json',
      400,
      'bad_request',
      'Malformed JSON in request body',
      undefined,
    ],
    [
      'another media type',
      JSON.stringify(LEGACY),
      'text/plain',
      400,
      'bad_request',
      'Unsupported Media Type',
      undefined,
    ],
    [
      'a post without a body',
      null,
      null,
      400,
      'bad_request',
      'Content-Type must be application/csp-report or application/reports+json',
      undefined,
    ],
    [
      'a report without its directive',
      JSON.stringify({ 'csp-report': { 'document-uri': 'http://localhost:3000/' } }),
      'application/csp-report',
      422,
      'validation_failed',
      'Request json is invalid',
      { 'csp-report.violated-directive': ['required'] },
    ],
    [
      'a batch with another kind of report',
      JSON.stringify([{ ...BATCH[0], type: 'deprecation' }]),
      'application/reports+json',
      422,
      'validation_failed',
      'Request json is invalid',
      { '0.type': ['invalid_value'] },
    ],
    [
      'an empty batch',
      '[]',
      'application/reports+json',
      422,
      'validation_failed',
      'Request json is invalid',
      { $: ['too_few'] },
    ],
  ])('refuses %s and logs nothing', async (_name, body, type, status, code, message, fields) => {
    const before = violationsLogged().length;
    const res = await report(body, type);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual(errorBody(res, code, message, fields));
    expect(violationsLogged()).toHaveLength(before);
  });

  it('refuses a body over 16 KiB with payload_too_large and logs nothing', async () => {
    const before = violationsLogged().length;
    const big = { 'csp-report': { ...LEGACY['csp-report'], 'original-policy': 'x'.repeat(17 * 1024) } };
    const res = await report(JSON.stringify(big), 'application/csp-report');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(errorBody(res, 'payload_too_large', 'Report is larger than 16384 bytes'));
    expect(violationsLogged()).toHaveLength(before);
  });

  it('allows 60 reports per client IP in 15 minutes, then answers rate_limited', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 61; attempt += 1) {
      statuses.push((await report(JSON.stringify(LEGACY), 'application/csp-report', '10.9.9.9')).status);
    }
    expect(statuses).toEqual([...Array(60).fill(204), 429]);
    const limited = await report(JSON.stringify(LEGACY), 'application/csp-report', '10.9.9.9');
    const retryAfter = limited.headers.get('retry-after');
    expect(Number(retryAfter)).toBeGreaterThan(800);
    expect(await limited.json()).toEqual(
      errorBody(limited, 'rate_limited', `Too many attempts; try again in ${retryAfter} s`),
    );
    expect((await report(JSON.stringify(LEGACY), 'application/csp-report', '10.9.9.10')).status).toBe(204);
  });
});
