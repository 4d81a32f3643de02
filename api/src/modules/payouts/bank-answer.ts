import { BankFileError } from '../billing/bank-files/bank-file.ts';
import {
  at,
  list,
  type Node,
  node,
  readCamt054Notifications,
  readIso20022,
  text,
  toOre,
} from '../billing/bank-files/camt054.ts';

/**
 * What the bank says about one payout, found by its EndToEndId (ADR 029):
 * - camt.054: a booked debit carrying our EndToEndId is paid; a credit carrying it, a reversal
 *   (`RvslInd` true) or return information (`RtrInf`, e.g. AC04 closed account) is returned;
 * - pain.002: transaction status ACSC is paid, RJCT is returned (it never left); accepted-but-
 *   pending statuses (ACCP, ACTC, ACSP, PDNG) change nothing. A group or payment-information
 *   block rejected as a whole (no transactions listed) returns every payout of the original file.
 */
export interface PayoutAnswerLine {
  endToEndId: string;
  outcome: 'paid' | 'returned' | 'pending';
  /** Öre as the bank states it; null when the answer gives none (pain.002). */
  amountOre: number | null;
  reason: string | null;
}

export interface ParsedPayoutAnswer {
  format: 'camt054' | 'pain002';
  lines: PayoutAnswerLine[];
  /** pain.002 rejecting a whole file: its MsgId and reason. */
  rejectedMessage: { messageId: string; reason: string | null } | null;
}

const PAIN002 = ['urn:iso:std:iso:20022:tech:xsd:pain.002.001.03'];
const PAIN002_LISTS = new Set(['OrgnlPmtInfAndSts', 'TxInfAndSts', 'StsRsnInf', 'AddtlInf']);

function returnReason(tx: Node): string | null {
  const info = list(tx.RtrInf)[0];
  if (!info) return null;
  return text(at(info, 'Rsn/Cd')) ?? text(at(info, 'Rsn/Prtry')) ?? 'RETURNED';
}

function readCamt(bytes: Uint8Array): ParsedPayoutAnswer {
  const lines: PayoutAnswerLine[] = [];
  readCamt054Notifications(bytes).forEach((notification, n) => {
    list(notification.Ntry).forEach((entry, e) => {
      const where = `notification ${n + 1}, entry ${e + 1}`;
      const status = text(entry.Sts) ?? text(at(entry, 'Sts/Cd'));
      const details = list(entry.NtryDtls).flatMap((detail) => list(detail.TxDtls));
      for (const tx of details) {
        const endToEndId = text(at(tx, 'Refs/EndToEndId'));
        if (!endToEndId || endToEndId === 'NOTPROVIDED') continue;
        const own = at(tx, 'AmtDtls/TxAmt/Amt') ?? tx.Amt ?? (details.length === 1 ? entry.Amt : undefined);
        const credit = (text(tx.CdtDbtInd) ?? text(entry.CdtDbtInd)) === 'CRDT';
        const reason = returnReason(tx);
        const returned = reason !== null || text(entry.RvslInd) === 'true' || credit;
        lines.push({
          endToEndId,
          outcome: status !== 'BOOK' ? 'pending' : returned ? 'returned' : 'paid',
          amountOre: own === undefined ? null : toOre(own, where),
          reason: returned ? (reason ?? (text(entry.RvslInd) === 'true' ? 'REVERSED' : 'RETURNED')) : null,
        });
      }
    });
  });
  return { format: 'camt054', lines, rejectedMessage: null };
}

const reasonOf = (holder: Node) => {
  const info = list(holder.StsRsnInf)[0];
  return info ? (text(at(info, 'Rsn/Cd')) ?? text(at(info, 'Rsn/Prtry'))) : null;
};

function readPain002(bytes: Uint8Array): ParsedPayoutAnswer {
  const report = node(readIso20022(bytes, PAIN002, PAIN002_LISTS).CstmrPmtStsRpt);
  const group = node(report.OrgnlGrpInfAndSts);
  const messageId = text(group.OrgnlMsgId);
  if (!messageId) throw new BankFileError(0, 'the status report names no original message (OrgnlMsgId)');
  const lines: PayoutAnswerLine[] = [];
  let rejectedMessage: ParsedPayoutAnswer['rejectedMessage'] = null;
  const blocks = list(report.OrgnlPmtInfAndSts);
  for (const block of blocks) {
    const transactions = list(block.TxInfAndSts);
    if (transactions.length === 0 && text(block.PmtInfSts) === 'RJCT') {
      rejectedMessage = { messageId, reason: reasonOf(block) };
    }
    for (const tx of transactions) {
      const endToEndId = text(tx.OrgnlEndToEndId);
      if (!endToEndId) continue;
      const status = text(tx.TxSts);
      const outcome = status === 'RJCT' ? 'returned' : status === 'ACSC' ? 'paid' : 'pending';
      const amount = at(tx, 'OrgnlTxRef/Amt/InstdAmt');
      lines.push({
        endToEndId,
        outcome,
        amountOre: amount === undefined ? null : toOre(amount, `transaction ${endToEndId}`),
        reason: outcome === 'returned' ? (reasonOf(tx) ?? 'RJCT') : null,
      });
    }
  }
  if (blocks.length === 0 && text(group.GrpSts) === 'RJCT') rejectedMessage = { messageId, reason: reasonOf(group) };
  return { format: 'pain002', lines, rejectedMessage };
}

/** Reads a camt.054 (v02/v04) or pain.002.001.03 bank answer. @throws BankFileError */
export function parsePayoutAnswer(bytes: Uint8Array): ParsedPayoutAnswer {
  const head = new TextDecoder('utf-8').decode(bytes.slice(0, 600));
  if (head.includes('pain.002.001.03')) return readPain002(bytes);
  if (head.includes('camt.054.001.0')) return readCamt(bytes);
  throw new BankFileError(0, 'expected an ISO 20022 camt.054 (v02/v04) or pain.002.001.03 document');
}
