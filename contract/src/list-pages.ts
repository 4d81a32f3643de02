// How far pages are served by number (ADR 036): values without zod, so the portal can import them.

/**
 * A page asked for by number (OFFSET) starts within the first NUMBERED_PAGES_ROWS (10,000) rows; a
 * page further in is asked for with the previous page's `nextCursor` (ADR 036). The campaign list's
 * limit, and every admin table's: OFFSET 10,000 walks at most 10,000 index entries, where page 1,000
 * of 20,000 brands by company name joined and checked every skipped row (2–3 s p50 at 200 req/s).
 */
export { NUMBERED_PAGES_ROWS } from './campaigns.ts';

/**
 * The brands table sorted by company name and the creators table sorted by followers (a column of
 * the profile table) serve a page by number only within the first this many rows. Their page walks
 * the profile's index and looks up each row's user for the filters (role, suspended, category):
 * OFFSET n is n look-ups, 10–40 µs each on the 2-core machine (OFFSET 240 of one category's
 * creators: 4–8 ms, which at 200 req/s queued to 580 ms p50), and past about 250 rows PostgreSQL
 * switches to a hash join and sort of every brand (30–80 ms; ADR 036, "Pages by number in the admin
 * tables"). Paging forward by cursor costs what page 1 does in every order.
 */
export const PROFILE_SORT_NUMBERED_ROWS = 100;

/**
 * The money tables (payments, escrow, invoices, payouts, the payouts queue, payout batches) and
 * provider usage serve a page by number only within the first this many rows. Their filters are not
 * the first columns of the order's index but ride in it (INCLUDE, migration 0040), so OFFSET n walks
 * n ÷ (the filter's share of the rows) index entries: page 400 of the invoices (a third of the
 * documents) walked 30,005 entries to skip 9,975, and of the closed escrows 39,722. On the 1M seed
 * that was 3.5–4.6 ms a statement and at 200 req/s p50 43 ms, p99 142 ms (ADR 036, "Pages by number
 * in the money tables"). Within 2,500 rows a filter that keeps a quarter of the rows walks what an
 * unfiltered page 400 does. Paging forward by cursor costs what page 1 does in every order.
 */
export const MONEY_NUMBERED_ROWS = 2_500;
