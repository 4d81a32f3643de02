import { useCallback, useMemo, useRef } from 'react';
import { useLocale } from '../../hooks/use-locale';
import type { PaymentMethodType } from '../../lib/api-types';
import { once, perLocale } from '../../lib/once';
import type { Locale } from '../../providers/i18n-provider';
import { formatOf } from '../campaigns/use-format';

/** `GET /api/earnings`: balances in öre and every earning and withdrawal, newest first. */
export interface Earnings {
  availableOre: number;
  pendingOre: number;
  paidOutOre: number;
  minimumWithdrawalOre: number;
  entries: EarningsEntry[];
}

export interface EarningsEntry {
  id: string;
  kind: 'earning' | 'withdrawal';
  /** The campaign's title for an earning, the masked payment method for a withdrawal. */
  description: string;
  /** Negative for withdrawals. */
  amountOre: number;
  status: 'credited' | WithdrawalStatus;
  createdAt: string;
}

/** requested → sent (bank file or Swish) → paid | returned; requested → paid by hand (PayPal) | rejected (ADR 029). */
export type WithdrawalStatus = 'requested' | 'sent' | 'paid' | 'returned' | 'rejected';
export const WITHDRAWAL_STATUSES: WithdrawalStatus[] = ['requested', 'sent', 'paid', 'returned', 'rejected'];

export interface Withdrawal {
  id: string;
  amountOre: number;
  paymentMethodType: PaymentMethodType;
  paymentMethodMasked: string;
  status: WithdrawalStatus;
  reason: string | null;
  reference: string | null;
  createdAt: string;
  settledAt: string | null;
  /** Withdrawals to a newly added payout method are not paid before this time. */
  heldUntil: string | null;
}

/** Whether a requested withdrawal is still held for review (the API refuses to pay it until then). */
export function isHeld(withdrawal: Withdrawal, now = Date.now()): boolean {
  return withdrawal.status === 'requested' && !!withdrawal.heldUntil && Date.parse(withdrawal.heldUntil) > now;
}

/** A row of the admin payouts queue. */
export interface AdminWithdrawal extends Withdrawal {
  creator: { id: string; name: string; email: string };
}

/** The payouts queue's sortable columns and page sizes (the API's `sort` and `pageSize`). */
export type PayoutsSortField = 'createdAt' | 'amountOre';
export const PAYOUTS_PAGE_SIZES = [10, 25, 50, 100];

const INTL_LOCALE: Record<Locale, string> = { sv: 'sv-SE', en: 'en-GB' };

export interface MoneyFormat {
  /** Öre as SEK in the user's locale: sv "1 234,50 kr", en "SEK 1,234.50". */
  sek: (ore: number) => string;
  /** Öre as a plain number of kronor for an input: sv "1234,50", en "1234.50", whole kronor without decimals. */
  plain: (ore: number) => string;
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
  time: (iso: string) => string;
}

/** Formatters for amounts and dates in the user's language. */
export function useMoneyFormat(): MoneyFormat {
  return moneyFormat(useLocale());
}

/**
 * The formatters of a language, made once, each `Intl` object on its first use: a grid made six for
 * every date cell as it rendered, 17 ms of the users table's hydration (ADR 034, fifth step).
 */
export const moneyFormat = perLocale((locale: Locale): MoneyFormat => {
  const tag = INTL_LOCALE[locale];
  const currency = once(() => new Intl.NumberFormat(tag, { style: 'currency', currency: 'SEK' }));
  const whole = once(() => new Intl.NumberFormat(tag, { useGrouping: false, maximumFractionDigits: 0 }));
  const decimal = once(
    () =>
      new Intl.NumberFormat(tag, {
        useGrouping: false,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  );
  // Dates and times are the campaign formatters' own, in Swedish time: the server renders the homes
  // and the admin tables (ADR 034) and the browser must arrive at the same text to take them over.
  const { date, dateTime } = formatOf(locale);
  const time = once(() => new Intl.DateTimeFormat(tag, { timeStyle: 'short', timeZone: 'Europe/Stockholm' }));
  return {
    sek: (ore) => currency().format(ore / 100),
    plain: (ore) => (ore % 100 === 0 ? whole().format(ore / 100) : decimal().format(ore / 100)),
    date,
    dateTime,
    time: (iso) => time().format(new Date(iso)),
  };
});

/**
 * Kronor typed by the user as öre, or null when it is not an amount. Spaces, "kr" and "SEK" are
 * ignored; Swedish takes a comma or a point as the decimal sign, English a point (commas group).
 */
export function parseKronor(text: string, locale: Locale): number | null {
  let value = text.replace(/\s|kr|sek/gi, '');
  value = locale === 'en' ? value.replace(/,/g, '') : value.replace(',', '.');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * An `Idempotency-Key` per attempt: the same request (same signature) gets the same key, so a
 * retry after a lost answer is never performed twice; a changed request gets a new key.
 */
export function useIdempotencyKey() {
  const current = useRef<{ signature: string; key: string } | null>(null);
  const keyFor = useCallback((signature: string) => {
    if (current.current?.signature !== signature) current.current = { signature, key: crypto.randomUUID() };
    return current.current.key;
  }, []);
  const reset = useCallback(() => {
    current.current = null;
  }, []);
  return useMemo(() => ({ keyFor, reset }), [keyFor, reset]);
}
