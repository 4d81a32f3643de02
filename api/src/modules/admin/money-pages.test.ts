import { MONEY_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import {
  billingDocuments,
  campaignFunding,
  payments,
  payoutBatches,
  payouts,
  providerUsage,
  type User,
  withdrawals,
} from '@kollab/db/schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandProfile, createCampaign, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

/*
 * The money tables (payments, escrow, invoices, payouts, payout batches, the payouts queue of
 * withdrawals) and provider usage page by cursor like the other admin tables (ADR 036): following
 * `nextCursor` gives, in every order the grid offers and in both directions, the pages OFFSET gives,
 * every row once, over equal sort values (equal values by id in the list's direction); a page by
 * number only within the first MONEY_NUMBERED_ROWS rows (422 naming `page` past it); the total
 * counted, and estimated past 10,000 rows.
 */

let t: TestApp;
let admin: User;
let adminCookie: string;

const ROWS = 7;
// Seven rows per table over three values: equal sort values are ordered by id.
const AT = ['2026-11-01T10:00:00Z', '2026-11-01T10:00:00Z', '2026-11-02T10:00:00Z'];
const at = (n: number) => new Date(AT[n % AT.length] as string);
const DAYS = ['2026-11-01', '2026-11-01', '2026-11-03'];
const day = (n: number) => DAYS[n % DAYS.length] as string;
const AMOUNTS = [50_000, 50_000, 70_000];
const amount = (n: number) => AMOUNTS[n % AMOUNTS.length] as number;

const party = { name: 'Pengar AB', addressLines: ['Gatan 1', '111 22 Stockholm'], orgNumber: null };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  adminCookie = await loginAs(t.db, admin);
  const creator = await createUser(t.db, { role: 'creator', email: 'money-pages-creator@example.se' });
  for (let n = 0; n < ROWS; n += 1) {
    const brand = await createUser(t.db, { role: 'brand', email: `money-pages-brand-${n}@example.se` });
    await createBrandProfile(t.db, brand.id, { companyName: `Pengar ${n}` });
    const campaign = await createCampaign(t.db, brand.id, {}, { funded: false });
    await t.db.insert(campaignFunding).values({
      campaignId: campaign.id,
      fundedAt: at(n),
      closedAt: n % 2 === 0 ? null : at(n + 1),
    });
    const budget = amount(n);
    await t.db.insert(payments).values({
      brandId: brand.id,
      campaignId: campaign.id,
      method: n % 2 === 0 ? 'card' : 'invoice',
      status: n % 3 === 2 ? 'failed' : 'paid',
      slots: 1,
      payoutOre: budget,
      creatorBudgetOre: budget,
      feeBasisPoints: 0,
      feeOre: 0,
      vatBasisPoints: 0,
      vatOre: 0,
      amountOre: budget,
      createdAt: at(n),
    });
    await t.db.insert(billingDocuments).values({
      kind: n % 3 === 2 ? 'receipt' : 'invoice',
      series: n % 2 === 0 ? 'F' : 'K',
      number: 1000 + Math.floor(n / 2),
      documentNumber: `${n % 2 === 0 ? 'F' : 'K'}${1000 + Math.floor(n / 2)}`,
      brandId: brand.id,
      campaignId: campaign.id,
      issuedOn: day(n),
      dueOn: n % 3 === 2 ? null : day(n + 1),
      seller: { ...party, bankgiro: '123-4567' },
      buyer: party,
      lines: [],
      netOre: budget,
      vatOre: 0,
      totalOre: budget,
      paidOre: n % 4 === 0 ? budget : 0,
      paidAt: n % 4 === 0 ? at(n) : null,
    });
    const [withdrawal] = await t.db
      .insert(withdrawals)
      .values({
        userId: creator.id,
        amountOre: amount(n),
        paymentMethodType: 'swish',
        paymentMethodMasked: '070•••••12',
        status: n % 2 === 0 ? 'requested' : 'sent',
        createdAt: at(n),
      })
      .returning();
    const [batch] = await t.db
      .insert(payoutBatches)
      .values({
        messageId: `money-pages-${n}`,
        payoutCount: 1,
        totalOre: amount(n),
        executionDate: day(n),
        createdAt: at(n),
      })
      .returning();
    await t.db.insert(payouts).values({
      withdrawalId: withdrawal?.id,
      batchId: n % 2 === 0 ? batch?.id : null,
      rail: n % 2 === 0 ? 'bank' : 'swish',
      endToEndId: `money-pages-${n}`,
      amountOre: amount(n),
      status: n % 3 === 2 ? 'paid' : 'sent',
      createdAt: at(n),
    });
    await t.db.insert(providerUsage).values({
      userId: n < 4 ? brand.id : admin.id,
      day: day(n) === '2026-11-01' && n >= 4 ? `2026-10-2${n}` : day(n),
      creditHundredths: amount(n) / 100,
      rawRequests: n % 2,
      requests: 3,
    });
  }
});
afterAll(() => t.close());

