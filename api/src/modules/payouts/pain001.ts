/**
 * ISO 20022 pain.001.001.03 (CustomerCreditTransferInitiationV03) as Swedish banks take it
 * (ADR 029, following the Swedish common interpretation of ISO 20022 used by Handelsbanken, SEB,
 * Nordea, Swedbank and Bankgirot): one payment information block, SEK, service level NURG;
 * a domestic account is the account number as BBAN (`Othr/SchmeNm/Cd` BBAN) with its clearing
 * number as the creditor agent's member id (`ClrSysMmbId`, SESBA); a Bankgiro number is `Othr`
 * with `SchmeNm/Prtry` BGNR; an IBAN goes with its BIC. The EndToEndId is the withdrawal's
 * reference: the bank's answer carries it back.
 */
export type CreditorAccount =
  | { kind: 'bban'; clearingNumber: string; accountNumber: string }
  | { kind: 'bankgiro'; number: string }
  | { kind: 'iban'; iban: string; bic: string };

export interface CreditTransfer {
  endToEndId: string;
  amountOre: number;
  creditorName: string;
  account: CreditorAccount;
  /** Unstructured remittance text the payee sees (max 140 characters). */
  message: string;
}

export interface Pain001Batch {
  messageId: string;
  createdAt: Date;
  /** YYYY-MM-DD */
  executionDate: string;
  debtor: { name: string; iban: string; bic: string; bankgiro?: string | undefined };
  transfers: CreditTransfer[];
}

const xmlEscape = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`);

/**
 * Bank files take a restricted Latin character set; Swedish letters are allowed, anything else
 * (control characters, emoji) becomes a space, and the text is cut to the field's length.
 */
export function bankText(value: string, max: number): string {
  const cleaned = value
    .normalize('NFC')
    .replace(/[^A-Za-z0-9ÅÄÖåäöÉéÜü/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return xmlEscape(cleaned.slice(0, max) || '-');
}

/** 12345 öre → "123.45", without floating point. */
export const decimal = (ore: number) => `${Math.trunc(ore / 100)}.${String(ore % 100).padStart(2, '0')}`;

const isoSeconds = (date: Date) => date.toISOString().slice(0, 19);

function creditor(account: CreditorAccount): { agent: string; account: string } {
  switch (account.kind) {
    case 'bban':
      return {
        agent: `<CdtrAgt><FinInstnId><ClrSysMmbId><ClrSysId><Cd>SESBA</Cd></ClrSysId><MmbId>${xmlEscape(account.clearingNumber)}</MmbId></ClrSysMmbId></FinInstnId></CdtrAgt>`,
        account: `<CdtrAcct><Id><Othr><Id>${xmlEscape(account.accountNumber)}</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr></Id></CdtrAcct>`,
      };
    case 'bankgiro':
      return {
        agent: '',
        account: `<CdtrAcct><Id><Othr><Id>${xmlEscape(account.number.replace('-', ''))}</Id><SchmeNm><Prtry>BGNR</Prtry></SchmeNm></Othr></Id></CdtrAcct>`,
      };
    case 'iban':
      return {
        agent: `<CdtrAgt><FinInstnId><BIC>${xmlEscape(account.bic)}</BIC></FinInstnId></CdtrAgt>`,
        account: `<CdtrAcct><Id><IBAN>${xmlEscape(account.iban)}</IBAN></Id></CdtrAcct>`,
      };
  }
}

export function writePain001(batch: Pain001Batch): string {
  const count = batch.transfers.length;
  const total = decimal(batch.transfers.reduce((sum, transfer) => sum + transfer.amountOre, 0));
  const debtorAccount = batch.debtor.bankgiro
    ? `<DbtrAcct><Id><Othr><Id>${xmlEscape(batch.debtor.bankgiro.replace('-', ''))}</Id><SchmeNm><Prtry>BGNR</Prtry></SchmeNm></Othr></Id><Ccy>SEK</Ccy></DbtrAcct>`
    : `<DbtrAcct><Id><IBAN>${xmlEscape(batch.debtor.iban)}</IBAN></Id><Ccy>SEK</Ccy></DbtrAcct>`;
  const transfers = batch.transfers.map((transfer) => {
    const { agent, account } = creditor(transfer.account);
    return [
      '      <CdtTrfTxInf>',
      `        <PmtId><EndToEndId>${xmlEscape(transfer.endToEndId)}</EndToEndId></PmtId>`,
      `        <Amt><InstdAmt Ccy="SEK">${decimal(transfer.amountOre)}</InstdAmt></Amt>`,
      ...(agent ? [`        ${agent}`] : []),
      `        <Cdtr><Nm>${bankText(transfer.creditorName, 70)}</Nm></Cdtr>`,
      `        ${account}`,
      `        <RmtInf><Ustrd>${bankText(transfer.message, 140)}</Ustrd></RmtInf>`,
      '      </CdtTrfTxInf>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">',
    '  <CstmrCdtTrfInitn>',
    '    <GrpHdr>',
    `      <MsgId>${xmlEscape(batch.messageId)}</MsgId>`,
    `      <CreDtTm>${isoSeconds(batch.createdAt)}</CreDtTm>`,
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${total}</CtrlSum>`,
    `      <InitgPty><Nm>${bankText(batch.debtor.name, 70)}</Nm></InitgPty>`,
    '    </GrpHdr>',
    '    <PmtInf>',
    `      <PmtInfId>${xmlEscape(batch.messageId)}-1</PmtInfId>`,
    '      <PmtMtd>TRF</PmtMtd>',
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${total}</CtrlSum>`,
    '      <PmtTpInf><SvcLvl><Cd>NURG</Cd></SvcLvl></PmtTpInf>',
    `      <ReqdExctnDt>${batch.executionDate}</ReqdExctnDt>`,
    `      <Dbtr><Nm>${bankText(batch.debtor.name, 70)}</Nm><PstlAdr><Ctry>SE</Ctry></PstlAdr></Dbtr>`,
    `      ${debtorAccount}`,
    `      <DbtrAgt><FinInstnId><BIC>${xmlEscape(batch.debtor.bic)}</BIC></FinInstnId></DbtrAgt>`,
    ...transfers,
    '    </PmtInf>',
    '  </CstmrCdtTrfInitn>',
    '</Document>',
    '',
  ].join('\n');
}
