import type { AdminBrand, AdminCreator } from '@kollab/contract/api/admin';
import { creatorProfiles, type User } from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandProfile, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { toAdminUser } from './people.service.ts';

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

/*
 * The brands and creators tables sorted by a profile column read the rows with a value from the
 * profile's index and then the rows without one (profilePageOf, migration 0035): whole pages in
 * both directions, with equal values (the id decides), brands without a profile and creators
 * without followers (last in either direction, by id), the category filter, and the cursor of a
 * page that ends on a row without a value.
 */
describe('admin tables sorted by a profile column', () => {
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  /** The list's order: the value in its direction, empty values last, then the id. */
  const ordered = <Row extends { id: string }>(
    rows: Row[],
    value: (row: Row) => string | number | null,
    order: 'asc' | 'desc',
  ) =>
    [...rows].sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      if (x === y) return byId(a, b);
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * (order === 'asc' ? 1 : -1);
    });

  /** Every page by cursor from page 1, each compared whole; then the same pages by number. */
  async function walk(base: string, pageSize: number, expected: unknown[]) {
    const pages = Math.ceil(expected.length / pageSize);
    let cursor: string | null = null;
    for (let n = 1; n <= pages; n += 1) {
      const res = await get(`${base}&pageSize=${pageSize}&page=${n}${cursor ? `&cursor=${cursor}` : ''}`);
      const answer = (await res.json()) as Page;
      const data = expected.slice((n - 1) * pageSize, n * pageSize);
      const last = data.length === pageSize;
      expect(answer, `${base} page ${n}`).toEqual({
        data,
        total: expected.length,
        totalIsEstimate: false,
        nextCursor: last ? expect.any(String) : null,
      });
      const byNumber = await page(`${base}&pageSize=${pageSize}&page=${n}`);
      expect(byNumber, `${base} page ${n} by number`).toEqual(answer);
      cursor = answer.nextCursor;
    }
    if (cursor) {
      expect(await page(`${base}&pageSize=${pageSize}&page=${pages + 1}&cursor=${cursor}`)).toEqual({
        data: [],
        total: expected.length,
        totalIsEstimate: false,
        nextCursor: null,
      });
    }
  }

  it('brands by company name: ties by id, brands without a profile last in both directions', async () => {
    const names = ['Alfa AB', 'Beta AB', 'Beta AB', null, 'Ceta AB', null, 'Alfa AB'];
    const rows: AdminBrand[] = [];
    for (const [n, companyName] of names.entries()) {
      const brand = await createUser(t.db, { role: 'brand', email: `profile-order-brand-${n}@example.se` });
      if (companyName) await createBrandProfile(t.db, brand.id, { companyName });
      rows.push({
        ...toAdminUser(brand),
        companyName,
        orgNumber: null,
        website: null,
        instagramHandle: null,
        instagramFollowers: null,
        campaigns: 0,
      });
    }
    for (const order of ['asc', 'desc'] as const) {
      const expected = ordered(rows, (row) => row.companyName, order);
      // Nulls last either way: the two brands without a profile close the list in both orders.
      expect(expected.slice(-2).map((row) => row.companyName)).toEqual([null, null]);
      for (const pageSize of [2, 3, rows.length]) {
        await walk(`/api/admin/brands?q=profile-order-brand&sort=companyName&order=${order}`, pageSize, expected);
      }
    }
  });

  it('creators by followers with a category: ties by id, empty followers and no profile last', async () => {
    const creators: [followers: number | null, categories: string[]][] = [
      [5000, ['food']],
      [null, ['food']],
      [1200, ['food', 'beauty']],
      [5000, ['food']],
      [80_000, ['beauty']],
      [1200, ['food']],
      [null, ['beauty']],
      [300, ['food']],
      [5000, ['food', 'travel']],
    ];
    const rows: AdminCreator[] = [];
    for (const [n, [followers, categories]] of creators.entries()) {
      const creator = await createUser(t.db, { role: 'creator', email: `profile-order-creator-${n}@example.se` });
      await t.db
        .update(creatorProfiles)
        .set({ instagramFollowers: followers, tiktokFollowers: followers && followers * 2, categories })
        .where(eq(creatorProfiles.userId, creator.id));
      rows.push({
        ...toAdminUser(creator),
        categories,
        instagramHandle: null,
        instagramFollowers: followers,
        tiktokHandle: null,
        tiktokFollowers: followers && followers * 2,
        tier: null,
        identityVerifiedAt: null,
      });
    }
    // A creator whose profile is gone sorts as one without followers (and has no category).
    const bare = await createUser(t.db, { role: 'creator', email: 'profile-order-creator-bare@example.se' });
    await t.db.delete(creatorProfiles).where(eq(creatorProfiles.userId, bare.id));
    const bareRow: AdminCreator = {
      ...toAdminUser(bare),
      categories: [],
      instagramHandle: null,
      instagramFollowers: null,
      tiktokHandle: null,
      tiktokFollowers: null,
      tier: null,
      identityVerifiedAt: null,
    };
    const food = rows.filter((row) => row.categories.includes('food'));
    expect(food).toHaveLength(7);
    for (const order of ['asc', 'desc'] as const) {
      for (const sort of ['instagramFollowers', 'tiktokFollowers'] as const) {
        const base = `/api/admin/creators?q=profile-order-creator&sort=${sort}&order=${order}`;
        await walk(
          `${base}&category=food`,
          2,
          ordered(food, (row) => row[sort], order),
        );
        await walk(
          base,
          3,
          ordered([...rows, bareRow], (row) => row[sort], order),
        );
      }
    }
  });
});
