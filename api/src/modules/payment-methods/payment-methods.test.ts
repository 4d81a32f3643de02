import type { PaymentMethodView } from '@kollab/contract/api/payment-methods';
import { paymentMethods, type User } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { decrypt } from '../../lib/encryption.ts';
import { loadSecrets } from '../../lib/secrets.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const errorBody = (res: Response, code: string, message: string, fields?: Record<string, string[]>) => ({
  error: { code, message, ...(fields ? { fields } : {}), requestId: res.headers.get('x-request-id') },
});

async function dataOf(res: Response): Promise<PaymentMethodView> {
  return ((await res.json()) as { data: PaymentMethodView }).data;
}

async function listOf(cookie?: string): Promise<PaymentMethodView[]> {
  return ((await (await list(cookie)).json()) as { data: PaymentMethodView[] }).data;
}

async function signedIn(role: User['role'] = 'creator') {
  const user = await createUser(t.db, { role });
  return { user, cookie: await loginAs(t.db, user) };
}

function list(cookie?: string) {
  return t.app.request('/api/user/payment-methods/get', { headers: cookie ? { Cookie: cookie } : {} });
}

function add(body: unknown, cookie?: string) {
  return t.app.request('/api/user/payment-methods/add', {
    method: 'POST',
    headers: jsonHeaders(cookie),
    body: JSON.stringify(body),
  });
}

function makeDefault(body: unknown, cookie?: string) {
  return t.app.request('/api/user/payment-methods/update', {
    method: 'PUT',
    headers: jsonHeaders(cookie),
    body: JSON.stringify(body),
  });
}

function rowsOf(user: User) {
  return t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
}

/** Adds a method and returns its id (asserting that it was added). */
async function addOk(body: unknown, cookie: string): Promise<string> {
  const res = await add(body, cookie);
  expect(res.status).toBe(201);
  return (await dataOf(res)).id;
}

const swish = { type: 'swish', number: '070-123 45 67' };
const paypal = { type: 'paypal', email: 'anna@example.se' };

const method = (type: string, masked: string, isDefault: boolean) => ({
  id: expect.any(String),
  type,
  masked,
  isDefault,
  createdAt: expect.any(String),
});

describe('authorization matrix', () => {
  type Actor = 'anonymous' | 'owner' | 'other creator' | 'brand' | 'admin';
  let owner: User;
  let ownerMethodId: string;
  const cookies = {} as Record<Actor, string | undefined>;

  beforeAll(async () => {
    const signedInOwner = await signedIn('creator');
    owner = signedInOwner.user;
    cookies.anonymous = undefined;
    cookies.owner = signedInOwner.cookie;
    cookies['other creator'] = (await signedIn('creator')).cookie;
    cookies.brand = (await signedIn('brand')).cookie;
    cookies.admin = (await signedIn('admin')).cookie;
    await addOk(swish, signedInOwner.cookie);
    ownerMethodId = await addOk(paypal, signedInOwner.cookie);
  });

  const unauthorized = ['unauthorized', 'Sign in first'] as const;
  const notFound = ['not_found', 'Payment method not found'] as const;

  it.each<[string, Actor, number, readonly [string, string] | null]>([
    ['GET /api/user/payment-methods/get', 'anonymous', 401, unauthorized],
    ['GET /api/user/payment-methods/get', 'owner', 200, null],
    ['GET /api/user/payment-methods/get', 'other creator', 200, null],
    ['GET /api/user/payment-methods/get', 'brand', 200, null],
    ['GET /api/user/payment-methods/get', 'admin', 200, null],
    ['POST /api/user/payment-methods/add', 'anonymous', 401, unauthorized],
    ['POST /api/user/payment-methods/add', 'other creator', 201, null],
    ['POST /api/user/payment-methods/add', 'brand', 201, null],
    ['POST /api/user/payment-methods/add', 'admin', 201, null],
    ['PUT /api/user/payment-methods/update', 'anonymous', 401, unauthorized],
    ['PUT /api/user/payment-methods/update', 'other creator', 404, notFound],
    ['PUT /api/user/payment-methods/update', 'brand', 404, notFound],
    ['PUT /api/user/payment-methods/update', 'admin', 404, notFound],
    ['PUT /api/user/payment-methods/update', 'owner', 200, null],
  ])('%s as %s → %i', async (route, actor, status, error) => {
    const cookie = cookies[actor];
    const before = await rowsOf(owner);
    let res: Response;
    if (route.startsWith('GET')) res = await list(cookie);
    else if (route.startsWith('POST')) res = await add({ ...swish, isDefault: true }, cookie);
    else res = await makeDefault({ id: ownerMethodId, isDefault: true }, cookie);

    expect(res.status).toBe(status);
    if (error) expect(await res.json()).toEqual(errorBody(res, error[0], error[1]));
    if (route.startsWith('GET') && status === 200) {
      // Everyone sees only their own methods: the owner two, the others none of the owner's.
      expect(await res.json()).toEqual({
        data:
          actor === 'owner'
            ? [method('swish', 'Swish •••• 4567', true), method('paypal', 'PayPal a•••@example.se', false)]
            : [],
      });
    }
    if (actor !== 'owner') expect(await rowsOf(owner)).toEqual(before);
  });

  it("lets an admin neither list nor change another user's methods", async () => {
    const ids = (await listOf(cookies.admin)).map((m) => m.id);
    expect(ids).not.toContain(ownerMethodId);
    expect((await rowsOf(owner)).find((row) => row.id === ownerMethodId)?.isDefault).toBe(true);
  });
});

