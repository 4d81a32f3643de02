import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';
import { SERVED_BY } from '../support/round-robin-proxy.ts';
import { proxiedInstanceNames, RATE_LIMIT_MULTIPLIER } from '../support/server-env.ts';
import { baseUrl, uniqueSuffix, verifyLink } from './actors.ts';

/**
 * What API instances must share through PostgreSQL, checked where a user would notice. With
 * E2E_INSTANCES=2 the round-robin proxy spreads requests over the instances and names the one that
 * answered in X-Served-By; these specs check that they reached every instance, so a session kept in
 * one process's memory, a rate limit counted per process or a chat message announced only in its
 * own process fails them. With one server they check the same behaviour without the spreading.
 */

const CREATOR = { email: 'creator@demo.kollab.se', password: 'demo-creator-2026' };
const CAMPAIGN = 'Höstens fjällrost';
/** Chat messages per user and minute (chat.service.ts), times the suite's RATE_LIMIT_MULTIPLIER. */
const CHAT_LIMIT = 20 * RATE_LIMIT_MULTIPLIER;

/** The instance names among `responses`, sorted, without repeats (none when no proxy names them). */
function servedBy(responses: APIResponse[]): string[] {
  const names = responses.map((response) => response.headers()[SERVED_BY]).filter((name) => name !== undefined);
  return [...new Set(names)].sort();
}

async function csrfToken(api: APIRequestContext): Promise<string> {
  return ((await (await api.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
}

/** GET /api/auth/session at least four times and until every instance has answered (at most 20). */
async function sessionEverywhere(api: APIRequestContext): Promise<{ emails: (string | null)[]; instances: string[] }> {
  const responses: APIResponse[] = [];
  const emails: (string | null)[] = [];
  const wanted = proxiedInstanceNames();
  while (responses.length < 4 || (servedBy(responses).length < wanted.length && responses.length < 20)) {
    const response = await api.get('/api/auth/session');
    responses.push(response);
    emails.push(((await response.json()) as { user?: { email: string } }).user?.email ?? null);
  }
  return { emails: [...new Set(emails)], instances: servedBy(responses) };
}

test('a session made on one API instance holds on every instance, and signing out ends it on all', async ({
  playwright,
}) => {
  const origin = baseUrl();
  const api = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  const signIn = await api.post('/api/auth/callback/credentials', {
    form: { csrfToken: await csrfToken(api), email: CREATOR.email, password: CREATOR.password, json: 'true' },
  });
  expect(signIn.status()).toBe(200);
  expect(await signIn.json()).toEqual({ url: `${origin}/app/` });
  expect(await sessionEverywhere(api)).toEqual({ emails: [CREATOR.email], instances: proxiedInstanceNames() });

  const signOut = await api.post('/api/auth/signout', {
    form: { csrfToken: await csrfToken(api), callbackUrl: '/app/login', json: 'true' },
  });
  expect(signOut.status()).toBe(200);
  expect(await signOut.json()).toEqual({ url: `${origin}/app/login` });
  expect(await sessionEverywhere(api)).toEqual({ emails: [null], instances: proxiedInstanceNames() });
  await api.dispose();
});

test('chat messages posted to any instance arrive live; a flood is stopped at the limit counted across instances', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(scaled(120_000));
  // A fresh, verified creator (the page's own cookies, in English) with a claim, hence a conversation.
  const url = baseUrl();
  await page.context().addCookies([{ name: 'locale', value: 'en', url }]);
  const api = page.request;
  const headers = { Origin: url };
  const email = `flood-${uniqueSuffix()}@example.com`;
  const signUp = await api.post('/api/auth/signup', {
    data: { fullName: 'Flora Flood', email, password: 'a long password 2026', role: 'creator', acceptPrivacy: true },
    headers,
  });
  expect(signUp.status()).toBe(202);
  const token = new URL(await verifyLink(email), url).searchParams.get('token');
  expect((await api.post('/api/auth/verify-email', { data: { token }, headers })).ok()).toBe(true);
  const found = (await (await api.get(`/api/campaigns?q=${encodeURIComponent(CAMPAIGN)}`)).json()) as {
    data: { id: string; title: string }[];
  };
  const campaign = found.data.find((item) => item.title === CAMPAIGN);
  const claim = await api.post(`/api/campaigns/${campaign?.id}/claims`, {
    data: { guidelinesConfirmed: true },
    headers,
  });
  expect(claim.status()).toBe(201);
  const claimId = ((await claim.json()) as { data: { id: string } }).data.id;

  // Messages posted to every instance reach the open conversation live, whichever instance holds
  // its event stream (the server listens before it answers).
  const stream = page.waitForResponse('**/api/messages/stream**');
  await page.goto(`/app/messages/${claimId}`);
  expect((await stream).status()).toBe(200);
  const log = page.getByRole('log', { name: 'Messages with Fjällkaffe AB' });
  await expect(log.getByText('No messages yet')).toBeVisible();
  const post = (number: number) =>
    api.post(`/api/conversations/${claimId}/messages`, { data: { body: `Message ${number}` }, headers });
  const live: APIResponse[] = [];
  while (live.length < 4 || (servedBy(live).length < proxiedInstanceNames().length && live.length < 20)) {
    live.push(await post(live.length + 1));
  }
  expect(live.map((response) => response.status())).toEqual(Array(live.length).fill(201));
  expect(servedBy(live)).toEqual(proxiedInstanceNames());
  for (let number = 1; number <= live.length; number++) {
    await expect(log.getByText(`Message ${number}`, { exact: true })).toBeVisible();
  }

  // Up to the limit they all go through, eight at a time, well inside the one-minute window. The
  // page is closed meanwhile: every open event stream reads the database once per message.
  await page.goto('about:blank');
  const flood: APIResponse[] = [];
  for (let number = live.length + 1; number <= CHAT_LIMIT; number += 8) {
    const batch = Array.from({ length: Math.min(8, CHAT_LIMIT - number + 1) }, (_, index) => post(number + index));
    flood.push(...(await Promise.all(batch)));
  }
  expect(flood.map((response) => response.status()).filter((status) => status !== 201)).toEqual([]);
  expect(servedBy(flood)).toEqual(proxiedInstanceNames());

  // The next is refused, by whichever instance gets it, and the portal says why.
  const refused = await api.post(`/api/conversations/${claimId}/messages`, { data: { body: 'One more' }, headers });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
  await page.goto(`/app/messages/${claimId}`);
  await expect(log.getByText(`Message ${CHAT_LIMIT}`, { exact: true })).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Are you still there?');
  await box.press('Enter');
  await expect(
    page.getByText('You have sent a lot of messages in a short time. Wait a minute, then send again.'),
  ).toBeVisible();
  await expect(box).toHaveValue('Are you still there?');
  await checkPage(page, 'chat rate limited');
  // The browser logs the refused request; it was the point. Anything else still fails the test.
  const index = pageErrors.findIndex((error) => error.includes('status of 429'));
  expect(index, 'the logged 429').toBeGreaterThanOrEqual(0);
  pageErrors.splice(index, 1);
});
