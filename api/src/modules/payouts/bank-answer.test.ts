import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { camt054Answer, pain002Answer } from '../../../test/support/payout-answers.ts';
import { referenceFile } from '../../../test/support/reference-files.ts';
import { BankFileError } from '../billing/bank-files/bank-file.ts';
import { parsePayoutAnswer } from './bank-answer.ts';
import { writePain001 } from './pain001.ts';

const sample = (name: string) => new Uint8Array(referenceFile(`iso20022/samples/${name}`));
const bytes = (xml: string) => new TextEncoder().encode(xml);

async function schemaErrors(xml: string, xsd: string) {
  const result = await validateXML({
    xml: [{ fileName: 'file.xml', contents: xml }],
    schema: [{ fileName: xsd, contents: referenceFile(`iso20022/xsd/${xsd}`).toString('utf8') }],
  });
  return result.errors.map((error) => error.message);
}

const batch = {
  messageId: 'KBTESTBATCH0001',
  createdAt: new Date('2026-11-26T09:00:00Z'),
  executionDate: '2026-11-27',
  debtor: { name: 'Kollab AB', iban: 'SE4550000000058398257466', bic: 'ESSESESS' },
  transfers: [
    {
      endToEndId: 'KWAAAA',
      amountOre: 50_000,
      creditorName: 'Anna Åberg <& Co>',
      account: { kind: 'bban' as const, clearingNumber: '8327', accountNumber: '9379347' },
      message: 'Kollab utbetalning KWAAAA',
    },
    {
      endToEndId: 'KWBBBB',
      amountOre: 75_025,
      creditorName: 'Studio Berg AB',
      account: { kind: 'bankgiro' as const, number: '5050-1055' },
      message: 'Kollab utbetalning KWBBBB',
    },
    {
      endToEndId: 'KWCCCC',
      amountOre: 1,
      creditorName: 'Erik Ek 🎉',
      account: { kind: 'iban' as const, iban: 'SE3550000000054910000003', bic: 'HANDSESS' },
      message: 'Kollab utbetalning KWCCCC',
    },
  ],
};

describe('pain.001.001.03 writer', () => {
  it('writes a file valid against the published XSD: BBAN with clearing, Bankgiro, IBAN', async () => {
    const xml = writePain001(batch);
    expect(await schemaErrors(xml, 'pain.001.001.03.xsd')).toEqual([]);
    expect(xml).toContain('<NbOfTxs>3</NbOfTxs>');
    expect(xml).toContain('<CtrlSum>1250.26</CtrlSum>');
    expect(xml).toContain(
      '<CdtrAgt><FinInstnId><ClrSysMmbId><ClrSysId><Cd>SESBA</Cd></ClrSysId><MmbId>8327</MmbId></ClrSysMmbId></FinInstnId></CdtrAgt>',
    );
    expect(xml).toContain('<Othr><Id>9379347</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr>');
    expect(xml).toContain('<Othr><Id>50501055</Id><SchmeNm><Prtry>BGNR</Prtry></SchmeNm></Othr>');
    expect(xml).toContain('<IBAN>SE3550000000054910000003</IBAN>');
    expect(xml).toContain('<Cdtr><Nm>Anna Åberg Co</Nm></Cdtr>');
    expect(xml).toContain('<Cdtr><Nm>Erik Ek</Nm></Cdtr>');
    expect(xml).toContain('<InstdAmt Ccy="SEK">0.01</InstdAmt>');
  });

  it('draws on a Bankgiro number when one is configured', async () => {
    const xml = writePain001({ ...batch, debtor: { ...batch.debtor, bankgiro: '5050-1055' } });
    expect(await schemaErrors(xml, 'pain.001.001.03.xsd')).toEqual([]);
    expect(xml).toContain(
      '<DbtrAcct><Id><Othr><Id>50501055</Id><SchmeNm><Prtry>BGNR</Prtry></SchmeNm></Othr></Id><Ccy>SEK</Ccy></DbtrAcct>',
    );
  });

  it('is the sample the reference set wrote for Swedish domestic payments, in shape', async () => {
    expect(
      await schemaErrors(
        referenceFile('iso20022/samples/pain001_se_domestic_written-here.xml').toString(),
        'pain.001.001.03.xsd',
      ),
    ).toEqual([]);
  });
});

