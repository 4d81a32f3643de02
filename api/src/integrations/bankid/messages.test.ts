import {
  BANKID_MESSAGES,
  type BankIdRfa,
  bankIdAutostartLink,
  bankIdMessage,
  bankIdRfaForCollect,
  bankIdRfaForError,
} from '@kollab/contract/bankid';
import { describe, expect, it } from 'vitest';
import { readMessages } from './reference.ts';

const reference = readMessages();
const referenceOf = (code: string) => {
  const found = reference.messages.find((message) => message.code === code);
  if (!found) throw new Error(`${code} is not in the reference`);
  return found;
};
/** The RFA codes a reference cell names, e.g. ["RFA13 (autostart/same device)", "RFA1 (QR/other device)"]. */
const codesIn = (cell: string[]) => cell.map((entry) => entry.split(' ')[0]);

describe("BankID's user messages", () => {
  for (const code of Object.keys(BANKID_MESSAGES) as BankIdRfa[]) {
    it(`${code} says what BankID prescribes, in Swedish and English`, () => {
      const published = referenceOf(code);
      for (const locale of ['sv', 'en'] as const) {
        expect(bankIdMessage(code, locale)).toMatch(new RegExp(published.keyPatterns[locale], 'i'));
      }
      // Word for word as published, apart from the two typos the reference notes (RFA15B, RFA23).
      if (code !== 'RFA15B') expect(bankIdMessage(code, 'sv')).toBe(published.sv);
      if (code !== 'RFA23') expect(bankIdMessage(code, 'en')).toBe(published.en);
    });
  }

  describe('for each collect hintCode', () => {
    for (const status of ['pending', 'failed'] as const) {
      for (const [hintCode, cell] of Object.entries(reference.hintCodeToRfa[status])) {
        it(`${status} ${hintCode} → ${cell.join(' | ')}`, () => {
          const code = hintCode === '*' ? 'someFutureHintCode' : hintCode;
          const expected = codesIn(cell);
          const answers = [
            bankIdRfaForCollect(status, code, { sameDevice: true, mobile: true }),
            bankIdRfaForCollect(status, code, { sameDevice: false, mobile: false }),
          ];
          for (const answer of answers) expect(expected).toContain(answer);
          // Where the reference names one message per situation, each situation gets its own.
          if (expected.length === 2) expect(new Set(answers)).toEqual(new Set(expected));
        });
      }
    }

    it('picks by situation exactly', () => {
      expect(bankIdRfaForCollect('pending', 'outstandingTransaction', { sameDevice: true })).toBe('RFA13');
      expect(bankIdRfaForCollect('pending', 'outstandingTransaction', { sameDevice: false })).toBe('RFA1');
      expect(bankIdRfaForCollect('failed', 'startFailed', { sameDevice: true })).toBe('RFA17A');
      expect(bankIdRfaForCollect('failed', 'startFailed', { sameDevice: false })).toBe('RFA17B');
      expect(bankIdRfaForCollect('pending', 'started', { sameDevice: false, mobile: true })).toBe('RFA15B');
      expect(bankIdRfaForCollect('pending', 'started', { sameDevice: false })).toBe('RFA15A');
    });
  });

  describe('for each API error', () => {
    for (const [errorCode, cell] of Object.entries(reference.hintCodeToRfa.error)) {
      it(`${errorCode} → ${cell.length ? cell.join(' | ') : 'not shown as a BankID error'}`, () => {
        expect(bankIdRfaForError(errorCode)).toBe(cell.length ? codesIn(cell)[0] : null);
      });
    }
  });

  it('builds the autostart link that opens BankID on this device', () => {
    expect(bankIdAutostartLink('46f6f2a5-47d2-4ae0-9a9f-4d1cf3b2a7e1')).toBe(
      'https://app.bankid.com/?autostarttoken=46f6f2a5-47d2-4ae0-9a9f-4d1cf3b2a7e1&redirect=null',
    );
    expect(bankIdAutostartLink('t-1', 'http://127.0.0.1:4000/app')).toBe(
      'http://127.0.0.1:4000/app?autostarttoken=t-1&redirect=null',
    );
  });
});
