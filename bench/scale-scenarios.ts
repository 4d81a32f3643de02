// The scenarios of `npm run bench:scale` (scale.ts): what each reads, at which budget, and how the
// deep pages and search terms are picked.
import { MONEY_NUMBERED_ROWS, NUMBERED_PAGES_ROWS, PROFILE_SORT_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import type postgres from 'postgres';

export interface Scenario {
  name: string;
  budget: number;
  cookie: 'creator' | 'admin';
  paths: string[];
  /** The warm-up's paths when not `paths` (deep pages: every measured request asks a page not yet cached). */
  warmUp?: string[];
  /**
   * An admin table's page reached once the API is up as the grid reaches it paging forward: its
   * deepest page by number (`from`), then page by page with each `nextCursor` up to `page`. The
   * measured path is the page after `page`, by `page`'s cursor (ADR 036).
   */
  cursorAfter?: { path: string; page: number; from: number };
  /** A path the API must refuse with a 422 naming `page` (the first page past the numbered ones), checked once. */
  refused?: string;
}

export const md5id = async (sql: postgres.Sql, kind: string, n: number) =>
  (await sql<{ id: string }[]>`select substr(md5(${kind} || ${n}::text), 1, 24) as id`)[0]?.id ?? '';

/** The creator's list at pages from, from + 1, …: each a different page, so none comes from the page cache. */
export const pages = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `/api/campaigns?page=${from + i}`);
/**
 * The creator's list at pages from, from + 1, … asked for as the portal asks after paging forward:
 * with the previous page's cursor (ADR 036). The cursors are read from the database directly (the
 * key of every 20th published campaign in the list's order), not by paging through the API.
 */
export async function cursorPages(sql: postgres.Sql, from: number, count: number): Promise<string[]> {
  const keys = await sql<{ value: string; id: string }[]>`
    select value, id from (
      select starts_at::text as value, id, row_number() over (order by starts_at desc, id) as n
        from (select starts_at, id from campaigns where status = 'published'
               order by starts_at desc, id limit ${(from + count - 1) * 20}) as walk) as numbered
     where n % 20 = 0 and n >= ${(from - 1) * 20}`;
  return keys.map(({ value, id }, i) => {
    const cursor = Buffer.from(JSON.stringify(['startsAt', 'desc', value, id])).toString('base64url');
    return `/api/campaigns?page=${from + i}&cursor=${cursor}`;
  });
}

const SV_TERMS = ['löparskor', 'hudvård', 'kaffe', 'inredning', 'träning', 'smycken', 'hållbar', 'glasögon'];
const EN_TERMS = [
  'running shoes',
  'skincare',
  'coffee',
  'interior',
  'workout',
  'jewellery',
  'sustainable',
  'sunglasses',
];
/** Terms one campaign each has (its number in the title): a search whose few matches come through the trigram index. */
const RARE_TERMS = ['918705', '123457', '400001', '777777', '246813', '135791', '500003', '864209'];
const search = (terms: string[]) =>
  terms.flatMap((term) => [1, 2, 3].map((page) => `/api/campaigns?q=${encodeURIComponent(term)}&page=${page}`));

/** Measured paths and warm-up paths from one list, so no measured page was asked for before. */
function halves(paths: string[]): Pick<Scenario, 'paths' | 'warmUp'> {
  const middle = Math.ceil(paths.length / 2);
  return { paths: paths.slice(0, middle), warmUp: paths.length > 1 ? paths.slice(middle) : undefined };
}

