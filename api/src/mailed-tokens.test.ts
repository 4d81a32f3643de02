import { queryRows } from '@kollab/db';
import { deletionRequests, emailTokens, subscriberChanges, subscribers, users } from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../test/support/auth-client.ts';
import { createUser } from '../test/support/factories.ts';
import { type ReceivedMail, startTestSmtp, type TestSmtp } from '../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../test/support/test-app.ts';
import { hashToken } from './lib/tokens.ts';

/*
 * Every token that leaves by mail expires, works once and is stored only as its SHA-256 (ADR 021),
 * whichever module issues it. Each kind below is driven over HTTP the way a person would: the
 * action that mails the link, then the page's POST with the token from the mail. The unsubscribe
 * link is the exception (ADR 006): it must work in every mail for as long as mail is sent.
 */

let t: TestApp;
let smtp: TestSmtp;
let counter = 0;
const PASSWORD = 'vattenmelon-cykel-7';
const HOUR_MS = 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url, TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A JSON POST from a client address of its own, so per-IP limits stay out of the way. */
async function post(path: string, body: unknown): Promise<Response> {
  counter += 1;
  return t.app.request(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: 'http://localhost:3000',
      'X-Forwarded-For': `10.20.${Math.floor(counter / 250)}.${(counter % 250) + 1}`,
    },
    body: JSON.stringify(body),
  });
}

const unique = (name: string) => `${name}-${++counter}@example.se`;
const tokenIn = (mail: ReceivedMail, path: string) => new URL(smtp.linkIn(mail, path)).searchParams.get('token') ?? '';

