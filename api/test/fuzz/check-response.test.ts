import { describe, expect, it } from 'vitest';
import { checkResponse } from './check-response.ts';

const REQUEST_ID = 'b6f1c7de-0000-4000-8000-000000000001';

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return {
    status,
    headers: new Headers({ 'Content-Type': 'application/json', 'X-Request-Id': REQUEST_ID, ...headers }),
    text: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

const envelope = (code: string, extra: Record<string, unknown> = {}) => ({
  error: { code, message: 'Request json is invalid', requestId: REQUEST_ID, ...extra },
});

describe('checkResponse', () => {
  it('accepts documented errors in the envelope and parseable successes', () => {
    expect(checkResponse(json(422, envelope('validation_failed', { fields: { title: ['too_short'] } })))).toEqual([]);
    expect(checkResponse(json(404, envelope('not_found')))).toEqual([]);
    expect(checkResponse(json(429, envelope('credit_cap_reached')))).toEqual([]);
    expect(checkResponse(json(200, { data: [] }))).toEqual([]);
    expect(checkResponse({ status: 204, headers: new Headers(), text: '' })).toEqual([]);
    expect(checkResponse({ status: 302, headers: new Headers({ Location: '/app/' }), text: '' })).toEqual([]);
    expect(
      checkResponse({ status: 200, headers: new Headers({ 'Content-Type': 'text/csv' }), text: 'id,name\n' }),
    ).toEqual([]);
  });

  it('flags every status of 500 and above, even in the envelope', () => {
    expect(checkResponse(json(500, envelope('internal_error')))).toEqual(['status 500']);
    expect(checkResponse(json(502, envelope('provider_error')))).toEqual(['status 502']);
  });

  it('flags errors that are not JSON or not exactly the envelope', () => {
    expect(
      checkResponse({ status: 404, headers: new Headers({ 'Content-Type': 'text/html' }), text: '<h1>404</h1>' }),
    ).toEqual(['error response is not JSON (Content-Type "text/html")']);
    expect(checkResponse(json(400, '{"error":'))).toEqual(['error body does not parse as JSON']);
    expect(checkResponse(json(400, { message: 'bad' }))).toEqual(['error body is not {"error":{…}}']);
    expect(checkResponse(json(400, { ...envelope('bad_request'), status: 400 }))).toEqual([
      'error body is not {"error":{…}}',
    ]);
    expect(checkResponse(json(400, envelope('bad_request', { details: 'x' })))).toEqual([
      'error has unexpected keys details',
    ]);
    expect(checkResponse(json(400, envelope('oops')))).toEqual(['error.code "oops" is not a documented code']);
    expect(checkResponse(json(400, envelope('not_found')))).toEqual([
      'error.code not_found belongs to status 404, not 400',
    ]);
    expect(checkResponse(json(400, envelope('bad_request', { message: '' })))).toEqual([
      'error.message is not a non-empty string',
    ]);
    expect(checkResponse(json(400, envelope('bad_request', { requestId: undefined })))).toEqual([
      'error.requestId is missing',
    ]);
    expect(checkResponse(json(400, envelope('bad_request', { requestId: 'other' })))).toEqual([
      'error.requestId differs from the X-Request-Id header',
    ]);
    expect(checkResponse(json(422, envelope('validation_failed', { fields: { title: 'too_short' } })))).toEqual([
      'error.fields is not a map of string arrays',
    ]);
  });

  it('flags stack traces, source paths and database errors in any body', () => {
    const leak = (message: string) => json(400, envelope('bad_request', { message }));
    expect(checkResponse(leak('boom\n    at handler (/app/api/src/modules/x.ts:12:5)'))).toEqual([
      'body contains a stack trace',
      'body contains a source path',
    ]);
    expect(checkResponse(leak('at file:///app/node_modules/hono/dist/index.js:3:1'))).toEqual([
      'body contains a stack trace',
      'body contains a source path',
    ]);
    expect(checkResponse(leak('duplicate key value violates unique constraint "users_email_key"'))).toEqual([
      'body contains a database error',
    ]);
    expect(checkResponse(leak("TypeError: Cannot read properties of undefined (reading 'id')"))).toEqual([
      'body contains a JavaScript error',
    ]);
    expect(checkResponse(json(200, { data: 'invalid input syntax for type integer' }))).toEqual([
      'body contains a database error',
    ]);
  });

  it('flags a 2xx JSON body that does not parse', () => {
    expect(checkResponse(json(200, '{"data": [1,'))).toEqual(['2xx JSON body does not parse']);
  });

  it('checks a 4xx that the operation documents as an answer like a 2xx, and only that status', () => {
    const refused = json(401, { url: 'http://localhost:3000/app/login?error=CredentialsSignin' });
    expect(checkResponse(refused, [401])).toEqual([]);
    expect(checkResponse(json(401, '{"url":'), [401])).toEqual(['2xx JSON body does not parse']);
    expect(checkResponse(refused)).toEqual(['error body is not {"error":{…}}']);
    expect(checkResponse(json(403, { url: '/x' }), [401])).toEqual(['error body is not {"error":{…}}']);
  });
});
