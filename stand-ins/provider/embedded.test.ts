import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_MAX_BODY_BYTES } from './app.ts';
import { type EmbeddedSampleProvider, startEmbeddedSampleProvider } from './embedded.ts';

/*
 * Issue 26 item 6: the sample provider answered on the API's public server, with a hard-coded key
 * and outside the API's body limit. It now runs on a loopback port of its own.
 */

/** The key the sample used to accept from anyone who read the source. */
const OLD_PUBLIC_KEY = 'kollab-sample-provider';

describe('the embedded sample provider', () => {
  let sample: EmbeddedSampleProvider;
  beforeAll(async () => {
    sample = await startEmbeddedSampleProvider();
  });
  afterAll(() => sample?.close());

  const userInfo = (key?: string) =>
    fetch(`${sample.url}/user/info`, key ? { headers: { Authorization: `Bearer ${key}` } } : {});

  it('listens on the loopback interface only, with a key of its own', async () => {
    expect(new URL(sample.url).hostname).toBe('127.0.0.1');
    expect(sample.apiKey).toMatch(/^[\w-]{32}$/);
    const other = await startEmbeddedSampleProvider();
    try {
      expect(other.apiKey).not.toBe(sample.apiKey);
      expect(new URL(other.url).port).not.toBe(new URL(sample.url).port);
    } finally {
      await other.close();
    }
    for (const key of [undefined, OLD_PUBLIC_KEY]) {
      const refused = await userInfo(key);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({
        error: true,
        code: 'api_token_invalid',
        message: 'Missing or invalid API token.',
      });
    }
    expect((await userInfo(sample.apiKey)).status).toBe(200);
  });

  it('refuses a body over the API’s 1 MiB limit with 413, before reading it or charging anything', async () => {
    expect(SAMPLE_MAX_BODY_BYTES).toBe(1024 * 1024);
    const before = (await (await userInfo(sample.apiKey)).json()) as { billing: unknown };
    const big = JSON.stringify({ filter: {}, padding: 'x'.repeat(SAMPLE_MAX_BODY_BYTES) });
    const res = await fetch(`${sample.url}/instagram/search`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sample.apiKey}`, 'Content-Type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: true,
      code: 'payload_too_large',
      message: `The body is larger than ${SAMPLE_MAX_BODY_BYTES} bytes.`,
    });
    const after = (await (await userInfo(sample.apiKey)).json()) as { billing: unknown };
    expect(after.billing).toEqual(before.billing);
  });
});