/** Whether any row of any table in the database holds `text` anywhere. */
async function databaseContains(text: string): Promise<boolean> {
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  for (const { name } of tables) {
    const [hit] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${sql.identifier(name)} as row where row::text like ${`%${text}%`}`,
    );
    if (hit?.n) return true;
  }
  return false;
}

interface Issued {
  token: string;
  /** The rows that keep the token's hash. */
  stored(): Promise<unknown[]>;
  /** Everything using the token may change. */
  state(): Promise<unknown>;
  /** Moves the token's expiry into the past. */
  expire(): Promise<void>;
  /** How long after it was issued the stored token expires. */
  lifetimeMs(): Promise<number>;
}

interface Kind {
  name: string;
  issue(): Promise<Issued>;
  use(token: string, attempt?: number): Promise<Response>;
  success: number;
  lifetimeMs: number;
  refused: { status: number; body: (res: Response) => unknown };
}

const invalidEmailToken = {
  status: 422,
  body: (res: Response) => ({
    error: {
      code: 'validation_failed',
      message: 'Token is invalid, used or expired',
      fields: { token: ['invalid_or_expired'] },
      requestId: res.headers.get('x-request-id'),
    },
  }),
};
const unknownLink = {
  status: 404,
  body: (res: Response) => ({
    error: {
      code: 'not_found',
      message: 'Confirmation link is invalid, expired or already used',
      requestId: res.headers.get('x-request-id'),
    },
  }),
};

/** An account's e-mail token, its rows and the account it acts on. */
function emailTokenOf(userId: string, token: string): Issued {
  const rows = () => t.db.select().from(emailTokens).where(eq(emailTokens.userId, userId));
  return {
    token,
    stored: rows,
    state: async () => ({ user: await t.db.select().from(users).where(eq(users.id, userId)), tokens: await rows() }),
    expire: async () => {
      await t.db.execute(
        sql`update email_tokens set expires_at = now() - interval '1 second' where user_id = ${userId}`,
      );
    },
    lifetimeMs: async () => {
      const [row] = await rows();
      return (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    },
  };
}

async function subscriberRow(email: string) {
  const [row] = await t.db.select().from(subscribers).where(eq(subscribers.email, email));
  if (!row) throw new Error(`no subscriber ${email}`);
  return row;
}

const subscription = {
  marketingConsent: true,
  consentVersion: '2026-11-01',
  instagramName: 'anna.creates',
  categories: ['beauty'],
  locale: 'sv',
};

const KINDS: Kind[] = [
  {
    name: 'e-mail verification',
    async issue() {
      const email = unique('verify');
      await post('/api/auth/signup', {
        fullName: 'Vera Verify',
        email,
        password: PASSWORD,
        role: 'creator',
        acceptPrivacy: true,
      });
      const token = tokenIn(await smtp.waitForMail(email), '/app/verify-email?token=');
      const [user] = await t.db.select().from(users).where(eq(users.email, email));
      return emailTokenOf(user?.id ?? '', token);
    },
    use: (token) => post('/api/auth/verify-email', { token }),
    success: 200,
    lifetimeMs: 24 * HOUR_MS,
    refused: invalidEmailToken,
  },
  {
    name: 'password reset',
    async issue() {
      const user = await createUser(t.db, { email: unique('reset'), password: PASSWORD });
      await post('/api/auth/forgot-password', { email: user.email });
      const token = tokenIn(await smtp.waitForMail(user.email), '/app/reset-password?token=');
      return emailTokenOf(user.id, token);
    },
    use: (token, attempt = 0) => post('/api/auth/reset-password', { token, password: `ny-lang-fras-${attempt}-2026` }),
    success: 200,
    lifetimeMs: HOUR_MS,
    refused: invalidEmailToken,
  },
  {
    name: 'e-mail change',
    async issue() {
      const user = await createUser(t.db, { email: unique('change'), password: PASSWORD });
      const browser = new TestBrowser(t, { 'X-Forwarded-For': `10.30.0.${(counter % 250) + 1}` });
      await browser.signIn(user.email, PASSWORD);
      const next = unique('changed');
      expect((await browser.postJson(`/api/user/update/${user.id}`, { email: next })).status).toBe(200);
      const token = tokenIn(await smtp.waitForMail(next), '/app/confirm-email-change?token=');
      return emailTokenOf(user.id, token);
    },
    use: (token) => post('/api/auth/confirm-email-change', { token }),
    success: 200,
    lifetimeMs: 24 * HOUR_MS,
    refused: invalidEmailToken,
  },
  {
    name: 'newsletter confirmation',
    async issue() {
      const email = unique('subscribe');
      await post('/api/subscribers', { ...subscription, email });
      const token = tokenIn(await smtp.waitForMail(email), '/prenumerera/bekrafta/');
      const stored = async () => [await subscriberRow(email)];
      return {
        token,
        stored,
        state: async () => ({
          subscriber: await stored(),
          events: await queryRows(t.db, sql`select kind from subscriber_consent_events order by id`),
        }),
        expire: async () => {
          await t.db.execute(
            sql`update subscribers set confirm_token_expires_at = now() - interval '1 second' where email = ${email}`,
          );
        },
        lifetimeMs: async () => {
          const row = await subscriberRow(email);
          return (row.confirmTokenExpiresAt?.getTime() ?? 0) - row.createdAt.getTime();
        },
      };
    },
    use: (token) => post('/api/subscribers/confirm', { token }),
    success: 200,
    lifetimeMs: 7 * 24 * HOUR_MS,
    refused: unknownLink,
  },
  {
    name: 'newsletter change confirmation',
    async issue() {
      const email = unique('change-subscription');
      await post('/api/subscribers', { ...subscription, email });
      await post('/api/subscribers/confirm', {
        token: tokenIn(await smtp.waitForMail(email), '/prenumerera/bekrafta/'),
      });
      await post('/api/subscribers', { ...subscription, email, instagramName: 'someone.else' });
      const mail = await smtp.waitForMail(email, (m) => m.subject.includes('ändringen'));
      const token = tokenIn(mail, '/prenumerera/bekrafta/');
      const { id } = await subscriberRow(email);
      const stored = () => t.db.select().from(subscriberChanges).where(eq(subscriberChanges.subscriberId, id));
      return {
        token,
        stored,
        state: async () => ({ subscriber: await subscriberRow(email), changes: await stored() }),
        expire: async () => {
          await t.db.execute(
            sql`update subscriber_changes set expires_at = now() - interval '1 second' where subscriber_id = ${id}`,
          );
        },
        lifetimeMs: async () => {
          const [row] = await stored();
          return (row?.expiresAt.getTime() ?? 0) - (row?.requestedAt.getTime() ?? 0);
        },
      };
    },
    use: (token) => post('/api/subscribers/confirm', { token }),
    success: 200,
    lifetimeMs: 24 * HOUR_MS,
    refused: unknownLink,
  },
  {
    name: 'deletion request confirmation',
    async issue() {
      const email = unique('erase');
      await post('/api/deletion-requests', { email, locale: 'sv' });
      const token = tokenIn(await smtp.waitForMail(email), '/radera-uppgifter/bekrafta/');
      const stored = () => t.db.select().from(deletionRequests).where(eq(deletionRequests.email, email));
      return {
        token,
        stored,
        state: stored,
        expire: async () => {
          await t.db.execute(
            sql`update deletion_requests set confirm_token_expires_at = now() - interval '1 second' where email = ${email}`,
          );
        },
        lifetimeMs: async () => {
          const [row] = await stored();
          return (row?.confirmTokenExpiresAt?.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
        },
      };
    },
    use: (token) => post('/api/deletion-requests/confirm', { token }),
    success: 200,
    lifetimeMs: 24 * HOUR_MS,
    refused: unknownLink,
  },
];

describe.each(KINDS)('the $name link', (kind) => {
  it('is stored only as the SHA-256 of the token in the mail, nowhere in plain text', async () => {
    const issued = await kind.issue();
    expect(issued.token).toMatch(/^[a-z2-7]{32}$/);
    const stored = JSON.stringify(await issued.stored());
    expect(stored).toContain(`"${hashToken(issued.token)}"`);
    expect(stored).not.toContain(issued.token);
    expect(await databaseContains(issued.token)).toBe(false);
  });

  it(`expires ${kind.lifetimeMs / HOUR_MS} hours after it is issued`, async () => {
    const issued = await kind.issue();
    // The row's creation time comes from the database's clock, the expiry from the API's.
    expect(Math.abs((await issued.lifetimeMs()) - kind.lifetimeMs)).toBeLessThan(5_000);
  });

  it('is refused once expired, with the documented error, and changes nothing', async () => {
    const issued = await kind.issue();
    await issued.expire();
    const before = await issued.state();
    const res = await kind.use(issued.token);
    expect(res.status).toBe(kind.refused.status);
    expect(await res.json()).toEqual(kind.refused.body(res));
    expect(await issued.state()).toEqual(before);
  });

  it('works once: the second use is refused and changes nothing', async () => {
    const issued = await kind.issue();
    expect((await kind.use(issued.token)).status).toBe(kind.success);
    const after = await issued.state();
    const again = await kind.use(issued.token, 1);
    expect(again.status).toBe(kind.refused.status);
    expect(await again.json()).toEqual(kind.refused.body(again));
    expect(await issued.state()).toEqual(after);
  });

  it('succeeds once when used twice at the same moment', async () => {
    const issued = await kind.issue();
    const answers = await Promise.all([kind.use(issued.token, 1), kind.use(issued.token, 2)]);
    expect(answers.map((res) => res.status).sort()).toEqual([kind.success, kind.refused.status].sort());
  });
});

describe('a password reset link', () => {
  it('keeps working after a refused new password', async () => {
    const user = await createUser(t.db, { email: unique('weak'), fullName: 'Kalle Anka', password: PASSWORD });
    await post('/api/auth/forgot-password', { email: user.email });
    const token = tokenIn(await smtp.waitForMail(user.email), '/app/reset-password?token=');
    const weak = await post('/api/auth/reset-password', { token, password: 'kalleanka!!' });
    expect(weak.status).toBe(422);
    expect(await weak.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Request is invalid',
        fields: { password: ['too_common'] },
        requestId: weak.headers.get('x-request-id'),
      },
    });
    expect((await post('/api/auth/reset-password', { token, password: 'ny-lang-fras-2026' })).status).toBe(200);
  });
});
