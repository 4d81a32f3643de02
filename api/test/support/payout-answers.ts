/**
 * Bank answers to our pain.001 files as a Swedish bank would send them, for tests: camt.054.001.02
 * with one booked debit per paid payout and a credit with return information (RtrInf) per returned
 * one, and pain.002.001.03 status reports. Both are XSD-valid (payouts.answers.test.ts checks).
 */
export interface AnswerLine {
  endToEndId: string;
  amountOre: number;
  kind: 'paid' | 'returned';
  reason?: string;
}

const amount = (ore: number) => `${Math.trunc(ore / 100)}.${String(ore % 100).padStart(2, '0')}`;

export function camt054Answer(lines: AnswerLine[], id: string): string {
  const entries = lines
    .map(
      (
        line,
        n,
      ) => `<Ntry><Amt Ccy="SEK">${amount(line.amountOre)}</Amt><CdtDbtInd>${line.kind === 'paid' ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>2026-11-27</Dt></BookgDt><AcctSvcrRef>${id}-${n + 1}</AcctSvcrRef><BkTxCd/>
<NtryDtls><TxDtls><Refs><EndToEndId>${line.endToEndId}</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="SEK">${amount(line.amountOre)}</Amt></TxAmt></AmtDtls>${
        line.kind === 'returned' ? `<RtrInf><Rsn><Cd>${line.reason ?? 'AC04'}</Cd></Rsn></RtrInf>` : ''
      }</TxDtls></NtryDtls></Ntry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>ANSWER-${id}</MsgId><CreDtTm>2026-11-27T08:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>${id}</Id><CreDtTm>2026-11-27T08:00:00</CreDtTm><Acct><Id><IBAN>SE4550000000058398257466</IBAN></Id></Acct>
${entries}
</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
}

export function pain002Answer(
  originalMessageId: string,
  transactions: { endToEndId: string; status: 'ACSC' | 'RJCT' | 'ACCP'; reason?: string }[],
  id: string,
  group?: 'RJCT',
): string {
  const txs = transactions
    .map(
      (tx) =>
        `<TxInfAndSts><OrgnlEndToEndId>${tx.endToEndId}</OrgnlEndToEndId><TxSts>${tx.status}</TxSts>${
          tx.reason ? `<StsRsnInf><Rsn><Cd>${tx.reason}</Cd></Rsn></StsRsnInf>` : ''
        }</TxInfAndSts>`,
    )
    .join('');
  const block = txs
    ? `<OrgnlPmtInfAndSts><OrgnlPmtInfId>${originalMessageId}-1</OrgnlPmtInfId>${txs}</OrgnlPmtInfAndSts>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>
<GrpHdr><MsgId>STATUS-${id}</MsgId><CreDtTm>2026-11-27T08:00:00</CreDtTm></GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>${originalMessageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.03</OrgnlMsgNmId>${
    group ? `<GrpSts>${group}</GrpSts><StsRsnInf><Rsn><Cd>NARR</Cd></Rsn></StsRsnInf>` : ''
  }</OrgnlGrpInfAndSts>${block}
</CstmrPmtStsRpt></Document>`;
}