interface Page {
  data: ({ id: string } & Record<string, unknown>)[];
  total: number;
  totalIsEstimate: boolean;
  nextCursor: string | null;
}

const get = (path: string) => t.app.request(path, { headers: jsonHeaders(adminCookie) });

async function page(path: string): Promise<Page> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as Page;
}

/** Each list, its orders (field as the API names it, the row's field holding the value) and its filters. */
const LISTS: { path: string; sorts: [string, string][]; filters: string[] }[] = [
  {
    path: 'admin/payments',
    sorts: [
      ['createdAt', 'createdAt'],
      ['amountOre', 'amountOre'],
    ],
    filters: ['status=paid', 'method=card'],
  },
  { path: 'admin/escrow', sorts: [['fundedAt', 'fundedAt']], filters: ['open=yes'] },
  {
    path: 'admin/invoices',
    sorts: [
      ['issuedOn', 'issuedOn'],
      ['dueOn', 'dueOn'],
      ['totalOre', 'totalOre'],
      ['documentNumber', 'documentNumber'],
    ],
    filters: ['kind=invoice', 'state=paid', 'state=overdue'],
  },
  { path: 'admin/payouts', sorts: [['createdAt', 'createdAt']], filters: ['rail=bank', 'status=sent'] },
  { path: 'admin/payout-batches', sorts: [['createdAt', 'createdAt']], filters: [] },
  {
    path: 'admin/withdrawals',
    sorts: [
      ['createdAt', 'createdAt'],
      ['amountOre', 'amountOre'],
    ],
    filters: ['status=requested'],
  },
  {
    path: 'admin/provider-usage',
    sorts: [
      ['day', 'day'],
      ['credits', 'credits'],
      ['rawRequests', 'rawRequests'],
      ['requests', 'requests'],
    ],
    filters: ['from=2026-11-01', 'q=money-pages-brand'],
  },
];

const ORDERS = LISTS.flatMap(({ path, sorts }) =>
  sorts.flatMap(([sort, field]) => (['asc', 'desc'] as const).map((order) => ({ path, sort, field, order }))),
);

/** A document number's running number (`F1002` → 1002): the `documentNumber` order is by it. */
const sortValue = (row: Record<string, unknown>, field: string): string | number | null => {
  const value = row[field] as string | number | null;
  return field === 'documentNumber' ? Number(String(value).slice(1)) : value;
};

async function walk(base: string): Promise<{ byOffset: Page[]; byCursor: Page[] }> {
  const byOffset: Page[] = [];
  const byCursor: Page[] = [];
  let cursor: string | null = null;
  for (let n = 1; n <= Math.ceil(ROWS / 3); n += 1) {
    byOffset.push(await page(`${base}&page=${n}`));
    const answer: Page = await page(`${base}&page=${n}${cursor ? `&cursor=${cursor}` : ''}`);
    byCursor.push(answer);
    cursor = answer.nextCursor;
  }
  return { byOffset, byCursor };
}

