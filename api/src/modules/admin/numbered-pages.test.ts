import { NUMBERED_PAGES_ROWS, PROFILE_SORT_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import { auditLog, deletionRequests, subscribers, type User } from '@kollab/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandProfile, createCampaign, createClaim, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

/*
 * The admin tables with keyset pages serve a page by number only within the first
 * NUMBERED_PAGES_ROWS rows, PROFILE_SORT_NUMBERED_ROWS sorted by a profile's column (ADR 036): past it `page` without `cursor` is a 422 naming `page`, before
 * any SQL, and with the previous page's cursor any page is served. The subscribers, deletion
 * requests and audit log tables page by cursor too: following `nextCursor` gives the pages OFFSET
 * gives, in both directions, over equal sort values.
 */

let t: TestApp;
let admin: User;
let adminCookie: string;

// Seven rows per table, on three instants: equal sort values are ordered by id.
const AT = ['2026-11-01T10:00:00Z', '2026-11-01T10:00:00Z', '2026-11-02T10:00:00Z'];
const at = (n: number) => new Date(AT[n % AT.length] as string);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  adminCookie = await loginAs(t.db, admin);
  for (let n = 0; n < 7; n += 1) {
    const brand = await createUser(t.db, { role: 'brand', email: `numbered-brand-${n}@example.se` });
    await createBrandProfile(t.db, brand.id, { companyName: `Numbered ${n % 3}` });
    const creator = await createUser(t.db, { role: 'creator', email: `numbered-creator-${n}@example.se` });
    const campaign = await createCampaign(t.db, brand.id, { startsAt: at(n) }, { funded: false });
    await createClaim(t.db, campaign, creator.id, { createdAt: at(n) });
    await t.db.insert(subscribers).values({
      email: `numbered-${n}@example.se`,
      categories: ['food'],
      consentVersion: '1',
      consentedAt: at(n),
      unsubscribeTokenHash: `numbered-unsubscribe-${n}`,
      createdAt: at(n),
    });
    await t.db.insert(deletionRequests).values({
      email: `numbered-${n}@example.se`,
      source: 'public',
      dueAt: at(n),
      createdAt: at(n + 1),
    });
    await t.db.insert(auditLog).values({
      actorId: admin.id,
      actorRole: 'admin',
      action: 'numbered.test',
      entityType: 'numbered',
      entityId: `numbered-${n}`,
      createdAt: at(n),
    });
  }
});
afterAll(() => t.close());

interface Page {
  data: { id: string }[];
  total: number;
  nextCursor: string | null;
}

const get = (path: string) => t.app.request(path, { headers: jsonHeaders(adminCookie) });

async function page(path: string): Promise<Page> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as Page;
}

const TABLES: [string, number][] = [
  ['users?sort=email&order=asc', NUMBERED_PAGES_ROWS],
  ['brands?sort=createdAt&order=desc', NUMBERED_PAGES_ROWS],
  ['brands?sort=companyName&order=asc', PROFILE_SORT_NUMBERED_ROWS],
  ['brands?sort=companyName&order=desc', PROFILE_SORT_NUMBERED_ROWS],
  ['creators?sort=email&order=asc', NUMBERED_PAGES_ROWS],
  ['creators?sort=instagramFollowers&order=desc', PROFILE_SORT_NUMBERED_ROWS],
  ['creators?sort=tiktokFollowers&order=asc', PROFILE_SORT_NUMBERED_ROWS],
  ['campaigns?sort=startsAt&order=desc', NUMBERED_PAGES_ROWS],
  ['claims?sort=createdAt&order=desc', NUMBERED_PAGES_ROWS],
  ['subscribers?sort=createdAt&order=desc', NUMBERED_PAGES_ROWS],
  ['deletion-requests?sort=dueAt&order=asc', NUMBERED_PAGES_ROWS],
  ['audit-log?sort=createdAt&order=desc', NUMBERED_PAGES_ROWS],
];

describe('admin tables: pages by number only within the first rows', () => {
  it.each(TABLES)('%s: the deepest numbered page is served, the next one is a 422 naming page', async (table, rows) => {
    const pageSize = 25;
    const deepest = Math.ceil(rows / pageSize);
    // OFFSET rows - 25: within the limit (and past every row here: an empty page, no cursor).
    const last = await page(`/api/admin/${table}&pageSize=${pageSize}&page=${deepest}`);
    expect(last.data).toEqual([]);
    expect(last.nextCursor).toBeNull();

    const res = await get(`/api/admin/${table}&pageSize=${pageSize}&page=${deepest + 1}`);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { code: string; message: string; fields: Record<string, string[]> } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message).toBe(
      `Invalid page: past the first ${rows} rows, ask with the previous page's nextCursor`,
    );
    expect(body.error.fields).toEqual({
      page: [`pages past the first ${rows} rows are asked for with the previous page's cursor`],
    });
  });

  it.each(TABLES)('%s: a page past the numbered ones is served with the previous page cursor', async (table) => {
    const first = await page(`/api/admin/${table}&pageSize=2&page=1`);
    expect(first.data).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    // `page` only says which page the client shows: OFFSET 11,998 with a cursor is served.
    const far = await page(`/api/admin/${table}&pageSize=2&page=6000&cursor=${first.nextCursor}`);
    const second = await page(`/api/admin/${table}&pageSize=2&page=2`);
    expect(far.data.length).toBeGreaterThan(0);
    expect(far.data).toEqual(second.data);
  });

  it('exports are not paged: every filtered row, whatever page the query names', async () => {
    const res = await get(`/api/admin/subscribers/export?q=numbered-&page=${NUMBERED_PAGES_ROWS}`);
    expect(res.status).toBe(200);
    expect((await res.text()).trim().split('\n')).toHaveLength(8);
  });
});

describe('subscribers, deletion requests and audit log: keyset pages', () => {
  it.each([
    'subscribers?q=numbered-&sort=createdAt&order=desc',
    'subscribers?q=numbered-&sort=createdAt&order=asc',
    'subscribers?q=numbered-&sort=email&order=asc',
    'deletion-requests?sort=dueAt&order=asc',
    'deletion-requests?sort=createdAt&order=desc',
    'audit-log?entityType=numbered&sort=createdAt&order=desc',
    'audit-log?entityType=numbered&sort=createdAt&order=asc',
  ])('following nextCursor (%s) gives the pages OFFSET gives, then null', async (list) => {
    const base = `/api/admin/${list}&pageSize=3`;
    const byOffset: string[][] = [];
    for (let n = 1; n <= 3; n += 1) byOffset.push((await page(`${base}&page=${n}`)).data.map((row) => row.id));
    expect(byOffset.flat()).toHaveLength(7);
    expect(new Set(byOffset.flat()).size).toBe(7);

    const byCursor: string[][] = [];
    let cursor: string | null = null;
    for (let n = 1; n <= 3; n += 1) {
      const answer: Page = await page(`${base}&page=${n}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.total).toBe(7);
      byCursor.push(answer.data.map((row) => row.id));
      cursor = answer.nextCursor;
      if (n < 3) expect(cursor).toEqual(expect.any(String));
    }
    expect(byCursor).toEqual(byOffset);
    expect(cursor).toBeNull();
  });

  it('a cursor of another order is a 422 naming cursor, and nothing is read', async () => {
    const first = await page('/api/admin/audit-log?entityType=numbered&sort=createdAt&order=desc&pageSize=3');
    const res = await get(
      `/api/admin/audit-log?entityType=numbered&order=asc&pageSize=3&page=2&cursor=${first.nextCursor}`,
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(Object.keys(body.error.fields)).toEqual(['cursor']);
  });
});
