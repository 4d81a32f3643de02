import { BankFileError, type IncomingPayment, type ParsedBankFile } from './bank-file.ts';

/**
 * Bankgirot's BgMax file (Bankgiro Inbetalningar, technical manual; ADR 024): fixed-width records
 * of 80 characters in ISO 8859-1, each starting with a two-digit transaction code (TK):
 * 01 start, 05 opening of a deposit (receiving Bankgiro number, currency), 20 payment,
 * 21 deduction, 22/23 extra reference (positive/negative), 25 information text, 26–29 payer's
 * name, address, city and organisation number, 15 the deposit (booking date, serial number),
 * 70 end with record counts. Positions below are the manual's, 1-based.
 */
type Tk = '01' | '05' | '15' | '20' | '21' | '22' | '23' | '25' | '26' | '27' | '28' | '29' | '70';
const KNOWN = new Set<string>(['01', '05', '15', '20', '21', '22', '23', '25', '26', '27', '28', '29', '70']);

/** Characters `from`..`to` (1-based, inclusive), as the manual counts them. */
const field = (line: string, from: number, to: number) => line.slice(from - 1, to);

/** Hand-edited files sometimes carry TABs; a TAB stands for spaces up to the next 8-column stop. */
function expandTabs(line: string): string {
  let out = '';
  for (const char of line) out += char === '\t' ? ' '.repeat(8 - (out.length % 8)) : char;
  return out;
}

function digits(line: string, from: number, to: number, lineNo: number, what: string): number {
  const text = field(line, from, to);
  if (!/^\d+$/.test(text)) throw new BankFileError(lineNo, `${what} (positions ${from}–${to}) is not a number`);
  return Number(text);
}

interface Pending {
  payment: Omit<IncomingPayment, 'bookedOn' | 'bankReference'> & { serial: string };
  lineNo: number;
}

export function parseBgMax(bytes: Uint8Array): ParsedBankFile {
  const text = new TextDecoder('latin1').decode(bytes);
  const lines = text.split(/\r?\n/).map((line) => expandTabs(line.replace(/\s+$/, '')).padEnd(80, ' '));
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === '') lines.pop();
  if (lines.length === 0 || !lines[0]?.startsWith('01BGMAX')) {
    throw new BankFileError(1, 'a BgMax file starts with an 01 record whose layout name is BGMAX');
  }
  let account = '';
  let currency = '';
  let open: Pending[] = [];
  let current: Pending | null = null;
  const payments: IncomingPayment[] = [];
  const counts = { payments: 0, deductions: 0, references: 0, deposits: 0 };
  let ended = false;
  lines.forEach((line, index) => {
    const lineNo = index + 1;
    const tk = line.slice(0, 2) as Tk;
    if (!KNOWN.has(tk)) throw new BankFileError(lineNo, `unknown record type "${line.slice(0, 2)}"`);
    if (ended) throw new BankFileError(lineNo, 'records after the 70 end record');
    switch (tk) {
      case '01':
        if (lineNo !== 1) throw new BankFileError(lineNo, 'a second 01 start record');
        return;
      case '05':
        account = String(digits(line, 3, 12, lineNo, 'receiving Bankgiro number'));
        currency = field(line, 23, 25).trim() || 'SEK';
        open = [];
        current = null;
        return;
      case '20':
      case '21': {
        if (!account) throw new BankFileError(lineNo, 'a payment before any 05 opening record');
        const amount = digits(line, 38, 55, lineNo, 'amount');
        const reference = field(line, 13, 37).trim();
        current = {
          payment: {
            references: [...new Set(reference.split(/[\s,]+/).filter(Boolean))],
            amountOre: tk === '21' ? -amount : amount,
            payerName: null,
            serial: field(line, 58, 69),
          },
          lineNo,
        };
        if (!/^\d{12}$/.test(current.payment.serial)) {
          throw new BankFileError(lineNo, 'Bankgirot serial number (positions 58–69) is not 12 digits');
        }
        open.push(current);
        if (tk === '20') counts.payments += 1;
        else counts.deductions += 1;
        return;
      }
      case '22':
      case '23': {
        if (!current) throw new BankFileError(lineNo, 'an extra reference without a payment before it');
        digits(line, 38, 55, lineNo, 'amount');
        const reference = field(line, 13, 37).trim();
        if (reference && !current.payment.references.includes(reference)) current.payment.references.push(reference);
        counts.references += 1;
        return;
      }
      case '26':
        if (current && current.payment.payerName === null)
          current.payment.payerName = field(line, 3, 37).trim() || null;
        return;
      case '25':
      case '27':
      case '28':
      case '29':
        return;
      case '15': {
        const bookedOn = field(line, 38, 45);
        if (!/^\d{8}$/.test(bookedOn))
          throw new BankFileError(lineNo, 'payment date (positions 38–45) is not YYYYMMDD');
        const total = digits(line, 51, 68, lineNo, 'deposited amount');
        const sum = open.reduce((acc, { payment }) => acc + payment.amountOre, 0);
        if (sum !== total) {
          throw new BankFileError(lineNo, `the deposit says ${total} öre but its payments add up to ${sum} öre`);
        }
        const deposit = digits(line, 46, 50, lineNo, 'deposit serial number');
        const date = `${bookedOn.slice(0, 4)}-${bookedOn.slice(4, 6)}-${bookedOn.slice(6, 8)}`;
        for (const { payment } of open) {
          const { serial, ...rest } = payment;
          // Bankgirot numbers payments within a deposit, deposits within a day and account; its
          // published example reuses a serial within one deposit, so amount and reference are
          // part of the identity too (the same line sent again still has the same identity).
          const bankReference = `bgmax:${account}:${bookedOn}:${deposit}:${serial}:${rest.amountOre}:${rest.references[0] ?? ''}`;
          payments.push({ ...rest, bookedOn: date, bankReference });
        }
        open = [];
        current = null;
        counts.deposits += 1;
        return;
      }
      case '70': {
        const expected = [
          digits(line, 3, 10, lineNo, 'number of payments'),
          digits(line, 11, 18, lineNo, 'number of deductions'),
          digits(line, 19, 26, lineNo, 'number of extra references'),
          digits(line, 27, 34, lineNo, 'number of deposits'),
        ];
        const actual = [counts.payments, counts.deductions, counts.references, counts.deposits];
        if (expected.join() !== actual.join()) {
          throw new BankFileError(
            lineNo,
            `the end record counts ${expected.join('/')} but the file has ${actual.join('/')}`,
          );
        }
        ended = true;
        return;
      }
    }
  });
  if (!ended) throw new BankFileError(lines.length, 'the file has no 70 end record (cut short?)');
  if (open.length > 0) throw new BankFileError(open[0]?.lineNo ?? 0, 'payments without a 15 deposit record');
  return { format: 'bgmax', account, currency, payments };
}
