import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { EXACT_TOTAL_LIMIT } from '../../lib/row-estimate.ts';

// Past EXACT_TOTAL_LIMIT matching campaigns the list's total is the planner's estimate, and the
// answer says so (ADR 036); below it the total is counted and says so too.

let t: TestApp;
let creatorCookie: string;
/** Copies titled "Kopia röd …": past the exact-count limit, below twice it (counted, then estimated). */
const RED = 14_000;
/** Copies titled "Kopia blå …"; with the red ones, past twice the limit (estimated without counting). */
const BLUE = 12_000;
const EXTRA = RED + BLUE;

beforeAll(async () => {
  t = await createTestApp();
  const brand = await createUser(t.db, { role: 'brand' });
  creatorCookie = await loginAs(t.db, await createUser(t.db, { role: 'creator' }));
  const model = await createCampaign(t.db, brand.id, { title: 'Förlaga' });
  await createCampaign(t.db, brand.id, { title: 'Ensam kaktus' });
  // Copies of one published campaign, every column but the id (and the title, to search by).
  await t.db.execute(sql`
    do $$
    declare
      columns text := (select string_agg(quote_ident(column_name), ', ') from information_schema.columns
                        where table_name = 'campaigns' and table_schema = current_schema()
                          and column_name not in ('id', 'title'));
    begin
      execute format(
        'insert into campaigns (id, title, %s) select %L || g, case when g <= %s then %L else %L end || g, %s
           from campaigns, generate_series(1, %s) g where id = %L',
        columns, 'copy-', ${sql.raw(String(RED))}, 'Kopia röd ', 'Kopia blå ', columns, ${sql.raw(String(EXTRA))},
        ${sql.raw(`'${model.id}'`)});
    end $$`);
  await t.db.execute(sql`analyze campaigns`);
});
afterAll(() => t.close());

async function firstPage(query: string): Promise<{ total: number; totalIsEstimate: boolean; count: number }> {
  const res = await t.app.request(`/api/campaigns?pageSize=5${query}`, { headers: jsonHeaders(creatorCookie) });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: unknown[]; total: number; totalIsEstimate: boolean };
  return { total: body.total, totalIsEstimate: body.totalIsEstimate, count: body.data.length };
}

describe('the campaign list past the exact-count limit', () => {
  it('answers an estimated total, marked, and keeps saying so from its kept pages', async () => {
    for (let round = 0; round < 2; round++) {
      const page = await firstPage('');
      expect(page.totalIsEstimate).toBe(true);
      expect(page.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
      expect(page.count).toBe(5);
    }
  });

  it('counts a search with few matches exactly', async () => {
    expect(await firstPage('&q=kaktus')).toEqual({ total: 1, totalIsEstimate: false, count: 1 });
  });

  // The estimate is the planner's, from ANALYZE's sample of the titles (migration 0037): near the
  // real number, not the number counting stopped at.
  it("answers a search counted past the limit with the planner's estimate of its matches, not 10,001", async () => {
    const page = await firstPage('&q=röd');
    expect(page).toEqual({ total: expect.any(Number), totalIsEstimate: true, count: 5 });
    expect(page.total).toBeGreaterThan(RED * 0.9);
    expect(page.total).toBeLessThan(RED * 1.1);
  });

  it('answers a search estimated past twice the limit with the estimate, from its kept page too', async () => {
    for (let round = 0; round < 2; round++) {
      const page = await firstPage('&q=kopia');
      expect(page).toEqual({ total: expect.any(Number), totalIsEstimate: true, count: 5 });
      expect(page.total).toBeGreaterThan(2 * EXACT_TOTAL_LIMIT);
      expect(page.total).toBeGreaterThan(EXTRA * 0.9);
      expect(page.total).toBeLessThan(EXTRA * 1.1);
    }
  });

  it('answers the count a first page with room to spare shows, when the estimate says far more', async () => {
    // Statistics as ANALYZE left them (26,000 copies), three copies left: the estimate is stale.
    await t.db.execute(sql`delete from campaigns where id like 'copy-%' and id not in ('copy-1', 'copy-2', 'copy-3')`);
    expect(await firstPage('&q=kopia')).toEqual({ total: 3, totalIsEstimate: false, count: 3 });
  });
});
