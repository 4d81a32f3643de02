import type { CreatorProfileView } from '@kollab/contract/api/creators';
import { creatorProfiles, type User } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function getProfile(cookie?: string) {
  return t.app.request('/api/creator-profile', { headers: cookie ? { Cookie: cookie } : {} });
}

function putProfile(body: unknown, cookie?: string) {
  return t.app.request('/api/creator-profile', {
    method: 'PUT',
    headers: jsonHeaders(cookie),
    body: JSON.stringify(body),
  });
}

async function dataOf(res: Response): Promise<CreatorProfileView> {
  return ((await res.json()) as { data: CreatorProfileView }).data;
}

async function profileRow(user: User) {
  const [row] = await t.db.select().from(creatorProfiles).where(eq(creatorProfiles.userId, user.id));
  return row;
}

/** A creator with a session, and a profile that already holds some data. */
async function seededCreator() {
  const user = await createUser(t.db, { role: 'creator' });
  await t.db
    .update(creatorProfiles)
    .set({
      categories: ['beauty'],
      instagramHandle: 'anna.creates',
      instagramFollowers: 4200,
      tiktokHandle: 'anna_tok',
      tiktokFollowers: 9100,
      bio: 'Hudvård och löpning',
    })
    .where(eq(creatorProfiles.userId, user.id));
  return { user, cookie: await loginAs(t.db, user) };
}

const seededView = {
  categories: ['beauty'],
  instagramHandle: 'anna.creates',
  instagramFollowers: 4200,
  tiktokHandle: 'anna_tok',
  tiktokFollowers: 9100,
  bio: 'Hudvård och löpning',
};

const emptyView = {
  categories: [],
  instagramHandle: null,
  instagramFollowers: null,
  tiktokHandle: null,
  tiktokFollowers: null,
  bio: null,
};

describe('GET /api/categories', () => {
  it('lists the whole taxonomy with Swedish and English labels, without a session', async () => {
    const res = await t.app.request('/api/categories');

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: [
        { key: 'fashion', sv: 'Mode', en: 'Fashion' },
        { key: 'beauty', sv: 'Skönhet', en: 'Beauty' },
        { key: 'fitness', sv: 'Träning och hälsa', en: 'Fitness and health' },
        { key: 'food', sv: 'Mat och dryck', en: 'Food and drink' },
        { key: 'travel', sv: 'Resor', en: 'Travel' },
        { key: 'parenting', sv: 'Föräldraskap', en: 'Parenting' },
        { key: 'home', sv: 'Hem och inredning', en: 'Home and interior' },
        { key: 'tech', sv: 'Teknik', en: 'Tech' },
        { key: 'gaming', sv: 'Gaming', en: 'Gaming' },
        { key: 'music', sv: 'Musik', en: 'Music' },
        { key: 'sustainability', sv: 'Hållbarhet', en: 'Sustainability' },
        { key: 'pets', sv: 'Husdjur', en: 'Pets' },
        { key: 'finance', sv: 'Privatekonomi', en: 'Personal finance' },
        { key: 'lifestyle', sv: 'Livsstil', en: 'Lifestyle' },
      ],
    });
  });
});

describe('authorization matrix', () => {
  type Actor = 'anonymous' | 'owner' | 'other creator' | 'brand' | 'admin';
  const cookies = {} as Record<Actor, string | undefined>;

  beforeAll(async () => {
    const owner = await seededCreator();
    cookies.anonymous = undefined;
    cookies.owner = owner.cookie;
    cookies['other creator'] = await loginAs(t.db, await createUser(t.db, { role: 'creator' }));
    cookies.brand = await loginAs(t.db, await createUser(t.db, { role: 'brand' }));
    cookies.admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
  });

  const unauthorized = { code: 'unauthorized', message: 'Sign in first' };
  const forbidden = { code: 'forbidden', message: 'Only for creator accounts' };

  it.each<[string, Actor, number, object | null]>([
    ['GET /api/categories', 'anonymous', 200, null],
    ['GET /api/categories', 'owner', 200, null],
    ['GET /api/categories', 'other creator', 200, null],
    ['GET /api/categories', 'brand', 200, null],
    ['GET /api/categories', 'admin', 200, null],
    ['GET /api/creator-profile', 'anonymous', 401, unauthorized],
    ['GET /api/creator-profile', 'owner', 200, null],
    ['GET /api/creator-profile', 'other creator', 200, null],
    ['GET /api/creator-profile', 'brand', 403, forbidden],
    ['GET /api/creator-profile', 'admin', 403, forbidden],
    ['PUT /api/creator-profile', 'anonymous', 401, unauthorized],
    ['PUT /api/creator-profile', 'owner', 200, null],
    ['PUT /api/creator-profile', 'other creator', 200, null],
    ['PUT /api/creator-profile', 'brand', 403, forbidden],
    ['PUT /api/creator-profile', 'admin', 403, forbidden],
  ])('%s as %s → %i', async (route, actor, status, error) => {
    const [method = '', path = ''] = route.split(' ');
    const cookie = cookies[actor];
    const res = await t.app.request(path, {
      method,
      headers: jsonHeaders(cookie),
      ...(method === 'PUT' ? { body: JSON.stringify({ categories: ['beauty'] }) } : {}),
    });

    expect(res.status).toBe(status);
    if (error) expect(await res.json()).toEqual({ error: { ...error, requestId: res.headers.get('x-request-id') } });
  });

  it("never shows or changes another creator's profile: each creator only reaches their own", async () => {
    const owner = await seededCreator();
    const other = await loginAs(t.db, await createUser(t.db, { role: 'creator' }));

    const read = await getProfile(other);
    const write = await putProfile({ categories: ['gaming'], bio: 'Spelar mest' }, other);

    expect(await read.json()).toEqual({ data: emptyView });
    expect(write.status).toBe(200);
    expect(await (await getProfile(owner.cookie)).json()).toEqual({ data: seededView });
  });
});

