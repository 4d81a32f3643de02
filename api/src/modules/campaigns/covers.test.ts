import { seedDemo } from '@kollab/db';
import { campaigns, users } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, createUser } from '../../../test/support/factories.ts';
import { loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { readDemoCoverKeys } from './covers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const keys = readDemoCoverKeys();

describe('demo covers', () => {
  it('has a drawn cover for each demo campaign', () => {
    expect(Object.keys(keys).sort()).toEqual(['fjallrost', 'julkalender', 'termos']);
  });

  it('serves each width as an immutable WebP image of 1200×630’s shape', async () => {
    const base = keys.fjallrost?.replace('demo-covers/', '');
    for (const width of [480, 800, 1200]) {
      const response = await t.app.request(`/api/demo-covers/${base}-${width}.webp`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const image = Buffer.from(await response.arrayBuffer());
      expect(image.byteLength).toBeLessThan(60 * 1024);
      const { width: drawn, height, format } = await sharp(image).metadata();
      expect({ drawn, height, format }).toEqual({
        drawn: width,
        height: Math.round((width * 630) / 1200),
        format: 'webp',
      });
    }
  });

  it('answers 304 to a browser that has the file', async () => {
    const path = `/api/demo-covers/${keys.termos?.replace('demo-covers/', '')}-480.webp`;
    const first = await t.app.request(path);
    const etag = first.headers.get('etag') ?? '';
    const again = await t.app.request(path, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it.each([
    ['an unknown cover', '/api/demo-covers/nosuch.0123456789-800.webp', 404],
    ['a name outside the pattern', '/api/demo-covers/covers.json', 422],
    ['a path out of the folder', '/api/demo-covers/..%2F..%2Fpackage.json', 422],
  ])('refuses %s', async (_name, path, status) => {
    const response = await t.app.request(path);
    expect(response.status).toBe(status);
  });

  it('gives a campaign with a demo cover its URL and srcset', async () => {
    const brand = await createUser(t.db, { role: 'brand' });
    const key = keys.julkalender ?? '';
    const campaign = await createCampaign(t.db, brand.id, { coverKey: key });
    const response = await t.app.request(`/api/campaigns/${campaign.id}`, {
      headers: { Cookie: await loginAs(t.db, brand) },
    });
    const { data } = (await response.json()) as { data: { coverUrl: string; coverSrcSet: string } };
    const base = `/api/demo-covers/${key.replace('demo-covers/', '')}`;
    expect(data.coverUrl).toBe(`${base}-800.webp`);
    expect(data.coverSrcSet).toBe(`${base}-480.webp 480w, ${base}-800.webp 800w, ${base}-1200.webp 1200w`);
  });

  it('are seeded onto the demo campaigns, and replace none or an earlier drawing’s on ones seeded before', async () => {
    const hashPassword = async (password: string) => `hashed:${password}`;
    await seedDemo(t.db, { hashPassword });
    const [brand] = await t.db.select().from(users).where(eq(users.email, 'brand@demo.kollab.se'));
    const coverKeys = async () =>
      (
        await t.db
          .select()
          .from(campaigns)
          .where(eq(campaigns.brandId, brand?.id ?? ''))
      )
        .map((row) => [row.title, row.coverKey])
        .sort();
    expect((await coverKeys()).map(([, key]) => key)).toEqual([null, null, null]);

    await t.db
      .update(campaigns)
      .set({ coverKey: 'demo-covers/termos.0000000000' })
      .where(eq(campaigns.title, 'Vinterns termosguide'));
    await seedDemo(t.db, { hashPassword, demoCovers: keys });
    expect(await coverKeys()).toEqual([
      ['Höstens fjällrost', keys.fjallrost],
      ['Julkalender (utkast)', keys.julkalender],
      ['Vinterns termosguide', keys.termos],
    ]);
  });
});
