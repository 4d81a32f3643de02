import { describe, expect, it } from 'vitest';
import { parseSwedishBankAccount } from './bank-account.ts';

describe('parseSwedishBankAccount: type 1, comment 1 (mod 11 over 3 clearing + 7 account digits)', () => {
  it.each([
    ['5000', '1234560', 'SEB'],
    ['5000', '1000209', 'SEB'],
    ['1100', '1234561', 'Nordea'],
    ['3301', '1234566', 'Nordea'],
    ['7000', '2345676', 'Swedbank'],
    ['9270', '1234565', 'ICA Banken'],
  ])('accepts %s-%s (%s)', (clearing, account, bank) => {
    expect(parseSwedishBankAccount(clearing, account)).toMatchObject({
      ok: true,
      value: { bank, accountNumber: account },
    });
  });

  it('returns the normalised parts and a masked label', () => {
    expect(parseSwedishBankAccount('5000', '1234560')).toEqual({
      ok: true,
      value: { bank: 'SEB', clearingNumber: '5000', accountNumber: '1234560', masked: 'SEB •••• 4560' },
    });
  });

  it('rejects a bad checksum', () => {
    expect(parseSwedishBankAccount('5000', '1234561')).toEqual({ ok: false, error: 'invalid_account_number' });
    expect(parseSwedishBankAccount('1100', '1234560')).toEqual({ ok: false, error: 'invalid_account_number' });
  });
});

describe('parseSwedishBankAccount: type 1, comment 2 (mod 11 over 4 clearing + 7 account digits)', () => {
  it.each([
    ['4000', '1234567', 'Nordea'],
    ['9550', '3456787', 'Avanza Bank'],
    ['9660', '1234569', 'Svea Bank'],
    ['2300', '2345677', 'Ålandsbanken'],
  ])('accepts %s-%s (%s)', (clearing, account, bank) => {
    expect(parseSwedishBankAccount(clearing, account)).toMatchObject({ ok: true, value: { bank } });
  });

  it('rejects a bad checksum', () => {
    expect(parseSwedishBankAccount('9550', '3456788')).toEqual({ ok: false, error: 'invalid_account_number' });
    // Valid under comment 1 for the same digits, but 4000 uses comment 2.
    expect(parseSwedishBankAccount('4000', '1234560')).toEqual({ ok: false, error: 'invalid_account_number' });
  });
});

describe('parseSwedishBankAccount: type 2, comment 1 (10 digits, Luhn)', () => {
  it('accepts a Nordea personkonto (the personnummer)', () => {
    expect(parseSwedishBankAccount('3300', '811228-9874')).toEqual({
      ok: true,
      value: { bank: 'Nordea', clearingNumber: '3300', accountNumber: '8112289874', masked: 'Nordea •••• 9874' },
    });
  });

  it.each([
    ['3782', '1234567897', 'Nordea'],
    ['9180', '1234567897', 'Danske Bank'],
    ['9570', '1234567897', 'Sparbanken Syd'],
    ['9890', '1234567897', 'Riksgälden'],
  ])('accepts %s-%s (%s)', (clearing, account, bank) => {
    expect(parseSwedishBankAccount(clearing, account)).toMatchObject({ ok: true, value: { bank } });
  });

  it('rejects a bad checksum or a wrong length', () => {
    expect(parseSwedishBankAccount('3300', '8112289875')).toEqual({ ok: false, error: 'invalid_account_number' });
    expect(parseSwedishBankAccount('9180', '123456789')).toEqual({ ok: false, error: 'invalid_account_number' });
    expect(parseSwedishBankAccount('9180', '01234567897')).toEqual({ ok: false, error: 'invalid_account_number' });
  });
});

describe('parseSwedishBankAccount: type 2, comment 2 (Handelsbanken, 9 digits, mod 11)', () => {
  it('accepts valid accounts', () => {
    expect(parseSwedishBankAccount('6000', '123456789')).toEqual({
      ok: true,
      value: {
        bank: 'Handelsbanken',
        clearingNumber: '6000',
        accountNumber: '123456789',
        masked: 'Handelsbanken •••• 6789',
      },
    });
    expect(parseSwedishBankAccount('6789', '200 000 004')).toMatchObject({
      ok: true,
      value: { accountNumber: '200000004' },
    });
  });

  it('rejects a bad checksum or a wrong length', () => {
    expect(parseSwedishBankAccount('6000', '123456788')).toEqual({ ok: false, error: 'invalid_account_number' });
    expect(parseSwedishBankAccount('6000', '12345678')).toEqual({ ok: false, error: 'invalid_account_number' });
    expect(parseSwedishBankAccount('6000', '1234567890')).toEqual({ ok: false, error: 'invalid_account_number' });
  });
});

