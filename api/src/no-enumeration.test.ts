import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { subscribers } from '@kollab/db/schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../test/support/test-app.ts';

/**
 * Issue 20, item 2 (ADR 019): the public forms that take an e-mail address answer the same, in the
 * same time, whether or not the address is registered. Each endpoint gets 200 requests with a known
 * and 200 with an unknown address, interleaved (the order inside each pair alternates) after a
 * warm-up, and the medians of the two may differ by at most 1 ms. The work an answer leaves for
 * later runs to its end before the next request (`settle`), so one request's mail never lands in
 * the next one's time, and each known request is checked to have sent its mail.
 *
 * On a loaded 2-core machine other processes take the CPU at random moments, which can move one
 * median of 200 by about a millisecond (seen once on PostgreSQL at load 16: 1.13 ms, and 0.26 ms
 * the other way on the rerun). So a gap over the limit is not final: another 200 pairs are added
 * and the medians of all samples compared again, at most 3 blocks in all. Noise shrinks as samples
 * add up; a real difference (5.3 ms when the reset mail is sent before the answer) does not.
 */
const SAMPLES = 200;
const MAX_BLOCKS = 3;
const WARM_UP = 20;
const MAX_MEDIAN_GAP_MS = 1;

let t: TestApp;
let sequence = 0;

beforeAll(async () => {
  // Every request comes from one client and most go to one address: the limits (per IP, per
  // address, mails per address) are raised so that each request does its full work.
  t = await createTestApp({ settings: { RATE_LIMIT_MULTIPLIER: '1000' } });
});
afterAll(() => t.close());

interface Sample {
  ms: number;
  /** Status, body and every header but the request id: what the client can compare. */
  answer: string;
}

