import type { AddPaymentMethodBody, PaymentMethodView } from '@kollab/contract/api/payment-methods';
import type { Database } from '@kollab/db';
import { paymentMethods, type User, users } from '@kollab/db/schema';
import { and, asc, count, eq } from 'drizzle-orm';
import { parseSwedishBankAccount } from '../../lib/bank-account.ts';
import { encrypt } from '../../lib/encryption.ts';
import { AppError } from '../../lib/errors.ts';
import { parseBic, parseIban } from '../../lib/iban.ts';
import { parseSwishNumber } from '../../lib/phone.ts';
import type { Secrets } from '../../lib/secrets.ts';

const MAX_METHODS = 10;

function toView(row: typeof paymentMethods.$inferSelect): PaymentMethodView {
  return {
    id: row.id,
    type: row.type,
    masked: row.masked,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Validates the details and returns what is stored (encrypted) and what is shown (masked). */
function checkDetails(input: AddPaymentMethodBody): { details: Record<string, string>; masked: string } {
  switch (input.type) {
    case 'bank_account': {
      const parsed = parseSwedishBankAccount(input.clearingNumber, input.accountNumber);
      if (!parsed.ok) {
        const field = parsed.error === 'invalid_clearing_number' ? 'clearingNumber' : 'accountNumber';
        throw AppError.validation({ [field]: [parsed.error] });
      }
      const { bank, clearingNumber, accountNumber, masked } = parsed.value;
      return { details: { bank, clearingNumber, accountNumber }, masked };
    }
    case 'iban': {
      const iban = parseIban(input.iban);
      const bic = parseBic(input.bic);
      const fields = { ...(iban.ok ? {} : { iban: [iban.error] }), ...(bic.ok ? {} : { bic: [bic.error] }) };
      if (!iban.ok || !bic.ok) throw AppError.validation(fields);
      return { details: { iban: iban.value.iban, bic: bic.value }, masked: iban.value.masked };
    }
    case 'swish': {
      const parsed = parseSwishNumber(input.number);
      if (!parsed.ok) throw AppError.validation({ number: [parsed.error] });
      return { details: { number: parsed.value.number }, masked: parsed.value.masked };
    }
    case 'paypal': {
      const [name = '', domain = ''] = input.email.split('@');
      return { details: { email: input.email }, masked: `PayPal ${name.slice(0, 1)}•••@${domain}` };
    }
  }
}

export async function listPaymentMethods(db: Database, actor: User): Promise<PaymentMethodView[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, actor.id))
    .orderBy(asc(paymentMethods.createdAt));
  return rows.map(toView);
}

/**
 * Adds a payment method, stored encrypted. The first one, or one marked `isDefault`, becomes the
 * default; the user's row is locked so concurrent requests cannot leave two defaults.
 * @throws validation_failed naming the bad field; conflict past 10 methods
 */
export async function addPaymentMethod(
  db: Database,
  secrets: Secrets,
  actor: User,
  input: AddPaymentMethodBody,
): Promise<PaymentMethodView> {
  const { details, masked } = checkDetails(input);
  const detailsEncrypted = encrypt(secrets.encryptionKey, JSON.stringify(details));
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [existing] = await tx.select({ n: count() }).from(paymentMethods).where(eq(paymentMethods.userId, actor.id));
    const total = existing?.n ?? 0;
    if (total >= MAX_METHODS) throw new AppError('conflict', `At most ${MAX_METHODS} payment methods`);
    const isDefault = total === 0 || input.isDefault === true;
    if (isDefault) await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, actor.id));
    const [inserted] = await tx
      .insert(paymentMethods)
      .values({ userId: actor.id, type: input.type, detailsEncrypted, masked, isDefault })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('payment method insert returned nothing');
  return toView(row);
}

/**
 * Makes one of the actor's payment methods the default.
 * @throws not_found when it is not the actor's
 */
export async function makeDefaultPaymentMethod(db: Database, actor: User, id: string): Promise<PaymentMethodView> {
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [owned] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, actor.id)));
    if (!owned) throw new AppError('not_found', 'Payment method not found');
    await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, actor.id));
    const [updated] = await tx
      .update(paymentMethods)
      .set({ isDefault: true })
      .where(eq(paymentMethods.id, id))
      .returning();
    return updated;
  });
  if (!row) throw new AppError('not_found', 'Payment method not found');
  return toView(row);
}