export function scenarios(claimId: string, byCursor: { deep: string[]; deeper: string[] }, depth: number): Scenario[] {
  // The admin tables serve a page by number only within the first NUMBERED_PAGES_ROWS rows, or
  // PROFILE_SORT_NUMBERED_ROWS sorted by a profile's column (ADR 036): the deepest such page is what
  // a link or a reload of the grid's URL can ask, and the page after it must be refused. Paging
  // forward the grid asks page 1,000 with page 999's cursor. Brands and the creators of one category
  // are 20,000 and 14,000 at 1M: ten rows a page for them, so page 1,000 exists.
  const admin = (name: string, path: string, numberedRows = NUMBERED_PAGES_ROWS): Scenario[] => {
    const pageSize = Number(new URLSearchParams(path.split('?')[1]).get('pageSize') ?? 25);
    const deepest = Math.ceil(numberedRows / pageSize);
    return [
      { name: `admin ${name} p1`, budget: 50, cookie: 'admin', paths: [`${path}&page=1`] },
      {
        name: `admin ${name} p${deepest} by number`,
        budget: 50,
        cookie: 'admin',
        paths: [`${path}&page=${deepest}`],
        refused: `${path}&page=${deepest + 1}`,
      },
      {
        name: `admin ${name} p1000 by cursor`,
        budget: 50,
        cookie: 'admin',
        paths: [],
        cursorAfter: { path, page: depth - 1, from: Math.min(deepest, depth - 1) },
      },
    ];
  };
  return [
    { name: 'campaigns p1 (creator)', budget: 25, cookie: 'creator', paths: ['/api/campaigns'] },
    // By number (OFFSET) the API serves only the pages within the first 10,000 campaigns (ADR 036):
    // the deepest of them here; pages further in are asked for by cursor (the next two).
    {
      name: 'campaigns p250-499 by number',
      budget: 25,
      cookie: 'creator',
      paths: pages(250, 250),
      warmUp: pages(2, 248),
    },
    { name: 'campaigns p1000+ by cursor', budget: 25, cookie: 'creator', ...halves(byCursor.deep) },
    { name: 'campaigns p9000+ by cursor', budget: 25, cookie: 'creator', ...halves(byCursor.deeper) },
    { name: 'search sv', budget: 25, cookie: 'creator', paths: search(SV_TERMS) },
    { name: 'search en', budget: 25, cookie: 'creator', paths: search(EN_TERMS) },
    // Page 1 only: a search with one match has no page 2 to offer.
    {
      name: 'search rare',
      budget: 25,
      cookie: 'creator',
      paths: RARE_TERMS.map((term) => `/api/campaigns?q=${term}`),
    },
    ...admin('users', '/api/admin/users?sort=email&order=asc&role=creator'),
    ...admin(
      'brands',
      '/api/admin/brands?sort=companyName&order=asc&suspended=no&pageSize=10',
      PROFILE_SORT_NUMBERED_ROWS,
    ),
    ...admin(
      'creators',
      '/api/admin/creators?sort=instagramFollowers&order=desc&category=food&pageSize=10',
      PROFILE_SORT_NUMBERED_ROWS,
    ),
    ...admin('campaigns', '/api/admin/campaigns?sort=startsAt&order=desc&status=published'),
    ...admin('claims', '/api/admin/claims?sort=createdAt&order=desc&status=accepted'),
    // The money tables and provider usage (ADR 036, "The money tables"): each in a sort and filter
    // the grid offers, walking a `(column, id)` index that carries the filter's columns; by number
    // only within MONEY_NUMBERED_ROWS (a filter not leading the index multiplies what OFFSET walks).
    ...admin('payments', '/api/admin/payments?sort=amountOre&order=desc&status=paid', MONEY_NUMBERED_ROWS),
    ...admin('escrow', '/api/admin/escrow?sort=fundedAt&order=desc&open=no', MONEY_NUMBERED_ROWS),
    ...admin('invoices', '/api/admin/invoices?sort=issuedOn&order=desc&kind=invoice', MONEY_NUMBERED_ROWS),
    ...admin('payouts', '/api/admin/payouts?sort=createdAt&order=desc&rail=bank', MONEY_NUMBERED_ROWS),
    ...admin('withdrawals', '/api/admin/withdrawals?sort=createdAt&order=asc&status=paid', MONEY_NUMBERED_ROWS),
    ...admin('provider usage', '/api/admin/provider-usage?sort=credits&order=desc', MONEY_NUMBERED_ROWS),
    // 400 batches at 1M: page 1 and the last page (by number); page 1,000 does not exist.
    {
      name: 'admin payout batches p1',
      budget: 50,
      cookie: 'admin',
      paths: ['/api/admin/payout-batches?sort=createdAt&order=desc&page=1'],
    },
    {
      name: 'admin payout batches p16 by number',
      budget: 50,
      cookie: 'admin',
      paths: ['/api/admin/payout-batches?sort=createdAt&order=desc&page=16'],
    },
    { name: 'conversation history', budget: 25, cookie: 'creator', paths: [`/api/conversations/${claimId}/messages`] },
    { name: 'earnings (creator)', budget: 25, cookie: 'creator', paths: ['/api/earnings'] },
  ];
}
