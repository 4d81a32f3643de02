import type { User } from '@kollab/db/schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

/*
 * Keyset pages of the admin tables (ADR 036): following `nextCursor` from page 1 must give exactly
 * the pages `OFFSET` gives, in every order, including the hard cases: equal sort values (the id
 * decides), empty values (last in both directions) and timestamps that differ only in their
 * microseconds (which a JavaScript Date would round away).
 */

let t: TestApp;
let admin: User;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  adminCookie = await loginAs(t.db, admin);
  const followers = [5000, null, 1200, 5000, null, 80_000, 1200, 300, null, 5000, 42, 1200, null];
  for (const [n, count] of followers.entries()) {
    const creator = await createUser(t.db, {
      role: 'creator',
      fullName: `Keyset Creator ${n}`,
      email: `keyset-${n}@example.se`,
    });
    await t.db.execute(sql`update creator_profiles set instagram_followers = ${count} where user_id = ${creator.id}`);
    // Three creators per millisecond, apart only in their microseconds.
    await t.db.execute(
      sql`update users set created_at = timestamptz '2026-11-01 10:00:00.123+00' + make_interval(secs => ${Math.floor(n / 3)} * 0.001 + ${n % 3} * 0.000001)
          where id = ${creator.id}`,
    );
  }
});
afterAll(() => t.close());

interface Page {
  data: { id: string }[];
  total: number;
  nextCursor: string | null;
}

async function get(path: string): Promise<Response> {
  return t.app.request(path, { headers: jsonHeaders(adminCookie) });
}

async function page(path: string): Promise<Page> {
  const res = await get(path);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}

describe('admin tables: keyset pages', () => {
  it.each([
    'sort=createdAt&order=desc',
    'sort=createdAt&order=asc',
    'sort=instagramFollowers&order=desc',
    'sort=instagramFollowers&order=asc',
    'sort=email&order=asc',
    'sort=fullName&order=desc',
  ])('following nextCursor (%s) gives the pages OFFSET gives, then null', async (order) => {
    const base = `/api/admin/creators?q=keyset-&pageSize=4&${order}`;
    const byOffset: string[][] = [];
    for (let n = 1; n <= 4; n += 1) byOffset.push((await page(`${base}&page=${n}`)).data.map((row) => row.id));
    expect(byOffset.flat()).toHaveLength(13);

    const byCursor: string[][] = [];
    let cursor: string | null = null;
    for (let n = 1; n <= 4; n += 1) {
      const answer: Page = await page(`${base}&page=${n}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.total).toBe(13);
      byCursor.push(answer.data.map((row) => row.id));
      cursor = answer.nextCursor;
      if (n < 4) expect(cursor).toEqual(expect.any(String));
    }
    expect(byCursor).toEqual(byOffset);
    // The last page had 1 row of 4: there is no page after it.
    expect(cursor).toBeNull();
  });

  it('a full last page still offers a cursor, and the page after it is empty', async () => {
    const first = await page('/api/admin/users?q=keyset-&pageSize=13');
    expect(first.data).toHaveLength(13);
    const after = await page(`/api/admin/users?q=keyset-&pageSize=13&page=2&cursor=${first.nextCursor}`);
    expect(after).toEqual({ data: [], total: 13, totalIsEstimate: false, nextCursor: null });
  });

  it('a cursor is tied to its order: another order, or anything it did not give, is a 422 naming it', async () => {
    const { nextCursor } = await page('/api/admin/creators?q=keyset-&pageSize=4&sort=email&order=asc');
    const forged = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    const cases: [string, string][] = [
      [
        `/api/admin/creators?q=keyset-&sort=email&order=desc&cursor=${nextCursor}`,
        'Invalid cursor: it belongs to the order email asc, not email desc: start from page 1',
      ],
      ['/api/admin/creators?cursor=bm90IGpzb24', 'Invalid cursor: not a cursor this list gave'],
      [
        `/api/admin/creators?cursor=${forged(['createdAt', 'desc', 'yesterday', 'x'])}`,
        'Invalid cursor: not a cursor this list gave',
      ],
      [
        `/api/admin/creators?cursor=${forged(['createdAt', 'desc', null, 'x'])}`,
        'Invalid cursor: not a cursor this list gave',
      ],
      [
        `/api/admin/claims?cursor=${forged(['status', 'desc', 'won', 'x'])}&sort=status`,
        'Invalid cursor: not a cursor this list gave',
      ],
    ];
    for (const [path, message] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(422);
      expect(await res.json()).toEqual({
        error: {
          code: 'validation_failed',
          message,
          fields: { cursor: [message.replace('Invalid cursor: ', '')] },
          requestId: res.headers.get('x-request-id'),
        },
      });
    }
  });
});
