import { luhnValid } from '@kollab/contract/luhn';
import type { Result } from '@kollab/contract/result';

export type BankAccount = {
  bank: string;
  /** 4 digits, or 5 for a Swedbank clearing number with its check digit (8xxx-x). */
  clearingNumber: string;
  accountNumber: string;
  /** '<bank> •••• <last 4 account digits>' */
  masked: string;
};

/** Account type and comment as in Bankgirot's "Bankernas kontonummeruppbyggnad". */
type Rule = 't1c1' | 't1c2' | 't2c1' | 't2c2' | 't2c3';

// [first clearing number, last clearing number, bank, rule]
const RANGES: readonly (readonly [number, number, string, Rule])[] = [
  [1100, 1199, 'Nordea', 't1c1'],
  [1200, 1399, 'Danske Bank', 't1c1'],
  [1400, 2099, 'Nordea', 't1c1'],
  [2300, 2399, 'Ålandsbanken', 't1c2'],
  [2400, 2499, 'Danske Bank', 't1c1'],
  [3000, 3299, 'Nordea', 't1c1'],
  [3300, 3300, 'Nordea', 't2c1'], // personkonto
  [3301, 3399, 'Nordea', 't1c1'],
  [3400, 3409, 'Länsförsäkringar Bank', 't1c1'],
  [3410, 3781, 'Nordea', 't1c1'],
  [3782, 3782, 'Nordea', 't2c1'], // personkonto
  [3783, 3999, 'Nordea', 't1c1'],
  [4000, 4999, 'Nordea', 't1c2'],
  [5000, 5999, 'SEB', 't1c1'],
  [6000, 6999, 'Handelsbanken', 't2c2'],
  [7000, 7999, 'Swedbank', 't1c1'],
  [8000, 8999, 'Swedbank', 't2c3'],
  [9020, 9029, 'Länsförsäkringar Bank', 't1c2'],
  [9040, 9049, 'Citibank', 't1c2'],
  [9060, 9069, 'Länsförsäkringar Bank', 't1c1'],
  [9120, 9124, 'SEB', 't1c1'],
  [9130, 9149, 'SEB', 't1c1'],
  [9150, 9169, 'Skandiabanken', 't1c2'],
  [9170, 9179, 'Ikano Bank', 't1c1'],
  [9180, 9189, 'Danske Bank', 't2c1'],
  [9190, 9199, 'DNB Bank', 't1c2'],
  [9230, 9239, 'Marginalen Bank', 't1c1'],
  [9250, 9259, 'SBAB', 't1c1'],
  [9260, 9269, 'DNB Bank', 't1c2'],
  [9270, 9279, 'ICA Banken', 't1c1'],
  [9280, 9289, 'Resurs Bank', 't1c1'],
  [9300, 9349, 'Sparbanken Öresund', 't2c1'],
  [9390, 9399, 'Landshypotek', 't1c2'],
  [9400, 9449, 'Forex Bank', 't1c1'],
  [9460, 9469, 'Santander Consumer Bank', 't1c1'],
  [9470, 9479, 'BNP Paribas', 't1c2'],
  [9500, 9549, 'Nordea (Plusgirot)', 't2c3'],
  [9550, 9569, 'Avanza Bank', 't1c2'],
  [9570, 9579, 'Sparbanken Syd', 't2c1'],
  [9580, 9589, 'Aion Bank', 't1c2'],
  [9590, 9599, 'Erik Penser', 't1c2'],
  [9630, 9639, 'Lån & Spar Bank', 't1c1'],
  [9640, 9649, 'Nordax Bank', 't1c2'],
  [9660, 9669, 'Svea Bank', 't1c2'],
  [9670, 9679, 'JAK Medlemsbank', 't1c2'],
  [9680, 9689, 'Bluestep Finans', 't1c1'],
  [9700, 9709, 'Ekobanken', 't1c2'],
  [9710, 9719, 'Lunar Bank', 't1c2'],
  [9750, 9759, 'Northmill Bank', 't1c2'],
  [9780, 9789, 'Klarna Bank', 't1c2'],
  [9880, 9889, 'Riksgälden', 't1c2'],
  [9890, 9899, 'Riksgälden', 't2c1'],
  [9960, 9969, 'Nordea (Plusgirot)', 't2c3'],
];

/** Modulus 11 with the given weights (left to right); one weight per digit. */
function mod11(digits: string, weights: readonly number[]): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  return sum % 11 === 0;
}

function accountValid(rule: Rule, clearing: string, account: string): boolean {
  switch (rule) {
    case 't1c1':
      return account.length === 7 && mod11(clearing.slice(1) + account, [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    case 't1c2':
      return account.length === 7 && mod11(clearing + account, [1, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    case 't2c1':
      return account.length === 10 && luhnValid(account);
    case 't2c2':
      return account.length === 9 && mod11(account, [9, 8, 7, 6, 5, 4, 3, 2, 1]);
    case 't2c3':
      return account.length >= 2 && account.length <= 10 && luhnValid(account.padStart(10, '0'));
  }
}

const strip = (input: string): string => input.replace(/[\s.-]/g, '');

/** Validates a Swedish clearing + account number against Bankgirot's ranges and checksums. */
export function parseSwedishBankAccount(clearingInput: string, accountInput: string): Result<BankAccount> {
  const clearingNumber = strip(clearingInput);
  if (!/^\d{4}$/.test(clearingNumber) && !/^8\d{4}$/.test(clearingNumber)) {
    return { ok: false, error: 'invalid_clearing_number' };
  }
  if (clearingNumber.length === 5 && !luhnValid(clearingNumber)) return { ok: false, error: 'invalid_clearing_number' };
  const clearing = clearingNumber.slice(0, 4);
  const code = Number(clearing);
  const range = RANGES.find(([from, to]) => code >= from && code <= to);
  if (!range) return { ok: false, error: 'invalid_clearing_number' };
  const [, , bank, rule] = range;

  const accountNumber = strip(accountInput);
  if (!/^\d+$/.test(accountNumber) || /^0+$/.test(accountNumber) || !accountValid(rule, clearing, accountNumber)) {
    return { ok: false, error: 'invalid_account_number' };
  }
  return {
    ok: true,
    value: { bank, clearingNumber, accountNumber, masked: `${bank} •••• ${accountNumber.slice(-4)}` },
  };
}
