import { providerCache } from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { cacheKey } from './cache.ts';

/*
 * A cached report served by two instances that trust what they hold in memory (ADR 035): no database
 * question per request, yet a refresh made anywhere is served everywhere within a second.
 */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp({ settings: { INSTANCE_CACHE_MS: '60000' } });
  b = await createTestApp({ settings: { INSTANCE_CACHE_MS: '60000' }, shareDatabaseWith: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

interface Report {
  data: Record<string, unknown>;
  meta: { cached: boolean; fetchedAt: string; credits: number };
}

describe('prepared reports held in memory', () => {
  it('serves the report from memory, and a refresh made on another instance within 1 s', async () => {
    const cookie = await loginAs(a.db, await createUser(a.db, { role: 'brand' }));
    const path = '/api/discovery/instagram/reports/cleo.creates';
    const get = async (t: TestApp) => {
      const res = await t.app.request(path, { headers: jsonHeaders(cookie) });
      expect(res.status).toBe(200);
      return (await res.json()) as Report;
    };
    const opened = (await (
      await a.app.request(path, { method: 'POST', headers: jsonHeaders(cookie), body: '{}' })
    ).json()) as Report;
    expect(opened.meta).toMatchObject({ cached: false, credits: 1 });
    const fromB = await get(b);
    expect(fromB).toEqual({ data: opened.data, meta: { ...opened.meta, cached: true, credits: 0 } });
    // A browser holding it asks with its ETag and gets 304, from either instance.
    const etag = (await b.app.request(path, { headers: jsonHeaders(cookie) })).headers.get('etag') ?? '';
    for (const t of [a, b]) {
      const res = await t.app.request(path, { headers: { ...jsonHeaders(cookie), 'If-None-Match': etag } });
      expect([res.status, res.headers.get('etag'), await res.text()]).toEqual([304, etag, '']);
    }

    // Changed with the announcement switched off: B answers from memory without asking the database.
    const key = cacheKey('report', 'instagram', { handle: 'cleo.creates', calculationMethod: 'median' });
    await a.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(providerCache)
        .set({ response: { unseen: true } })
        .where(eq(providerCache.key, key));
    });
    expect(await get(b)).toEqual(fromB);

    // A refresh as another instance writes it, announced: B serves it within a second.
    const later = new Date(Date.parse(opened.meta.fetchedAt) + 60_000);
    const refreshed = { ...opened.data, refreshedElsewhere: true };
    await a.db.update(providerCache).set({ response: refreshed, fetchedAt: later }).where(eq(providerCache.key, key));
    const started = performance.now();
    let latest = await get(b);
    while (latest.meta.fetchedAt !== later.toISOString() && performance.now() - started < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      latest = await get(b);
    }
    expect(latest).toEqual({ data: refreshed, meta: { ...fromB.meta, fetchedAt: later.toISOString() } });

    // Purged: nothing is served from memory any more.
    await a.db.delete(providerCache).where(eq(providerCache.key, key));
    const purgedAt = performance.now();
    let status = 200;
    while (status !== 204 && performance.now() - purgedAt < 1_000) {
      // A request answered from memory never yields to I/O: give the announcement its turn.
      await new Promise((resolve) => setTimeout(resolve, 10));
      status = (await b.app.request(path, { headers: jsonHeaders(cookie) })).status;
    }
    expect(status).toBe(204);
  });
});
