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
const EXTRA = EXACT_TOTAL_LIMIT + 50;

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
        'insert into campaigns (id, title, %s) select %L || g, %L || g, %s from campaigns, generate_series(1, %s) g where id = %L',
        columns, 'copy-', 'Kopia ', columns, ${sql.raw(String(EXTRA))}, ${sql.raw(`'${model.id}'`)});
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
});
