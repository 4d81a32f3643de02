import type { ledgerAccount } from '@kollab/db/schema';

export type LedgerAccountName = (typeof ledgerAccount.enumValues)[number];

/** A BAS account: number and name as SIE's #KONTO gives them. */
export interface BasAccount {
  number: number;
  name: string;
}

/**
 * The default chart of accounts: each ledger account to a BAS account (BAS-kontoplanen; ADR 024
 * explains each choice). `SIE_ACCOUNTS` overrides numbers, e.g. "creator_available=2441".
 */
export const LEDGER_TO_BAS: Record<LedgerAccountName, BasAccount> = {
  platform_cash: { number: 1930, name: 'Företagskonto' },
  creator_available: { number: 2891, name: 'Skulder till kreatörer, tillgängligt' },
  creator_pending: { number: 2892, name: 'Skulder till kreatörer, begärda uttag' },
  platform_payouts: { number: 2890, name: 'Övriga kortfristiga skulder' },
  brand_credit: { number: 2420, name: 'Förskott från kunder' },
  campaign_escrow: { number: 2421, name: 'Kampanjmedel i escrow' },
  campaign_reserved: { number: 2422, name: 'Kampanjmedel reserverade för kreatörer' },
  platform_vat_output: { number: 2611, name: 'Utgående moms på försäljning inom Sverige, 25 %' },
  platform_fee_revenue: { number: 3041, name: 'Försäljning tjänster 25 % sv' },
  platform_tax_withheld: { number: 2710, name: 'Personalskatt' },
  platform_employer_contributions: { number: 2731, name: 'Avräkning lagstadgade sociala avgifter' },
  platform_vat_input: { number: 2641, name: 'Debiterad ingående moms' },
};

const LEDGER_ACCOUNTS = Object.keys(LEDGER_TO_BAS) as LedgerAccountName[];

/** Parses "ledger_account=number,…"; an error message (string) names what is wrong. */
export function parseChartOverrides(value: string): Partial<Record<LedgerAccountName, BasAccount>> | string {
  const overrides: Partial<Record<LedgerAccountName, BasAccount>> = {};
  for (const pair of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([a-z_]+)=(\d{4})$/.exec(pair);
    if (!match) return `expected ledger_account=NNNN pairs separated by commas, got "${pair}"`;
    const account = match[1] as LedgerAccountName;
    if (!LEDGER_ACCOUNTS.includes(account))
      return `unknown ledger account "${match[1]}" (known: ${LEDGER_ACCOUNTS.join(', ')})`;
    overrides[account] = { number: Number(match[2]), name: LEDGER_TO_BAS[account].name };
  }
  return overrides;
}

/** BAS classes 1 (assets) and 2 (equity and liabilities) are balance accounts; 3–8 are results. */
export function isBalanceAccount(number: number): boolean {
  return number < 3000;
}