describe('GET /api/creator-profile', () => {
  it('shows the stored profile', async () => {
    const { cookie } = await seededCreator();

    const res = await getProfile(cookie);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: seededView });
  });

  it('shows an empty profile for a creator without a profile row', async () => {
    const user = await createUser(t.db, { role: 'creator' });
    await t.db.delete(creatorProfiles).where(eq(creatorProfiles.userId, user.id));

    const res = await getProfile(await loginAs(t.db, user));

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: emptyView });
  });
});

describe('PUT /api/creator-profile', () => {
  it('saves categories, handles and bio and answers with the whole profile', async () => {
    const user = await createUser(t.db, { role: 'creator' });
    const cookie = await loginAs(t.db, user);

    const res = await putProfile(
      {
        categories: ['fitness', 'food'],
        instagramHandle: 'erik.lyfter',
        tiktokHandle: 'erik_lyfter',
        bio: '  Styrketräning och matlådor  ',
      },
      cookie,
    );

    const expected = {
      categories: ['fitness', 'food'],
      instagramHandle: 'erik.lyfter',
      instagramFollowers: null,
      tiktokHandle: 'erik_lyfter',
      tiktokFollowers: null,
      bio: 'Styrketräning och matlådor',
    };
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: expected });
    expect(await (await getProfile(cookie)).json()).toEqual({ data: expected });
  });

  it('creates the profile row when the creator has none yet', async () => {
    const user = await createUser(t.db, { role: 'creator' });
    await t.db.delete(creatorProfiles).where(eq(creatorProfiles.userId, user.id));

    const res = await putProfile({ categories: ['music'] }, await loginAs(t.db, user));

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ...emptyView, categories: ['music'] } });
    expect(await profileRow(user)).toMatchObject({ categories: ['music'] });
  });

  it.each([
    ['@Anna.Creates', 'anna.creates'],
    ['  @ANNA_creates ', 'anna_creates'],
    ['https://www.instagram.com/Anna.Creates/', 'anna.creates'],
    ['http://instagram.com/anna.creates?igsh=abc123', 'anna.creates'],
    ['instagram.com/anna.creates', 'anna.creates'],
    ['m.instagram.com/anna.creates#top', 'anna.creates'],
  ])('normalises the Instagram handle %j to %j', async (input, handle) => {
    const { cookie } = await seededCreator();

    const res = await putProfile({ categories: ['beauty'], instagramHandle: input }, cookie);

    expect(res.status).toBe(200);
    expect(await dataOf(res)).toMatchObject({ instagramHandle: handle });
  });

  it.each([
    ['@Anna_Tok', 'anna_tok'],
    ['https://www.tiktok.com/@Anna.Tok', 'anna.tok'],
    ['tiktok.com/@anna.tok?lang=sv', 'anna.tok'],
    ['https://m.tiktok.com/@anna.tok/video/7312345678901234567', 'anna.tok'],
  ])('normalises the TikTok handle %j to %j', async (input, handle) => {
    const { cookie } = await seededCreator();

    const res = await putProfile({ categories: ['beauty'], tiktokHandle: input }, cookie);

    expect(res.status).toBe(200);
    expect(await dataOf(res)).toMatchObject({ tiktokHandle: handle });
  });

  it('forgets the follower count of a handle that changes and keeps it for one that does not', async () => {
    const { cookie } = await seededCreator();

    const res = await putProfile(
      { categories: ['beauty'], instagramHandle: 'anna.new', tiktokHandle: '@Anna_Tok' },
      cookie,
    );

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: {
        ...seededView,
        instagramHandle: 'anna.new',
        instagramFollowers: null,
        tiktokHandle: 'anna_tok',
        tiktokFollowers: 9100,
      },
    });
  });

  it('leaves handles, follower counts and bio alone when they are left out', async () => {
    const { user, cookie } = await seededCreator();

    const res = await putProfile({ categories: ['travel'] }, cookie);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ...seededView, categories: ['travel'] } });
    expect(await profileRow(user)).toMatchObject({ ...seededView, categories: ['travel'] });
  });

  it('clears handles (and their follower counts) and the bio with null or an empty string', async () => {
    const { cookie } = await seededCreator();

    const res = await putProfile({ categories: ['beauty'], instagramHandle: null, tiktokHandle: '', bio: '' }, cookie);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ...emptyView, categories: ['beauty'] } });
  });

  it('removes duplicate categories, keeping the first order', async () => {
    const { user, cookie } = await seededCreator();

    const res = await putProfile({ categories: ['food', 'beauty', 'food', 'beauty', 'pets'] }, cookie);

    expect(res.status).toBe(200);
    expect((await dataOf(res)).categories).toEqual(['food', 'beauty', 'pets']);
    expect((await profileRow(user))?.categories).toEqual(['food', 'beauty', 'pets']);
  });

  it('accepts every category at once', async () => {
    const { cookie } = await seededCreator();
    const categories = (await (await t.app.request('/api/categories')).json()) as { data: { key: string }[] };
    const all = categories.data.map((category) => category.key);

    const res = await putProfile({ categories: all }, cookie);

    expect(res.status).toBe(200);
    expect((await dataOf(res)).categories).toEqual(all);
  });

  const schemaError = 'Request json is invalid';
  const serviceError = 'Request is invalid';
  it.each<[string, Record<string, unknown>, string, Record<string, string[]>]>([
    ['no categories field', { bio: 'x' }, schemaError, { categories: ['required'] }],
    ['an empty category list', { categories: [] }, schemaError, { categories: ['required'] }],
    ['categories that are not a list', { categories: 'beauty' }, schemaError, { categories: ['required'] }],
    [
      'an unknown category',
      { categories: ['beauty', 'crypto'] },
      schemaError,
      { 'categories.1': ['unknown_category'] },
    ],
    [
      'more entries than there are categories',
      { categories: Array(15).fill('beauty') },
      schemaError,
      { categories: ['too_many'] },
    ],
    ['a bio over 500 characters', { categories: ['beauty'], bio: 'x'.repeat(501) }, schemaError, { bio: ['too_long'] }],
    [
      'a handle over 200 characters',
      { categories: ['beauty'], instagramHandle: 'a'.repeat(201) },
      schemaError,
      { instagramHandle: ['invalid_handle'] },
    ],
    [
      'an unknown field',
      { categories: ['beauty'], instagramFollowers: 1_000_000 },
      schemaError,
      { instagramFollowers: ['unknown_field'] },
    ],
    [
      'an Instagram handle with spaces',
      { categories: ['beauty'], instagramHandle: 'anna creates' },
      serviceError,
      { instagramHandle: ['invalid_handle'] },
    ],
    [
      'an Instagram handle of 31 characters',
      { categories: ['beauty'], instagramHandle: 'a'.repeat(31) },
      serviceError,
      { instagramHandle: ['invalid_handle'] },
    ],
    [
      'an Instagram handle with two dots in a row',
      { categories: ['beauty'], instagramHandle: 'anna..creates' },
      serviceError,
      { instagramHandle: ['invalid_handle'] },
    ],
    [
      'an Instagram post URL instead of a profile',
      { categories: ['beauty'], instagramHandle: 'https://www.instagram.com/p/C1a2b3c4d5e/' },
      serviceError,
      { instagramHandle: ['invalid_handle'] },
    ],
    [
      'a TikTok URL in the Instagram field',
      { categories: ['beauty'], instagramHandle: 'https://www.tiktok.com/@anna.tok' },
      serviceError,
      { instagramHandle: ['invalid_handle'] },
    ],
    [
      'a TikTok profile URL without the @',
      { categories: ['beauty'], tiktokHandle: 'https://www.tiktok.com/anna.tok' },
      serviceError,
      { tiktokHandle: ['invalid_handle'] },
    ],
    [
      'a one-character TikTok handle',
      { categories: ['beauty'], tiktokHandle: '@a' },
      serviceError,
      { tiktokHandle: ['invalid_handle'] },
    ],
    [
      'two bad handles at once',
      { categories: ['gaming'], instagramHandle: '.anna', tiktokHandle: 'anna!' },
      serviceError,
      { instagramHandle: ['invalid_handle'], tiktokHandle: ['invalid_handle'] },
    ],
  ])('rejects %s with 422 naming the field, and stores nothing', async (_case, body, message, fields) => {
    const { user, cookie } = await seededCreator();

    const res = await putProfile(body, cookie);

    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: { code: 'validation_failed', message, fields, requestId: res.headers.get('x-request-id') },
    });
    expect(await profileRow(user)).toMatchObject(seededView);
  });

  it('refuses a cross-site request and changes nothing', async () => {
    const { user, cookie } = await seededCreator();

    const res = await t.app.request('/api/creator-profile', {
      method: 'PUT',
      headers: { ...jsonHeaders(cookie), Origin: 'https://evil.example' },
      body: JSON.stringify({ categories: ['gaming'] }),
    });

    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'Cross-site request refused (CSRF check)',
        requestId: res.headers.get('x-request-id'),
      },
    });
    expect(await profileRow(user)).toMatchObject(seededView);
  });
});
