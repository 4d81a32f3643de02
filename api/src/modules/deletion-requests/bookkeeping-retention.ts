import { stockholmDate } from '@kollab/contract/stockholm-date';

/**
 * How long bookkeeping records (räkenskapsinformation: ledger postings, payouts and the audit
 * entries about them) must be kept, as dated rules, newest last. A record is kept under the rule in
 * force on the day its financial year ends. A change in the law is a new row with its date, never
 * an edit of an old one (ADR 022).
 */
export const BOOKKEEPING_RETENTION_RULES: readonly RetentionRule[] = [
  {
    inForceFrom: '2011-07-01',
    years: 7,
    source: 'Bokföringslagen (1999:1078) 7 kap. 2 §, as amended by SFS 2010:1514',
    rule: 'kept through the seventh year after the end of the calendar year in which the financial year ended',
  },
];

export interface RetentionRule {
  /** The first day the rule applies (YYYY-MM-DD). */
  inForceFrom: string;
  /** Whole calendar years after the one in which the financial year ended. */
  years: number;
  source: string;
  rule: string;
}

/** Kollab's financial year (räkenskapsår) is the calendar year: it ends on 31 December. */
export const FINANCIAL_YEAR_END = { month: 12, day: 31 } as const;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The last day (YYYY-MM-DD, Swedish calendar) a bookkeeping record made at `recordAt` must be kept:
 * the end of the calendar year `years` after the one in which its financial year ended.
 * @throws Error when no rule was in force then (a record older than every rule)
 */
export function bookkeepingKeptUntil(
  recordAt: Date,
  rules: readonly RetentionRule[] = BOOKKEEPING_RETENTION_RULES,
  yearEnd: { month: number; day: number } = FINANCIAL_YEAR_END,
): string {
  const { year, month, day } = stockholmDate(recordAt);
  const endsThisYear = month < yearEnd.month || (month === yearEnd.month && day <= yearEnd.day);
  const endYear = endsThisYear ? year : year + 1;
  const financialYearEnd = `${endYear}-${pad(yearEnd.month)}-${pad(yearEnd.day)}`;
  const rule = rules.filter((candidate) => candidate.inForceFrom <= financialYearEnd).at(-1);
  if (!rule) throw new Error(`no bookkeeping retention rule in force on ${financialYearEnd}`);
  return `${endYear + rule.years}-12-31`;
}
