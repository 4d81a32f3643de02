import { type BasAccount, isBalanceAccount, type LedgerAccountName } from './chart.ts';

/**
 * SIE 4 (SIE-Gruppen's "SIE filformat", version 4B; ADR 024): a text file in IBM code page 437
 * (`#FORMAT PC8`) with a header (#FLAGGA, #PROGRAM, #FORMAT, #GEN, #SIETYP, #FNAMN, #ORGNR,
 * #RAR), the chart (#KONTO, #KTYP), balances (#IB, #UB for balance accounts, #RES for results)
 * and vouchers (#VER with #TRANS rows between { and }). Amounts are kronor with a decimal point,
 * debit positive. Kollab's ledger counts credits positive (a creator's balance grows with a
 * positive entry), so each entry goes into the file with its sign turned.
 */
export interface SiePosting {
  id: string;
  kind: string;
  reference: string;
  /** YYYY-MM-DD, Swedish time. */
  date: string;
  entries: { account: LedgerAccountName; amountOre: number }[];
}

export interface SieInput {
  program: { name: string; version: string };
  company: { name: string; orgNumber: string };
  generatedOn: string;
  from: string;
  to: string;
  chart: Record<LedgerAccountName, BasAccount>;
  /** Each ledger account's balance (credit positive) before `from`. */
  opening: Partial<Record<LedgerAccountName, number>>;
  postings: SiePosting[];
}

const compact = (date: string) => date.replaceAll('-', '');

/** "1234.50" / "-0.05" from öre, debit positive. */
export function sieAmount(ore: number): string {
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A quoted SIE field: backslash and quote escaped, control characters dropped. */
function quote(value: string): string {
  const printable = [...value].map((char) => ((char.codePointAt(0) ?? 0) < 0x20 || char === '\u007f' ? ' ' : char));
  return `"${printable.join('').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function buildSie4(input: SieInput): string {
  const lines: string[] = [
    '#FLAGGA 0',
    `#PROGRAM ${quote(input.program.name)} ${quote(input.program.version)}`,
    '#FORMAT PC8',
    `#GEN ${compact(input.generatedOn)}`,
    '#SIETYP 4',
    `#FNAMN ${quote(input.company.name)}`,
    `#ORGNR ${input.company.orgNumber}`,
    `#RAR 0 ${input.from.slice(0, 4)}0101 ${input.to.slice(0, 4)}1231`,
    '#VALUTA SEK',
  ];
  // One BAS account may collect several ledger accounts (an override can merge them).
  const byNumber = new Map<number, { name: string; opening: number; movement: number }>();
  for (const [ledger, bas] of Object.entries(input.chart) as [LedgerAccountName, BasAccount][]) {
    const row = byNumber.get(bas.number) ?? { name: bas.name, opening: 0, movement: 0 };
    row.opening -= input.opening[ledger] ?? 0;
    byNumber.set(bas.number, row);
  }
  for (const posting of input.postings) {
    for (const entry of posting.entries) {
      const row = byNumber.get(input.chart[entry.account].number);
      if (row) row.movement -= entry.amountOre;
    }
  }
  const numbers = [...byNumber.keys()].sort((a, b) => a - b);
  for (const number of numbers) {
    lines.push(`#KONTO ${number} ${quote(byNumber.get(number)?.name ?? '')}`);
    lines.push(`#KTYP ${number} ${number < 2000 ? 'T' : number < 3000 ? 'S' : number < 4000 ? 'I' : 'K'}`);
  }
  for (const number of numbers) {
    const row = byNumber.get(number);
    if (!row) continue;
    if (isBalanceAccount(number)) {
      lines.push(`#IB 0 ${number} ${sieAmount(row.opening)}`);
      lines.push(`#UB 0 ${number} ${sieAmount(row.opening + row.movement)}`);
    } else {
      lines.push(`#RES 0 ${number} ${sieAmount(row.movement)}`);
    }
  }
  input.postings.forEach((posting, index) => {
    const date = compact(posting.date);
    lines.push(`#VER "A" ${index + 1} ${date} ${quote(`${posting.kind} ${posting.reference}`)}`);
    lines.push('{');
    for (const entry of posting.entries) {
      lines.push(`   #TRANS ${input.chart[entry.account].number} {} ${sieAmount(-entry.amountOre)}`);
    }
    lines.push('}');
  });
  return `${lines.join('\r\n')}\r\n`;
}

/** Unicode → IBM code page 437 for the letters Swedish text uses; anything else becomes "?". */
const CP437: Record<string, number> = {
  Ç: 0x80,
  ü: 0x81,
  é: 0x82,
  â: 0x83,
  ä: 0x84,
  à: 0x85,
  å: 0x86,
  ç: 0x87,
  ê: 0x88,
  ë: 0x89,
  è: 0x8a,
  ï: 0x8b,
  î: 0x8c,
  ì: 0x8d,
  Ä: 0x8e,
  Å: 0x8f,
  É: 0x90,
  æ: 0x91,
  Æ: 0x92,
  ô: 0x93,
  ö: 0x94,
  ò: 0x95,
  û: 0x96,
  ù: 0x97,
  ÿ: 0x98,
  Ö: 0x99,
  Ü: 0x9a,
  '¢': 0x9b,
  '£': 0x9c,
  '¥': 0x9d,
  á: 0xa0,
  í: 0xa1,
  ó: 0xa2,
  ú: 0xa3,
  ñ: 0xa4,
  Ñ: 0xa5,
};

export function encodePc8(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0x3f;
    bytes.push(code < 0x80 ? code : (CP437[char] ?? 0x3f));
  }
  return Uint8Array.from(bytes);
}
