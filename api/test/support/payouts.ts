import { queryRows } from '@kollab/db';
import { balances, users } from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import { encrypt } from '../../src/lib/encryption.ts';
import { createUser, creditCreator } from './factories.ts';
import { jsonHeaders, loginAs } from './login-as.ts';
import type { TestApp } from './test-app.ts';

export const METHODS = {
  bank: { type: 'bank_account', clearingNumber: '8327-9', accountNumber: '123456782' },
  iban: { type: 'iban', iban: 'SE45 5000 0000 0583 9825 7466', bic: 'ESSESESS' },
  swish: { type: 'swish', number: '070-123 45 67' },
  swishNotEnrolled: { type: 'swish', number: '070-111 00 00' },
  paypal: { type: 'paypal', email: 'creator@example.se' },
} as const;

let grants = 0;

/**
 * A creator with `amountOre` earned, one payout method and (unless `personalNumber` is null) a
 * verified personal number on the account, who then asks to withdraw `withdrawOre` of it.
 */
export async function creatorWithdrawal(
  t: TestApp,
  options: {
    method: keyof typeof METHODS;
    amountOre?: number;
    withdrawOre?: number;
    locale?: 'sv' | 'en';
    personalNumber?: string | null;
  },
) {
  const user = await createUser(t.db, { role: 'creator', locale: options.locale ?? 'sv' });
  if (options.personalNumber !== null) {
    const number = options.personalNumber ?? '19900101-2389';
    await t.db
      .update(users)
      .set({ personalNumberEncrypted: encrypt(t.secrets.encryptionKey, number) })
      .where(eq(users.id, user.id));
  }
  const cookie = await loginAs(t.db, user);
  const added = await t.app.request('/api/user/payment-methods/add', {
    method: 'POST',
    headers: jsonHeaders(cookie),
    body: JSON.stringify(METHODS[options.method]),
  });
  const method = (await added.json()) as { data: { id: string } };
  grants += 1;
  const earned = options.amountOre ?? 50_000;
  await creditCreator(t.db, { id: `payout-${grants}-${user.id}`, creatorId: user.id, payoutOre: earned });
  const res = await t.app.request('/api/withdrawals', {
    method: 'POST',
    headers: { ...jsonHeaders(cookie), 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ amountOre: options.withdrawOre ?? earned, paymentMethodId: method.data.id }),
  });
  if (res.status !== 201) throw new Error(`withdrawal: HTTP ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { id: string } };
  return { user, cookie, withdrawalId: data.id, endToEndId: `KW${data.id.toUpperCase()}` };
}

export async function balanceOf(t: TestApp, holderId: string, account: 'creator_available' | 'creator_pending') {
  const rows = await t.db
    .select()
    .from(balances)
    .where(sql`${balances.holderId} = ${holderId} and ${balances.account} = ${account}`);
  return rows[0]?.amountOre ?? 0;
}

export async function ledgerTotal(t: TestApp): Promise<number> {
  const [row] = await queryRows<{ total: string | null }>(
    t.db,
    sql`select sum(amount_ore)::text as total from ledger_entries`,
  );
  return Number(row?.total ?? 0);
}

export function upload(t: TestApp, path: string, cookie: string, content: string, name = 'answer.xml') {
  const form = new FormData();
  form.set('file', new File([content], name));
  return t.app.request(path, { method: 'POST', headers: { Cookie: cookie }, body: form });
}

export function createBatch(t: TestApp, cookie: string, withdrawalIds: string[]) {
  return t.app.request('/api/admin/payout-batches', {
    method: 'POST',
    headers: jsonHeaders(cookie),
    body: JSON.stringify({ withdrawalIds, executionDate: '2026-11-27' }),
  });
}
