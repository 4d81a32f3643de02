import type { paymentMethods } from '@kollab/db/schema';
import { parseSwedishBankAccount } from '../../lib/bank-account.ts';
import { decrypt } from '../../lib/encryption.ts';
import { parseBic, parseIban } from '../../lib/iban.ts';
import type { CreditorAccount } from './pain001.ts';

/** Why a payee cannot be paid by bank transfer (shown in the admin's blocked-payees table). */
export type AccountProblem = 'method_deleted' | 'invalid_account_details' | 'not_a_bank_method';

/**
 * The creditor account of a bank or IBAN payout method, checked again as it is sent (the rules
 * may be stricter than when the method was saved): a Swedish account with its clearing number, or
 * an IBAN with its BIC.
 */
export function creditorAccount(
  encryptionKey: Buffer,
  method: Pick<typeof paymentMethods.$inferSelect, 'type' | 'detailsEncrypted'> | null,
): { ok: true; account: CreditorAccount } | { ok: false; problem: AccountProblem } {
  if (!method) return { ok: false, problem: 'method_deleted' };
  if (method.type !== 'bank_account' && method.type !== 'iban') return { ok: false, problem: 'not_a_bank_method' };
  let details: Record<string, string>;
  try {
    details = JSON.parse(decrypt(encryptionKey, method.detailsEncrypted)) as Record<string, string>;
  } catch {
    return { ok: false, problem: 'invalid_account_details' };
  }
  if (method.type === 'bank_account') {
    const parsed = parseSwedishBankAccount(details.clearingNumber ?? '', details.accountNumber ?? '');
    if (!parsed.ok) return { ok: false, problem: 'invalid_account_details' };
    const { clearingNumber, accountNumber } = parsed.value;
    // The clearing system's member id is the 4-digit clearing number (a Swedbank 8xxxx-x number's
    // fifth digit is its check digit, not part of the id).
    return { ok: true, account: { kind: 'bban', clearingNumber: clearingNumber.slice(0, 4), accountNumber } };
  }
  const iban = parseIban(details.iban ?? '');
  const bic = parseBic(details.bic ?? '');
  if (!iban.ok || !bic.ok) return { ok: false, problem: 'invalid_account_details' };
  return { ok: true, account: { kind: 'iban', iban: iban.value.iban, bic: bic.value } };
}