describe('bank answers', () => {
  it('round-trips: the answer to our file (paid, returned AC04) is XSD-valid camt.054 and reads back', async () => {
    const xml = camt054Answer(
      [
        { endToEndId: 'KWAAAA', amountOre: 50_000, kind: 'paid' },
        { endToEndId: 'KWBBBB', amountOre: 75_025, kind: 'paid' },
        { endToEndId: 'KWBBBB', amountOre: 75_025, kind: 'returned', reason: 'AC04' },
      ],
      'R1',
    );
    expect(await schemaErrors(xml, 'camt.054.001.02.xsd')).toEqual([]);
    expect(parsePayoutAnswer(bytes(xml))).toEqual({
      format: 'camt054',
      rejectedMessage: null,
      lines: [
        { endToEndId: 'KWAAAA', outcome: 'paid', amountOre: 50_000, reason: null },
        { endToEndId: 'KWBBBB', outcome: 'paid', amountOre: 75_025, reason: null },
        { endToEndId: 'KWBBBB', outcome: 'returned', amountOre: 75_025, reason: 'AC04' },
      ],
    });
  });

  it('reads the v04 sample with returned (MD06, reversed) and credited transactions', () => {
    const parsed = parsePayoutAnswer(sample('camt054_v04_ch-postfinance-style_return-md06_viafintech.xml'));
    expect(parsed.format).toBe('camt054');
    expect(parsed.lines).toEqual([
      { endToEndId: 'EndToEnd-CRDBRActSame-1B9C-CHDDBB2', outcome: 'returned', amountOre: 1500, reason: 'RETURNED' },
      { endToEndId: 'EndToEnd-CRDBRActSame-1B9C-CHDDBB3', outcome: 'returned', amountOre: 900, reason: 'RETURNED' },
      { endToEndId: 'PMT-651727380907030005', outcome: 'returned', amountOre: 5656, reason: 'RETURNED' },
      { endToEndId: 'EndToEnd-2B6C-CHDDBB5', outcome: 'returned', amountOre: 600, reason: 'MD06' },
      { endToEndId: 'E2E-1-1-16030913', outcome: 'returned', amountOre: 1553, reason: 'MD06' },
    ]);
  });

  it('reads the v02 ISO example (one debit, several transactions of one payment) as paid', () => {
    const parsed = parsePayoutAnswer(sample('camt054_v02_genkgo_iso-example_sek.xml'));
    expect(parsed.lines.length).toBeGreaterThan(0);
    expect(new Set(parsed.lines.map((line) => `${line.endToEndId} ${line.outcome}`))).toEqual(
      new Set(['MUELL/FINP/RA12345 paid']),
    );
  });

  it('finds nothing of ours in incoming credits without end-to-end references', () => {
    expect(parsePayoutAnswer(sample('camt054_v02_fi-bank-example_credit-scor_insensefi.xml')).lines).toEqual([]);
  });

  it('reads the pain.002 sample rejecting a whole file', () => {
    expect(parsePayoutAnswer(sample('pain002_fi_rejected_insensefi.xml'))).toEqual({
      format: 'pain002',
      lines: [],
      rejectedMessage: { messageId: '20110102-0000001', reason: 'NARR' },
    });
  });

  it('reads per-transaction pain.002 statuses: ACSC paid, RJCT returned, ACCP pending; XSD-valid', async () => {
    const xml = pain002Answer(
      'KBX',
      [
        { endToEndId: 'KWA', status: 'ACSC' },
        { endToEndId: 'KWB', status: 'RJCT', reason: 'AC01' },
        { endToEndId: 'KWC', status: 'ACCP' },
      ],
      'S1',
    );
    expect(await schemaErrors(xml, 'pain.002.001.03.xsd')).toEqual([]);
    expect(parsePayoutAnswer(bytes(xml)).lines).toEqual([
      { endToEndId: 'KWA', outcome: 'paid', amountOre: null, reason: null },
      { endToEndId: 'KWB', outcome: 'returned', amountOre: null, reason: 'AC01' },
      { endToEndId: 'KWC', outcome: 'pending', amountOre: null, reason: null },
    ]);
  });

  it('refuses what is not a bank answer, naming the problem', () => {
    expect(() => parsePayoutAnswer(bytes('01BGMAX'))).toThrow(BankFileError);
    expect(() =>
      parsePayoutAnswer(bytes('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><oops>')),
    ).toThrow(/not well-formed XML/);
    expect(() => parsePayoutAnswer(sample('pain001_se_domestic_written-here.xml'))).toThrow(/camt.054/);
  });
});
