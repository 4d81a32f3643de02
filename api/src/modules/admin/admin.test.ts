import { auditLog, claims, sessions, subscribers, type User, users } from '@kollab/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandProfile, createCampaign, createClaim, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let smtp: TestSmtp;
let admin: User;
let adminCookie: string;
let creatorCookie: string;
let brandCookie: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url } });
  admin = await createUser(t.db, { role: 'admin', fullName: 'Ada Admin' });
  adminCookie = await loginAs(t.db, admin);
  creatorCookie = await loginAs(t.db, await createUser(t.db, { role: 'creator' }));
  brandCookie = await loginAs(t.db, await createUser(t.db, { role: 'brand' }));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function call(method: string, path: string, cookie?: string, body?: unknown) {
  return t.app.request(path, {
    method,
    headers: jsonHeaders(cookie),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function expectError(res: Response, status: number, error: Record<string, unknown>) {
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual({ error: { ...error, requestId: res.headers.get('x-request-id') } });
}

const LISTS = ['users', 'brands', 'creators', 'campaigns', 'claims', 'subscribers', 'deletion-requests', 'audit-log'];
const ACTIONS: [method: string, path: string, body?: unknown][] = [
  ['POST', '/api/admin/users/someone/role', { role: 'brand' }],
  ['POST', '/api/admin/users/someone/suspend', { reason: 'Spam' }],
  ['POST', '/api/admin/users/someone/unsuspend', {}],
  ['POST', '/api/admin/users/someone/resend-verification'],
  ['POST', '/api/admin/claims/approve', { ids: ['x'] }],
  ['DELETE', '/api/admin/subscribers/someone'],
  ['POST', '/api/admin/deletion-requests/someone/process'],
  ['GET', '/api/admin/deletion-requests/someone/plan'],
];
const EVERY_ROUTE: [string, string, unknown?][] = [
  ...LISTS.flatMap((list): [string, string][] => [
    ['GET', `/api/admin/${list}`],
    ['GET', `/api/admin/${list}/export`],
  ]),
  ...ACTIONS,
];

describe('admin authorization', () => {
  it.each(EVERY_ROUTE)('%s %s answers 401 without a session', async (method, path, body) => {
    await expectError(await call(method, path, undefined, body), 401, {
      code: 'unauthorized',
      message: 'Sign in first',
    });
  });

  it.each(
    EVERY_ROUTE.flatMap(([method, path, body]) => [
      ['creator', method, path, body],
      ['brand', method, path, body],
    ]),
  )('a %s gets 403 from %s %s', async (role, method, path, body) => {
    const cookie = role === 'creator' ? creatorCookie : brandCookie;
    await expectError(await call(method as string, path as string, cookie, body), 403, {
      code: 'forbidden',
      message: 'Only for admin accounts',
    });
  });

  // The lists; a plan of a request that does not exist is a 404 (erasure.test.ts).
  const LIST_READS = EVERY_ROUTE.filter(([method, path]) => method === 'GET' && !path.includes('/someone/'));
  it.each(LIST_READS)('an admin gets 200 from %s %s', async (method, path) => {
    const res = await call(method, path, adminCookie);
    expect(res.status).toBe(200);
  });
});

describe('admin list parameters', () => {
  it.each([
    ['/api/admin/users?sort=passwordHash', { sort: ['invalid_value'] }],
    ['/api/admin/users?order=sideways', { order: ['invalid_value'] }],
    ['/api/admin/users?email=a@example.se', { email: ['unknown_field'] }],
    ['/api/admin/users?pageSize=101', { pageSize: ['too_large'] }],
    ['/api/admin/users?pageSize=0', { pageSize: ['too_small'] }],
    ['/api/admin/users?page=0', { page: ['too_small'] }],
    ['/api/admin/users?page=10001', { page: ['too_large'] }],
    ['/api/admin/users?role=root', { role: ['invalid_role'] }],
    ['/api/admin/users?suspended=maybe', { suspended: ['invalid_value'] }],
    ['/api/admin/creators?category=knitting', { category: ['invalid_value'] }],
    ['/api/admin/campaigns?sort=brandId', { sort: ['invalid_value'] }],
    ['/api/admin/claims?status=won', { status: ['invalid_value'] }],
    ['/api/admin/subscribers?sort=categories', { sort: ['invalid_value'] }],
    ['/api/admin/deletion-requests?sort=email', { sort: ['invalid_value'] }],
    ['/api/admin/audit-log?sort=action', { sort: ['invalid_value'] }],
    ['/api/admin/audit-log?details=x', { details: ['unknown_field'] }],
    ['/api/admin/users/export?orderBy=email', { orderBy: ['unknown_field'] }],
  ])('GET %s is a 422 naming the parameter', async (path, fields) => {
    await expectError(await call('GET', path, adminCookie), 422, {
      code: 'validation_failed',
      message: 'Request query is invalid',
      fields,
    });
  });

  it('pages, sorts and filters on the server', async () => {
    for (const name of ['e', 'c', 'a', 'd', 'b']) {
      await t.db.insert(subscribers).values({
        email: `paging-${name}@example.se`,
        instagramName: name,
        categories: ['food'],
        consentVersion: '2026-11-01',
        consentedAt: new Date(),
        confirmedAt: name === 'a' ? null : new Date(),
        unsubscribeTokenHash: `hash-${name}`,
      });
    }
    const emails = async (query: string) => {
      const res = await call('GET', `/api/admin/subscribers?q=paging-&${query}`, adminCookie);
      const body = (await res.json()) as { data: { email: string }[]; total: number };
      return { emails: body.data.map((row) => row.email.slice(7, 8)), total: body.total };
    };

    expect(await emails('sort=email&order=asc&pageSize=2&page=2')).toEqual({ emails: ['c', 'd'], total: 5 });
    expect(await emails('sort=email&order=desc&pageSize=2')).toEqual({ emails: ['e', 'd'], total: 5 });
    expect(await emails('sort=email&order=asc&pageSize=2&page=4')).toEqual({ emails: [], total: 5 });
    expect(await emails('sort=email&order=asc&confirmed=no')).toEqual({ emails: ['a'], total: 1 });
  });

  it('searches literally: % and _ in the term match only themselves', async () => {
    await createUser(t.db, { fullName: 'Percent 100% Person' });
    const res = await call('GET', `/api/admin/users?q=${encodeURIComponent('100%')}`, adminCookie);
    const body = (await res.json()) as { data: { fullName: string }[]; total: number };
    expect(body.data.map((row) => row.fullName)).toEqual(['Percent 100% Person']);
    const none = await call('GET', `/api/admin/users?q=${encodeURIComponent('_%_')}`, adminCookie);
    expect(((await none.json()) as { total: number }).total).toBe(0);
  });

  it('lists creators with their tier and brands with their company', async () => {
    const creator = await createUser(t.db, { role: 'creator', fullName: 'Tier Tester' });
    await t.db.execute(
      sql`update creator_profiles set instagram_handle = 'tiertester', instagram_followers = 25000,
          tiktok_handle = 'tt', tiktok_followers = 4000, categories = '{food}' where user_id = ${creator.id}`,
    );
    const brand = await createUser(t.db, { role: 'brand', fullName: 'Bo Brand' });
    await createBrandProfile(t.db, brand.id, { companyName: 'Unikabolaget AB' });

    const creators = await call('GET', '/api/admin/creators?q=tiertester&category=food', adminCookie);
    const brands = await call('GET', '/api/admin/brands?q=unikabolaget', adminCookie);

    expect(await creators.json()).toMatchObject({
      data: [{ id: creator.id, instagramFollowers: 25000, tiktokFollowers: 4000, tier: 'micro' }],
      total: 1,
    });
    expect(await brands.json()).toMatchObject({
      data: [{ id: brand.id, companyName: 'Unikabolaget AB', campaigns: 0, role: 'brand' }],
      total: 1,
    });
  });
});

describe('admin CSV export', () => {
  it('exports the filtered rows with every cell quoted and formulas defused', async () => {
    const risky = await createUser(t.db, {
      fullName: '=HYPERLINK("http://evil.example")',
      email: 'csvcase-1@example.se',
    });
    const quoted = await createUser(t.db, { fullName: 'Said "hi", left', email: 'csvcase-2@example.se' });
    await createUser(t.db, { fullName: '+46 Plus', email: 'other-csv@example.se' });

    const res = await call('GET', '/api/admin/users/export?q=csvcase&sort=email&order=asc&page=3', adminCookie);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kollab-users-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe('"id","email","full_name","role","locale","email_verified","suspended_at","created_at"');
    expect(lines[1]).toBe(
      `"${risky.id}","csvcase-1@example.se","'=HYPERLINK(""http://evil.example"")","creator","sv","yes","","${risky.createdAt.toISOString()}"`,
    );
    expect(lines[2]).toBe(
      `"${quoted.id}","csvcase-2@example.se","Said ""hi"", left","creator","sv","yes","","${quoted.createdAt.toISOString()}"`,
    );
    expect(lines.slice(3)).toEqual(['']);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.export'), sql`${auditLog.details}->'query'->>'q' = 'csvcase'`));
    expect(entry).toMatchObject({
      actorId: admin.id,
      entityType: 'users',
      details: { rows: 2, query: { q: 'csvcase', sort: 'email', order: 'asc' } },
    });
  });
});

describe('admin actions on users', () => {
  it('changes a role, ends the sessions and logs before/after in the audit log', async () => {
    const user = await createUser(t.db, { role: 'creator', fullName: 'Role Changer' });
    const userCookie = await loginAs(t.db, user);

    const res = await call('POST', `/api/admin/users/${user.id}/role`, adminCookie, {
      role: 'brand',
      reason: 'Signed up as the wrong kind',
    });

    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { id: user.id, role: 'brand', fullName: 'Role Changer' } });
    expect((await call('GET', '/api/account/deletion-request', userCookie)).status).toBe(401);
    const log = await call('GET', `/api/admin/audit-log?entityId=${user.id}&action=user.role_change`, adminCookie);
    const body = (await log.json()) as { data: unknown[]; total: number };
    expect(body.total).toBe(1);
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      actor: { id: admin.id, name: 'Ada Admin', role: 'admin' },
      action: 'user.role_change',
      entity: { type: 'user', id: user.id },
      details: { before: { role: 'creator' }, after: { role: 'brand' }, reason: 'Signed up as the wrong kind' },
      createdAt: expect.any(String),
    });
  });

  it('writes the audit entry in the same transaction: a change that fails leaves no audit row', async () => {
    const user = await createUser(t.db, { role: 'creator' });
    await loginAs(t.db, user);
    // Make ending this user's sessions fail, after the role update and the audit insert ran.
    await t.db.execute(
      sql.raw(`create or replace function test_refuse_session_delete() returns trigger language plpgsql as $$
        begin raise exception 'refused by test'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger test_refuse_session_delete before delete on sessions for each row
        when (old.user_id = '${user.id}') execute function test_refuse_session_delete()`),
    );

    const res = await call('POST', `/api/admin/users/${user.id}/role`, adminCookie, { role: 'admin' });

    await t.db.execute(sql.raw('drop trigger test_refuse_session_delete on sessions'));
    await expectError(res, 500, { code: 'internal_error', message: 'Something went wrong on our side' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('creator');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it.each([
    ['the same role', (user: User) => ({ id: user.id, role: user.role }), 409, 'User is already creator'],
    ['their own role', () => ({ id: admin.id, role: 'brand' }), 409, 'Admins cannot change their own account here'],
    ['an unknown user', () => ({ id: 'nobody', role: 'brand' }), 404, 'User not found'],
  ])('refuses to change %s', async (_case, target, status, message) => {
    const user = await createUser(t.db, { role: 'creator' });
    const { id, role } = target(user);
    const res = await call('POST', `/api/admin/users/${id}/role`, adminCookie, { role });
    await expectError(res, status, { code: status === 404 ? 'not_found' : 'conflict', message });
  });

  it('refuses an unknown role and unknown body fields with 422', async () => {
    const user = await createUser(t.db);
    const res = await call('POST', `/api/admin/users/${user.id}/role`, adminCookie, { role: 'king', note: 'x' });
    await expectError(res, 422, {
      code: 'validation_failed',
      message: 'Request json is invalid',
      fields: { role: ['invalid_role'], note: ['unknown_field'] },
    });
  });

  it('suspends with a reason (sessions end) and unsuspends, each audited with before/after', async () => {
    const user = await createUser(t.db, { role: 'brand' });
    const userCookie = await loginAs(t.db, user);

    const suspended = await call('POST', `/api/admin/users/${user.id}/suspend`, adminCookie, { reason: 'Fraud' });
    const again = await call('POST', `/api/admin/users/${user.id}/suspend`, adminCookie, { reason: 'Fraud' });

    expect(suspended.status).toBe(200);
    const { data } = (await suspended.json()) as { data: { suspendedAt: string } };
    expect(data.suspendedAt).toEqual(expect.any(String));
    await expectError(again, 409, { code: 'conflict', message: 'User is already suspended' });
    expect((await call('GET', '/api/account/deletion-request', userCookie)).status).toBe(401);
    expect((await call('GET', '/api/admin/users?suspended=yes', adminCookie)).status).toBe(200);

    const lifted = await call('POST', `/api/admin/users/${user.id}/unsuspend`, adminCookie, {});
    expect(lifted.status).toBe(200);
    expect(await lifted.json()).toMatchObject({ data: { id: user.id, suspendedAt: null } });
    await expectError(await call('POST', `/api/admin/users/${user.id}/unsuspend`, adminCookie, {}), 409, {
      code: 'conflict',
      message: 'User is not suspended',
    });
    const log = await call('GET', `/api/admin/audit-log?entityId=${user.id}&order=asc`, adminCookie);
    const { data: entries } = (await log.json()) as { data: { action: string; details: unknown }[] };
    expect(entries.map((entry) => [entry.action, entry.details])).toEqual([
      ['user.suspend', { before: { suspendedAt: null }, after: { suspendedAt: data.suspendedAt }, reason: 'Fraud' }],
      ['user.unsuspend', { before: { suspendedAt: data.suspendedAt }, after: { suspendedAt: null }, reason: null }],
    ]);
  });

  it('needs a reason to suspend', async () => {
    const user = await createUser(t.db);
    await expectError(await call('POST', `/api/admin/users/${user.id}/suspend`, adminCookie, {}), 422, {
      code: 'validation_failed',
      message: 'Request json is invalid',
      fields: { reason: ['required'] },
    });
  });

  it('resends the verification mail to an unverified user only', async () => {
    const unverified = await createUser(t.db, { verified: false, email: 'verify-me@example.se' });
    const verified = await createUser(t.db);

    const res = await call('POST', `/api/admin/users/${unverified.id}/resend-verification`, adminCookie);

    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'sent' });
    const mail = await smtp.waitForMail('verify-me@example.se');
    expect(smtp.linkIn(mail, '/app/verify-email?token=')).toBeTruthy();
    await expectError(await call('POST', `/api/admin/users/${verified.id}/resend-verification`, adminCookie), 409, {
      code: 'conflict',
      message: 'The e-mail address is already verified',
    });
  });
});

describe('admin claims and subscribers', () => {
  it('approves claims in bulk with one result per id', async () => {
    const brand = await createUser(t.db, { role: 'brand' });
    const campaign = await createCampaign(t.db, brand.id);
    const pending = await createClaim(t.db, campaign, (await createUser(t.db)).id);
    const approved = await createClaim(t.db, campaign, (await createUser(t.db)).id, { status: 'approved' });

    const res = await call('POST', '/api/admin/claims/approve', adminCookie, {
      ids: [pending.id, approved.id, 'missing', pending.id],
    });

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: [
        { id: pending.id, status: 200, claimStatus: 'approved', error: null },
        {
          id: approved.id,
          status: 409,
          claimStatus: null,
          error: { code: 'conflict', message: 'Claim is approved; it cannot become approved' },
        },
        { id: 'missing', status: 404, claimStatus: null, error: { code: 'not_found', message: 'Claim not found' } },
      ],
    });
    const [row] = await t.db.select().from(claims).where(eq(claims.id, pending.id));
    expect(row?.status).toBe('approved');
  });

  it('refuses an empty or oversized bulk approval', async () => {
    await expectError(await call('POST', '/api/admin/claims/approve', adminCookie, { ids: [] }), 422, {
      code: 'validation_failed',
      message: 'Request json is invalid',
      fields: { ids: ['too_few'] },
    });
    const ids = Array.from({ length: 101 }, (_, index) => `id${index}`);
    await expectError(await call('POST', '/api/admin/claims/approve', adminCookie, { ids }), 422, {
      code: 'validation_failed',
      message: 'Request json is invalid',
      fields: { ids: ['too_many'] },
    });
  });

  it('deletes a subscriber once, audited without the address', async () => {
    const [row] = await t.db
      .insert(subscribers)
      .values({
        email: 'delete-me@example.se',
        tiktokName: 'deleteme',
        categories: ['pets'],
        consentVersion: '2026-11-01',
        consentedAt: new Date(),
        unsubscribeTokenHash: 'hash-delete-me',
      })
      .returning();
    const id = row?.id ?? '';

    const res = await call('DELETE', `/api/admin/subscribers/${id}`, adminCookie);

    expect(res.status).toBe(204);
    expect(await t.db.select().from(subscribers).where(eq(subscribers.id, id))).toEqual([]);
    await expectError(await call('DELETE', `/api/admin/subscribers/${id}`, adminCookie), 404, {
      code: 'not_found',
      message: 'Subscriber not found',
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry).toMatchObject({ action: 'subscriber.delete', actorId: admin.id, details: { confirmed: false } });
  });
});
