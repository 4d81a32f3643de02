// The scale seed's sizes and the SQL pieces its parts share (scale-seed.ts, scale-seed-money.ts).
import type postgres from 'postgres';

export interface ScaleSizes {
  campaigns: number;
  creators: number;
  brands: number;
  claims: number;
  /** Entries; two per posting. */
  ledgerEntries: number;
  messages: number;
}

export function sizesFor(scale: number): ScaleSizes {
  return {
    campaigns: Math.round(1_000_000 * scale),
    creators: Math.round(100_000 * scale),
    brands: Math.round(20_000 * scale),
    claims: Math.round(2_000_000 * scale),
    ledgerEntries: Math.round(5_000_000 * scale),
    messages: Math.round(2_000_000 * scale),
  };
}

export const BATCH = 250_000;

/** Ids as the app makes them look (24 lowercase characters), derived from a kind and a number. */
export const id = (kind: string, n: string) => `substr(md5('${kind}' || ${n}), 1, 24)`;

/** Published campaigns: every campaign i with i % 10 ≠ 0 (the others are drafts). */
export const publishedCount = (s: ScaleSizes) => (s.campaigns / 10) * 9;
/** SQL for the number i of the p-th published campaign. */
export const nthPublished = (p: string) => `(((${p}) / 9) * 10 + (${p}) % 9 + 1)`;

/** Runs `statement` over [0, total) in ranges of BATCH rows. */
export async function batched(sql: postgres.Sql, total: number, statement: (from: number, to: number) => string) {
  for (let from = 0; from < total; from += BATCH) {
    await sql.unsafe(statement(from, Math.min(total, from + BATCH) - 1));
  }
}
