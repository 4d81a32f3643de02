/**
 * In-memory balances per API key, so `/user/info` goes down as the sample is used, like the real
 * provider's meters (CONTRACT.md §1.5): decimal Discovery credits and integer raw requests.
 * Credits are kept in hundredths so sums stay exact.
 */
export const START_CREDITS = 3000;
export const START_RAW_REQUESTS = 40_000;

/** Prices in hundredths of a credit. */
export const PRICES = {
  searchHit: 1,
  report: 100,
  overlap: 100,
  performance: 25,
  emailMatch: 2,
} as const;

interface Balance {
  hundredths: number;
  raw: number;
}

export class CreditLedger {
  private readonly balances = new Map<string, Balance>();

  private balance(key: string): Balance {
    let balance = this.balances.get(key);
    if (!balance) {
      balance = { hundredths: START_CREDITS * 100, raw: START_RAW_REQUESTS };
      this.balances.set(key, balance);
    }
    return balance;
  }

  /** Credits left (decimal) and raw requests left for a key. */
  info(key: string): { credits: number; rawRequests: number } {
    const balance = this.balance(key);
    return { credits: balance.hundredths / 100, rawRequests: balance.raw };
  }

  canSpend(key: string, hundredths: number): boolean {
    return this.balance(key).hundredths >= hundredths;
  }

  spend(key: string, hundredths: number): void {
    const balance = this.balance(key);
    balance.hundredths = Math.max(0, balance.hundredths - hundredths);
  }

  canSpendRaw(key: string): boolean {
    return this.balance(key).raw > 0;
  }

  spendRaw(key: string): void {
    const balance = this.balance(key);
    balance.raw = Math.max(0, balance.raw - 1);
  }
}
