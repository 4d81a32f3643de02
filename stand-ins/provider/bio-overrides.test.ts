import { describe, expect, it } from 'vitest';
import { createSampleProvider } from './app.ts';
import { IgUserInfoSchema, TiktokUserInfoSchema } from './contract.ts';
import { findProfile, generateDataset, type SampleProfile } from './dataset.ts';
import { call } from './test-support.ts';

const dataset = generateDataset();
const cleo = findProfile(dataset, 'instagram', 'cleo.creates') as SampleProfile;
const cleoTiktok = findProfile(dataset, 'tiktok', 'cleocreates') as SampleProfile;
const privateProfile = dataset.byPlatform.instagram.find((p) => p.isPrivate) as SampleProfile;

const setBio = (app: ReturnType<typeof createSampleProvider>, path: string, body: unknown) =>
  call(app, 'PUT', `/_sample/${path}/bio`, body);

describe('PUT /_sample/{platform}/accounts/{handle}/bio (stand-in only)', () => {
  it('makes Raw user-info answer the new Instagram bio, for that app only, until it is reset', async () => {
    const app = createSampleProvider();
    const other = createSampleProvider();

    const set = await setBio(app, 'instagram/accounts/@Cleo.Creates', { biography: 'Mat och resor · KOLLAB-7K2Q9' });

    expect(set).toMatchObject({
      status: 200,
      body: { platform: 'instagram', handle: 'cleo.creates', biography: 'Mat och resor · KOLLAB-7K2Q9' },
    });
    const info = await call(app, 'GET', '/raw/ig/user-info?url=cleo.creates');
    expect(info.status).toBe(200);
    const parsed = IgUserInfoSchema.parse(info.body);
    expect(parsed.biography).toBe('Mat och resor · KOLLAB-7K2Q9');
    expect(parsed.follower_count).toBe(cleo.followers);
    const untouched = IgUserInfoSchema.parse((await call(other, 'GET', '/raw/ig/user-info?url=cleo.creates')).body);
    expect(untouched.biography).toBe(cleo.bio);

    const reset = await setBio(app, 'instagram/accounts/cleo.creates', { biography: null });
    expect(reset).toMatchObject({ status: 200, body: { biography: cleo.bio } });
    const after = IgUserInfoSchema.parse((await call(app, 'GET', '/raw/ig/user-info?url=cleo.creates')).body);
    expect(after.biography).toBe(cleo.bio);
  });

  it('sets a TikTok signature and keeps the rest of the answer', async () => {
    const app = createSampleProvider();
    const before = TiktokUserInfoSchema.parse((await call(app, 'GET', '/raw/tiktok/user-info?url=cleocreates')).body);

    await setBio(app, 'tiktok/accounts/cleocreates', { biography: 'KOLLAB-AB2CD' });

    const after = TiktokUserInfoSchema.parse((await call(app, 'GET', '/raw/tiktok/user-info?url=cleocreates')).body);
    expect(after.user_info.userInfo.user.signature).toBe('KOLLAB-AB2CD');
    expect(after.user_info.userInfo.stats).toEqual(before.user_info.userInfo.stats);
    expect(after.user_info.userInfo.stats.followerCount).toBe(cleoTiktok.followers);
    expect({ ...after.user_info.userInfo.user, signature: null }).toEqual({
      ...before.user_info.userInfo.user,
      signature: null,
    });
  });

  it.each([
    ['an unknown account', 'instagram/accounts/nobody.here.at.all', { biography: 'x' }, 404, 'handle_not_found'],
    ['a private account', `instagram/accounts/${privateProfile.username}`, { biography: 'x' }, 404, 'handle_not_found'],
    ['YouTube', 'youtube/accounts/whoever', { biography: 'x' }, 404, 'entity_not_found'],
    ['a missing biography', 'instagram/accounts/cleo.creates', {}, 400, 'invalid_body_params'],
    ['an extra field', 'instagram/accounts/cleo.creates', { biography: 'x', pk: 1 }, 400, 'invalid_body_params'],
  ])('refuses %s', async (_what, path, body, status, code) => {
    const app = createSampleProvider();
    const answer = await setBio(app, path, body);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ error: true, code });
  });

  it('needs the API key like every other route', async () => {
    const app = createSampleProvider({ apiKeys: ['only-this'] });
    const answer = await setBio(app, 'instagram/accounts/cleo.creates', { biography: 'x' });
    expect(answer).toMatchObject({ status: 401, body: { code: 'api_token_invalid' } });
  });
});
