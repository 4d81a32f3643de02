/** Helpers shared by the sample provider's tests: in-process requests with a bearer key. */
import type { Hono } from 'hono';

export const TEST_KEY = 'test-key';

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Sends a request to the app in process and parses the JSON answer. */
export async function call(
  app: Hono<never> | { request: Hono['request'] },
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await app.request(path, {
    method,
    headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed };
}
