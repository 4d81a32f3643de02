/**
 * The bank's camt.054 answer to one of Kollab's pain.001 payout files, as a Swedish bank sends it:
 * a booked debit per paid payout, a credit with return information (RtrInf, reason AC04 "closed
 * account") per returned one, each carrying the payout's EndToEndId.
 */
export function camt054Answer(lines: { endToEndId: string; amountOre: number; returned: boolean }[]): string {
  const amount = (ore: number) => `${Math.trunc(ore / 100)}.${String(ore % 100).padStart(2, '0')}`;
  const id = `E2E${Date.now()}`;
  const entries = lines.map(
    (line, n) =>
      `<Ntry><Amt Ccy="SEK">${amount(line.amountOre)}</Amt><CdtDbtInd>${line.returned ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts>BOOK</Sts>` +
      `<BookgDt><Dt>2026-11-27</Dt></BookgDt><AcctSvcrRef>${id}-${n}</AcctSvcrRef><BkTxCd/>` +
      `<NtryDtls><TxDtls><Refs><EndToEndId>${line.endToEndId}</EndToEndId></Refs>` +
      `<AmtDtls><TxAmt><Amt Ccy="SEK">${amount(line.amountOre)}</Amt></TxAmt></AmtDtls>` +
      `${line.returned ? '<RtrInf><Rsn><Cd>AC04</Cd></Rsn></RtrInf>' : ''}</TxDtls></NtryDtls></Ntry>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>${id}</MsgId><CreDtTm>2026-11-27T08:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>${id}</Id><CreDtTm>2026-11-27T08:00:00</CreDtTm><Acct><Id><IBAN>SE4550000000058398257466</IBAN></Id></Acct>
${entries.join('\n')}
</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
}