describe('POST /api/user/payment-methods/add', () => {
  it.each<[string, Record<string, unknown>, string]>([
    [
      'a Swedish bank account',
      { type: 'bank_account', clearingNumber: '5000', accountNumber: '1234560' },
      'SEB •••• 4560',
    ],
    [
      'a Swedbank account with a 5-digit clearing number',
      { type: 'bank_account', clearingNumber: '8327-9', accountNumber: '123456782' },
      'Swedbank •••• 6782',
    ],
    [
      'a Handelsbanken account',
      { type: 'bank_account', clearingNumber: '6000', accountNumber: '123 456 789' },
      'Handelsbanken •••• 6789',
    ],
    ['a Swedish IBAN', { type: 'iban', iban: 'se45 5000 0000 0583 9825 7466', bic: 'essesess' }, 'SE45 •••• 7466'],
    ['a German IBAN', { type: 'iban', iban: 'DE89 3704 0044 0532 0130 00', bic: 'DEUTDEFF500' }, 'DE89 •••• 3000'],
    ['a Swish number', { type: 'swish', number: '070-123 45 67' }, 'Swish •••• 4567'],
    ['a Swish number in E.164', { type: 'swish', number: '+46 73 987 65 43' }, 'Swish •••• 6543'],
    ['a PayPal address', { type: 'paypal', email: ' anna@example.se ' }, 'PayPal a•••@example.se'],
  ])('adds %s, answering with the masked method only', async (_case, body, masked) => {
    const { user, cookie } = await signedIn('creator');

    const res = await add(body, cookie);

    expect(res.status).toBe(201);
    const data = await dataOf(res);
    expect(data).toEqual(method(body.type as string, masked, true));
    expect(Object.keys(data).sort()).toEqual(['createdAt', 'id', 'isDefault', 'masked', 'type']);
    expect(await (await list(cookie)).json()).toEqual({ data: [data] });
    const [row] = await rowsOf(user);
    expect(row).toMatchObject({ id: data.id, type: body.type, masked, isDefault: true });
    expect(row?.createdAt.toISOString()).toBe(data.createdAt);
  });

  it('stores the details encrypted, never in clear', async () => {
    const { user, cookie } = await signedIn('creator');

    await addOk({ type: 'iban', iban: 'SE45 5000 0000 0583 9825 7466', bic: 'ESSESESS' }, cookie);
    await addOk({ type: 'bank_account', clearingNumber: '5000', accountNumber: '1234560' }, cookie);
    await addOk({ type: 'swish', number: '0701234567' }, cookie);
    await addOk({ type: 'paypal', email: 'secret.payee@example.se' }, cookie);

    const rows = await rowsOf(user);
    const everything = JSON.stringify(rows);
    for (const clear of ['SE4550000000058398257466', '5839825', '1234560', '701234567', 'secret.payee', 'ESSESESS']) {
      expect(everything).not.toContain(clear);
    }
    const { encryptionKey } = await loadSecrets(t.env);
    const details = rows
      .map((row) => {
        expect(row.detailsEncrypted).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
        return JSON.parse(decrypt(encryptionKey, row.detailsEncrypted));
      })
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(details).toEqual(
      [
        { iban: 'SE4550000000058398257466', bic: 'ESSESESS' },
        { bank: 'SEB', clearingNumber: '5000', accountNumber: '1234560' },
        { number: '+46701234567' },
        { email: 'secret.payee@example.se' },
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
  });

  it('makes the first method the default, and a later one only when asked', async () => {
    const { cookie } = await signedIn('creator');

    const first = await add(swish, cookie);
    const second = await add({ ...paypal, isDefault: false }, cookie);
    const third = await add({ type: 'bank_account', clearingNumber: '5000', accountNumber: '1234560' }, cookie);

    expect((await dataOf(first)).isDefault).toBe(true);
    expect((await dataOf(second)).isDefault).toBe(false);
    expect((await dataOf(third)).isDefault).toBe(false);
    expect(await listOf(cookie)).toEqual([
      method('swish', 'Swish •••• 4567', true),
      method('paypal', 'PayPal a•••@example.se', false),
      method('bank_account', 'SEB •••• 4560', false),
    ]);
  });

  it('moves the default to a new method added with isDefault: true', async () => {
    const { cookie } = await signedIn('creator');
    await addOk(swish, cookie);

    const res = await add({ ...paypal, isDefault: true }, cookie);

    expect(res.status).toBe(201);
    expect(await dataOf(res)).toEqual(method('paypal', 'PayPal a•••@example.se', true));
    expect(await listOf(cookie)).toEqual([
      method('swish', 'Swish •••• 4567', false),
      method('paypal', 'PayPal a•••@example.se', true),
    ]);
  });

  it('leaves exactly one default when five methods marked default arrive at once', async () => {
    const { user, cookie } = await signedIn('creator');

    const responses = await Promise.all(
      ['0701111111', '0702222222', '0703333333', '0704444444', '0705555555'].map((number) =>
        add({ type: 'swish', number, isDefault: true }, cookie),
      ),
    );

    expect(responses.map((res) => res.status)).toEqual([201, 201, 201, 201, 201]);
    const rows = await rowsOf(user);
    expect(rows).toHaveLength(5);
    expect(rows.filter((row) => row.isDefault)).toHaveLength(1);
  });

  it('leaves exactly one default when five first methods arrive at once', async () => {
    const { user, cookie } = await signedIn('creator');

    const responses = await Promise.all(
      ['0701111111', '0702222222', '0703333333', '0704444444', '0705555555'].map((number) =>
        add({ type: 'swish', number }, cookie),
      ),
    );

    expect(responses.map((res) => res.status)).toEqual([201, 201, 201, 201, 201]);
    expect((await rowsOf(user)).filter((row) => row.isDefault)).toHaveLength(1);
  });

  it('refuses an 11th method with 409 and keeps ten', async () => {
    const { user, cookie } = await signedIn('creator');
    for (let n = 0; n < 10; n++) await addOk({ type: 'swish', number: `070000000${n}` }, cookie);

    const res = await add({ ...paypal, isDefault: true }, cookie);

    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(errorBody(res, 'conflict', 'At most 10 payment methods'));
    const rows = await rowsOf(user);
    expect(rows).toHaveLength(10);
    expect(rows.filter((row) => row.isDefault).map((row) => row.masked)).toEqual(['Swish •••• 0000']);
  });

  it('refuses the 11th of many parallel adds', async () => {
    const { user, cookie } = await signedIn('creator');

    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        add({ type: 'swish', number: `07000000${String(n).padStart(2, '0')}` }, cookie),
      ),
    );

    expect(responses.map((res) => res.status).sort()).toEqual([...Array(10).fill(201), 409, 409]);
    expect(await rowsOf(user)).toHaveLength(10);
  });

  const schema = 'Request json is invalid';
  const service = 'Request is invalid';
  it.each<[string, Record<string, unknown>, string, Record<string, string[]>]>([
    ['an unknown type', { type: 'bitcoin', address: '1A1zP1' }, schema, { type: ['invalid_type'] }],
    ['no type', { number: '0701234567' }, schema, { type: ['invalid_type'] }],
    [
      'a bad IBAN checksum',
      { type: 'iban', iban: 'SE45 5000 0000 0583 9825 7467', bic: 'ESSESESS' },
      service,
      {
        iban: ['invalid_iban'],
      },
    ],
    [
      'an IBAN of the wrong length',
      { type: 'iban', iban: 'SE48 5000 0000 0583 9825 746', bic: 'ESSESESS' },
      service,
      {
        iban: ['invalid_iban'],
      },
    ],
    [
      'an IBAN with dashes',
      { type: 'iban', iban: 'SE45-5000-0000-0583-9825-7466', bic: 'ESSESESS' },
      service,
      {
        iban: ['invalid_iban'],
      },
    ],
    [
      'a 7-character BIC',
      { type: 'iban', iban: 'SE45 5000 0000 0583 9825 7466', bic: 'ESSESES' },
      service,
      {
        bic: ['invalid_bic'],
      },
    ],
    [
      'a bad IBAN and a bad BIC',
      { type: 'iban', iban: 'GB29 NWBK 6016 1331 9268 18', bic: 'E5SESESS' },
      service,
      {
        iban: ['invalid_iban'],
        bic: ['invalid_bic'],
      },
    ],
    [
      'an IBAN without its BIC',
      { type: 'iban', iban: 'SE45 5000 0000 0583 9825 7466' },
      schema,
      {
        bic: ['required'],
      },
    ],
    [
      'an IBAN over 48 characters',
      { type: 'iban', iban: 'SE'.repeat(25), bic: 'ESSESESS' },
      schema,
      {
        iban: ['invalid_iban'],
      },
    ],
    [
      'an unknown clearing number',
      { type: 'bank_account', clearingNumber: '9000', accountNumber: '1234560' },
      service,
      {
        clearingNumber: ['invalid_clearing_number'],
      },
    ],
    [
      'a 3-digit clearing number',
      { type: 'bank_account', clearingNumber: '500', accountNumber: '1234560' },
      service,
      {
        clearingNumber: ['invalid_clearing_number'],
      },
    ],
    [
      'a Swedbank check digit that is wrong',
      { type: 'bank_account', clearingNumber: '8327-8', accountNumber: '123456782' },
      service,
      {
        clearingNumber: ['invalid_clearing_number'],
      },
    ],
    [
      'a bad account checksum',
      { type: 'bank_account', clearingNumber: '5000', accountNumber: '1234561' },
      service,
      {
        accountNumber: ['invalid_account_number'],
      },
    ],
    [
      'an account number with letters',
      { type: 'bank_account', clearingNumber: '5000', accountNumber: '12345a0' },
      service,
      {
        accountNumber: ['invalid_account_number'],
      },
    ],
    [
      'a Handelsbanken account of 8 digits',
      { type: 'bank_account', clearingNumber: '6000', accountNumber: '12345678' },
      service,
      {
        accountNumber: ['invalid_account_number'],
      },
    ],
    [
      'an empty account number',
      { type: 'bank_account', clearingNumber: '5000', accountNumber: ' ' },
      schema,
      {
        accountNumber: ['required'],
      },
    ],
    [
      'a landline as Swish number',
      { type: 'swish', number: '08-123 456 78' },
      service,
      {
        number: ['invalid_swish_number'],
      },
    ],
    [
      'a Norwegian mobile as Swish number',
      { type: 'swish', number: '+47 912 34 567' },
      service,
      {
        number: ['invalid_swish_number'],
      },
    ],
    [
      'a too short Swish number',
      { type: 'swish', number: '070-123 45' },
      service,
      {
        number: ['invalid_swish_number'],
      },
    ],
    [
      'a Swish number with letters',
      { type: 'swish', number: '070-ABC 45 67' },
      service,
      {
        number: ['invalid_swish_number'],
      },
    ],
    ['an invalid PayPal address', { type: 'paypal', email: 'anna@' }, schema, { email: ['invalid_email'] }],
    ['no PayPal address', { type: 'paypal' }, schema, { email: ['required'] }],
    [
      'isDefault that is not a boolean',
      { ...swish, isDefault: 'yes' },
      schema,
      {
        isDefault: ['invalid_type'],
      },
    ],
  ])('rejects %s with 422 naming the field, and stores nothing', async (_case, body, message, fields) => {
    const { user, cookie } = await signedIn('creator');

    const res = await add(body, cookie);

    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(errorBody(res, 'validation_failed', message, fields));
    expect(await rowsOf(user)).toEqual([]);
  });

  it('rejects malformed JSON with 400', async () => {
    const { user, cookie } = await signedIn('creator');

    const res = await t.app.request('/api/user/payment-methods/add', {
      method: 'POST',
      headers: jsonHeaders(cookie),
      body: '{"type": "swish",',
    });

    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(errorBody(res, 'bad_request', 'Malformed JSON in request body'));
    expect(await rowsOf(user)).toEqual([]);
  });

  it('refuses a cross-site request and stores nothing', async () => {
    const { user, cookie } = await signedIn('creator');

    const res = await t.app.request('/api/user/payment-methods/add', {
      method: 'POST',
      headers: { ...jsonHeaders(cookie), Origin: 'https://evil.example' },
      body: JSON.stringify(swish),
    });

    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(errorBody(res, 'forbidden', 'Cross-site request refused (CSRF check)'));
    expect(await rowsOf(user)).toEqual([]);
  });
});