async function timed(request: () => Promise<Response>): Promise<Sample> {
  const started = performance.now();
  const res = await request();
  const ms = performance.now() - started;
  const headers = [...res.headers].filter(([name]) => name !== 'x-request-id');
  const answer = JSON.stringify([res.status, headers, await res.text()]);
  await t.settle();
  return { ms, answer };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Sends `request(known)` for known and unknown addresses in alternating pairs and compares. */
async function measure(name: string, request: (known: boolean) => Promise<Response>) {
  const samples = { known: [] as Sample[], unknown: [] as Sample[] };
  let rounds = 0;
  const pair = async (keep: boolean) => {
    const order = rounds % 2 === 0 ? [true, false] : [false, true];
    rounds += 1;
    for (const known of order) {
      const sample = await timed(() => request(known));
      if (keep) samples[known ? 'known' : 'unknown'].push(sample);
    }
  };
  for (let round = 0; round < WARM_UP; round += 1) await pair(false);
  let gapMs = Number.POSITIVE_INFINITY;
  for (let block = 1; block <= MAX_BLOCKS && gapMs > MAX_MEDIAN_GAP_MS; block += 1) {
    for (let round = 0; round < SAMPLES; round += 1) await pair(true);
    const known = median(samples.known.map((sample) => sample.ms));
    const unknown = median(samples.unknown.map((sample) => sample.ms));
    gapMs = Math.abs(known - unknown);
    console.info(
      `${name}: median ${known.toFixed(3)} ms known, ${unknown.toFixed(3)} ms unknown, ` +
        `gap ${gapMs.toFixed(3)} ms over ${samples.known.length} requests each`,
    );
  }
  return {
    gapMs,
    /** Pairs sent, warm-up included: each sent one known request. */
    rounds,
    answers: {
      known: [...new Set(samples.known.map((sample) => sample.answer))],
      unknown: [...new Set(samples.unknown.map((sample) => sample.answer))],
    },
  };
}

/** How many mails were written to `to` (mail goes to files in the data folder here). */
async function mailsTo(to: string): Promise<number> {
  await t.settle();
  const folder = join(t.env.DATA_DIR, 'mail');
  const files = await readdir(folder).catch(() => [] as string[]);
  const heads = await Promise.all(files.map((file) => readFile(join(folder, file), 'utf8')));
  return heads.filter((mail) => mail.includes(`\nTo: ${to}\n`)).length;
}

/** Every known and every unknown request got the same answer: 202 with `body`, the same headers. */
function expectOneAnswer(answers: { known: string[]; unknown: string[] }, body: unknown): void {
  expect(answers.known).toHaveLength(1);
  expect(answers.unknown).toEqual(answers.known);
  expect(JSON.parse(answers.known[0] ?? '[]')).toEqual([202, expect.any(Array), JSON.stringify(body)]);
}

const post = async (path: string, body: unknown, cookie?: string): Promise<Response> =>
  t.app.request(path, { method: 'POST', headers: jsonHeaders(cookie), body: JSON.stringify(body) });

describe('no enumeration by timing', { timeout: 240_000 }, () => {
  it('POST /api/auth/forgot-password', async () => {
    const known = await createUser(t.db, { email: 'reset-known@example.se', password: 'vattenmelon-cykel-7' });
    const result = await measure('forgot-password', (isKnown) =>
      post('/api/auth/forgot-password', { email: isKnown ? known.email : 'reset-unknown@example.se' }),
    );
    expectOneAnswer(result.answers, { status: 'check_email' });
    expect(await mailsTo(known.email)).toBe(result.rounds);
    expect(await mailsTo('reset-unknown@example.se')).toBe(0);
    expect(result.gapMs).toBeLessThanOrEqual(MAX_MEDIAN_GAP_MS);
  });

  it('POST /api/auth/signup', async () => {
    const known = await createUser(t.db, { email: 'signup-known@example.se' });
    const result = await measure('signup', (isKnown) =>
      post('/api/auth/signup', {
        fullName: 'Saga Svensson',
        email: isKnown ? known.email : `signup-new-${++sequence}@example.se`,
        password: 'vattenmelon-cykel-7',
        role: 'creator',
        acceptPrivacy: true,
      }),
    );
    expectOneAnswer(result.answers, { status: 'check_email' });
    expect(await mailsTo(known.email)).toBe(result.rounds);
    expect(await mailsTo(`signup-new-${sequence}@example.se`)).toBe(1);
    expect(result.gapMs).toBeLessThanOrEqual(MAX_MEDIAN_GAP_MS);
  });

  it('POST /api/auth/resend-verification (an unverified account mails, a verified one does not)', async () => {
    const unverified = await createUser(t.db, { email: 'resend-unverified@example.se', verified: false });
    const verified = await createUser(t.db, { email: 'resend-verified@example.se' });
    const cookies = { unverified: await loginAs(t.db, unverified), verified: await loginAs(t.db, verified) };
    const result = await measure('resend-verification', (isUnverified) =>
      post('/api/auth/resend-verification', {}, isUnverified ? cookies.unverified : cookies.verified),
    );
    expectOneAnswer(result.answers, { status: 'sent' });
    expect(await mailsTo(unverified.email)).toBe(result.rounds);
    expect(await mailsTo(verified.email)).toBe(0);
    expect(result.gapMs).toBeLessThanOrEqual(MAX_MEDIAN_GAP_MS);
  });

  it('POST /api/subscribers (a confirmed subscriber against a new address)', async () => {
    const subscription = (email: string) => ({
      email,
      marketingConsent: true,
      consentVersion: '2026-11-01',
      instagramName: 'saga.creates',
      categories: ['food'],
    });
    await timed(() => post('/api/subscribers', subscription('subscribed@example.se')));
    await t.db
      .update(subscribers)
      .set({ confirmedAt: new Date(), confirmTokenHash: null })
      .where(sql`lower(${subscribers.email}) = 'subscribed@example.se'`);
    const result = await measure('subscribe', (isKnown) =>
      post('/api/subscribers', subscription(isKnown ? 'subscribed@example.se' : `new-${++sequence}@example.se`)),
    );
    expectOneAnswer(result.answers, { status: 'pending_confirmation' });
    // The first mail confirmed the subscription; every later one asks to confirm a change.
    expect(await mailsTo('subscribed@example.se')).toBe(1 + result.rounds);
    expect(result.gapMs).toBeLessThanOrEqual(MAX_MEDIAN_GAP_MS);
  });
});