describe('money tables and provider usage: keyset pages', () => {
  it.each(ORDERS)('$path by $sort $order: every row once, in order, by cursor as by OFFSET', async (list) => {
    const { byOffset, byCursor } = await walk(`/api/${list.path}?sort=${list.sort}&order=${list.order}&pageSize=3`);
    expect(byCursor).toEqual(byOffset);
    const rows = byCursor.flatMap((answer) => answer.data);
    expect(rows).toHaveLength(ROWS);
    expect(new Set(rows.map((row) => row.id)).size).toBe(ROWS);
    expect(byCursor.map((answer) => [answer.total, answer.totalIsEstimate])).toEqual([
      [ROWS, false],
      [ROWS, false],
      [ROWS, false],
    ]);
    expect(byCursor.map((answer) => answer.nextCursor === null)).toEqual([false, false, true]);
    // In the order asked, empty values last; equal values by id in the same direction.
    const direction = list.order === 'asc' ? 1 : -1;
    for (let n = 1; n < rows.length; n += 1) {
      const [before, after] = [rows[n - 1], rows[n]] as [Page['data'][number], Page['data'][number]];
      const [a, b] = [sortValue(before, list.field), sortValue(after, list.field)];
      if (b === null) continue;
      expect(a, `${list.path} row ${n}`).not.toBeNull();
      if (a === b) {
        if (list.path !== 'admin/provider-usage') expect(before.id.localeCompare(after.id) * direction).toBeLessThan(0);
      } else {
        expect(((a as number | string) < b ? 1 : -1) * direction, `${list.path} row ${n}`).toBe(1);
      }
    }
  });

  it.each(
    LISTS.flatMap(({ path, sorts, filters }) => filters.map((filter) => ({ path, sort: sorts[0]?.[0], filter }))),
  )('$path with $filter: the filtered rows by cursor as by OFFSET, and their total', async (list) => {
    const base = `/api/${list.path}?sort=${list.sort}&order=desc&${list.filter}&pageSize=3`;
    const { byOffset, byCursor } = await walk(base);
    expect(byCursor).toEqual(byOffset);
    const all = await page(`/api/${list.path}?sort=${list.sort}&order=desc&${list.filter}&pageSize=100`);
    expect(all.data.length).toBeGreaterThan(0);
    expect(all.data.length).toBeLessThan(ROWS);
    expect(all.total).toBe(all.data.length);
    expect(byCursor.flatMap((answer) => answer.data)).toEqual(all.data);
  });

  it.each(LISTS)('$path: the deepest numbered page is served, the next one is a 422 naming page', async ({ path }) => {
    const deepest = Math.ceil(MONEY_NUMBERED_ROWS / 25);
    const last = await page(`/api/${path}?pageSize=25&page=${deepest}`);
    expect(last.data).toEqual([]);
    expect(last.nextCursor).toBeNull();

    const res = await get(`/api/${path}?pageSize=25&page=${deepest + 1}`);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: `Invalid page: past the first ${MONEY_NUMBERED_ROWS} rows, ask with the previous page's nextCursor`,
        fields: {
          page: [`pages past the first ${MONEY_NUMBERED_ROWS} rows are asked for with the previous page's cursor`],
        },
        requestId: expect.any(String),
      },
    });
    // With a cursor the page is served whatever its number.
    const first = await page(`/api/${path}?pageSize=2`);
    const far = await page(`/api/${path}?pageSize=2&page=${deepest + 1}&cursor=${first.nextCursor}`);
    expect(far.data).toEqual((await page(`/api/${path}?pageSize=2&page=2`)).data);
  });

  it.each(ORDERS.filter((list) => list.order === 'desc'))(
    '$path: a cursor of another order is a 422 naming cursor',
    async (list) => {
      const first = await page(`/api/${list.path}?sort=${list.sort}&order=desc&pageSize=2`);
      const res = await get(
        `/api/${list.path}?sort=${list.sort}&order=asc&pageSize=2&page=2&cursor=${first.nextCursor}`,
      );
      expect(res.status).toBe(422);
      const body = (await res.json()) as { error: { fields: Record<string, string[]> } };
      expect(body.error.fields).toEqual({
        cursor: [`it belongs to the order ${list.sort} desc, not ${list.sort} asc: start from page 1`],
      });
    },
  );

  it.each([
    ['invoices?sort=issuedOn&order=desc', 'issuedOn', 'yesterday'],
    ['invoices?sort=dueOn&order=asc', 'dueOn', '2026-02-30'],
    ['provider-usage?sort=credits&order=desc', 'credits', '99999999999'],
    ['payments?sort=amountOre&order=desc', 'amountOre', '12.50'],
  ])(
    '%s: a cursor whose value PostgreSQL could not read back (%s %s) is a 422 naming cursor',
    async (list, field, value) => {
      const order = list.endsWith('asc') ? 'asc' : 'desc';
      const cursor = Buffer.from(JSON.stringify([field, order, value, 'x'])).toString('base64url');
      const res = await get(`/api/admin/${list}&page=2&cursor=${cursor}`);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { error: { fields: Record<string, string[]> } };
      expect(body.error.fields).toEqual({ cursor: ['not a cursor this list gave'] });
    },
  );

  it('past 10,000 rows the total is the planner estimate, and paging by cursor still walks in order', async () => {
    await t.db.execute(sql`
      insert into payout_batches (id, message_id, payout_count, total_ore, execution_date, created_at)
      select 'bulk' || lpad(n::text, 20, '0'), 'money-pages-bulk-' || n, 1, 100, '2026-11-01',
             timestamptz '2026-10-01 00:00:00+00' + (n % 500) * interval '1 minute'
        from generate_series(1, 10100) n`);
    await t.db.execute(sql`analyze payout_batches`);
    const first = await page('/api/admin/payout-batches?pageSize=100');
    expect(first.totalIsEstimate).toBe(true);
    expect(first.total).toBeGreaterThan(10_000);
    expect(first.total).toBeLessThan(12_000);
    const second = await page(`/api/admin/payout-batches?pageSize=100&page=2&cursor=${first.nextCursor}`);
    const byNumber = await page('/api/admin/payout-batches?pageSize=100&page=2');
    expect(second.data).toEqual(byNumber.data);
  });
});