describe('PUT /api/user/payment-methods/update', () => {
  it('moves the default to the chosen method', async () => {
    const { cookie } = await signedIn('creator');
    await addOk(swish, cookie);
    const paypalId = await addOk(paypal, cookie);

    const res = await makeDefault({ id: paypalId, isDefault: true }, cookie);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: { ...method('paypal', 'PayPal a•••@example.se', true), id: paypalId },
    });
    expect(await listOf(cookie)).toEqual([
      method('swish', 'Swish •••• 4567', false),
      { ...method('paypal', 'PayPal a•••@example.se', true), id: paypalId },
    ]);
  });

  it('keeps the default where it is when it is chosen again', async () => {
    const { user, cookie } = await signedIn('creator');
    const swishId = await addOk(swish, cookie);
    await addOk(paypal, cookie);

    const res = await makeDefault({ id: swishId, isDefault: true }, cookie);

    expect(res.status).toBe(200);
    expect((await rowsOf(user)).filter((row) => row.isDefault).map((row) => row.id)).toEqual([swishId]);
  });

  it("answers 404 for another user's method and for an unknown id, changing nothing", async () => {
    const owner = await signedIn('creator');
    await addOk(swish, owner.cookie);
    const paypalId = await addOk(paypal, owner.cookie);
    const other = await signedIn('creator');
    await addOk(swish, other.cookie);
    const before = await rowsOf(owner.user);

    for (const id of [paypalId, 'nosuchmethodxxxxxxxxxxxx']) {
      const res = await makeDefault({ id, isDefault: true }, other.cookie);

      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(errorBody(res, 'not_found', 'Payment method not found'));
    }
    expect(await rowsOf(owner.user)).toEqual(before);
    expect((await rowsOf(other.user)).map((row) => row.isDefault)).toEqual([true]);
  });

  it('leaves exactly one default after parallel changes', async () => {
    const { user, cookie } = await signedIn('creator');
    const ids: string[] = [];
    for (const number of ['0701111111', '0702222222', '0703333333', '0704444444']) {
      ids.push(await addOk({ type: 'swish', number }, cookie));
    }

    const responses = await Promise.all(ids.map((id) => makeDefault({ id, isDefault: true }, cookie)));

    expect(responses.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect((await rowsOf(user)).filter((row) => row.isDefault)).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['isDefault: false', { isDefault: false }, { isDefault: ['invalid_value'] }],
    ['no isDefault', {}, { isDefault: ['invalid_value'] }],
  ])('rejects %s with 422 and changes nothing', async (_case, extra, fields) => {
    const { user, cookie } = await signedIn('creator');
    const swishId = await addOk(swish, cookie);
    await addOk(paypal, cookie);
    const before = await rowsOf(user);

    const res = await makeDefault({ id: swishId, ...extra }, cookie);

    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(errorBody(res, 'validation_failed', 'Request json is invalid', fields));
    expect(await rowsOf(user)).toEqual(before);
  });

  it('rejects a missing id with 422 naming the field', async () => {
    const { cookie } = await signedIn('creator');

    const res = await makeDefault({ isDefault: true }, cookie);

    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(
      errorBody(res, 'validation_failed', 'Request json is invalid', {
        id: ['required'],
      }),
    );
  });
});