describe('parseSwedishBankAccount: type 2, comment 3 (Swedbank 8xxx and Plusgirot, up to 10 digits, Luhn)', () => {
  it('accepts a Swedbank account with a 4-digit clearing number', () => {
    expect(parseSwedishBankAccount('8327', '123 456 789-7')).toEqual({
      ok: true,
      value: { bank: 'Swedbank', clearingNumber: '8327', accountNumber: '1234567897', masked: 'Swedbank •••• 7897' },
    });
  });

  it('accepts a 5-digit Swedbank clearing number with a valid check digit', () => {
    expect(parseSwedishBankAccount('8327-9', '123456782')).toEqual({
      ok: true,
      value: { bank: 'Swedbank', clearingNumber: '83279', accountNumber: '123456782', masked: 'Swedbank •••• 6782' },
    });
    expect(parseSwedishBankAccount('8105 9', '123456782')).toMatchObject({ ok: true });
  });

  it('rejects a 5-digit Swedbank clearing number with a bad check digit', () => {
    expect(parseSwedishBankAccount('8327-8', '123456782')).toEqual({ ok: false, error: 'invalid_clearing_number' });
  });

  it('accepts short Plusgirot accounts (left-padded for the check)', () => {
    expect(parseSwedishBankAccount('9500', '4711-8')).toEqual({
      ok: true,
      value: {
        bank: 'Nordea (Plusgirot)',
        clearingNumber: '9500',
        accountNumber: '47118',
        masked: 'Nordea (Plusgirot) •••• 7118',
      },
    });
    expect(parseSwedishBankAccount('9960', '26')).toMatchObject({ ok: true, value: { accountNumber: '26' } });
  });

  it('rejects a bad checksum or a wrong length', () => {
    expect(parseSwedishBankAccount('8327', '1234567898')).toEqual({ ok: false, error: 'invalid_account_number' });
    expect(parseSwedishBankAccount('9500', '47119')).toEqual({ ok: false, error: 'invalid_account_number' });
    expect(parseSwedishBankAccount('8327', '01234567897')).toEqual({ ok: false, error: 'invalid_account_number' });
    expect(parseSwedishBankAccount('9500', '0')).toEqual({ ok: false, error: 'invalid_account_number' });
  });
});

describe('parseSwedishBankAccount: input clean-up and errors', () => {
  it('strips spaces, dashes and dots from both parts', () => {
    expect(parseSwedishBankAccount(' 50.00 ', '123-45.6 0')).toMatchObject({
      ok: true,
      value: { clearingNumber: '5000', accountNumber: '1234560' },
    });
  });

  it.each([['9000'], ['9999'], ['0999'], ['2200'], ['9250x'], ['']])(
    'rejects unknown or malformed clearing number %j',
    (clearing) => {
      expect(parseSwedishBankAccount(clearing, '1234560')).toEqual({ ok: false, error: 'invalid_clearing_number' });
    },
  );

  it('rejects clearing numbers of the wrong length', () => {
    expect(parseSwedishBankAccount('500', '1234560')).toEqual({ ok: false, error: 'invalid_clearing_number' });
    expect(parseSwedishBankAccount('50001', '1234560')).toEqual({ ok: false, error: 'invalid_clearing_number' });
    expect(parseSwedishBankAccount('832790', '123456782')).toEqual({ ok: false, error: 'invalid_clearing_number' });
  });

  it('rejects type 1 accounts of the wrong length', () => {
    expect(parseSwedishBankAccount('5000', '123456')).toEqual({ ok: false, error: 'invalid_account_number' });
    expect(parseSwedishBankAccount('5000', '01234560')).toEqual({ ok: false, error: 'invalid_account_number' });
  });

  it('rejects non-digit, empty and all-zero account numbers', () => {
    expect(parseSwedishBankAccount('5000', '12345a0')).toEqual({ ok: false, error: 'invalid_account_number' });
    expect(parseSwedishBankAccount('5000', '')).toEqual({ ok: false, error: 'invalid_account_number' });
    expect(parseSwedishBankAccount('5000', '0000000')).toEqual({ ok: false, error: 'invalid_account_number' });
  });
});
