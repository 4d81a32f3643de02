import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { BankFileError, type IncomingPayment, type ParsedBankFile } from './bank-file.ts';

/**
 * ISO 20022 camt.054 (BankToCustomerDebitCreditNotification, versions 001.02 and 001.04; ADR 024):
 * each notification (`Ntfctn`) names the account; each booked entry (`Ntry`, `Sts` BOOK) carries
 * an amount, credit or debit, booking date and the bank's reference; its transaction details
 * (`TxDtls`) carry the payer, per-transaction amounts and the remittance information, where a
 * Swedish OCR number arrives as a structured creditor reference (`Strd/CdtrRefInf/Ref`).
 * A debit or a reversal (`RvslInd` true) is a negative amount: it never settles an invoice.
 */
const NAMESPACES = ['urn:iso:std:iso:20022:tech:xsd:camt.054.001.02', 'urn:iso:std:iso:20022:tech:xsd:camt.054.001.04'];
const LISTS = new Set(['Ntfctn', 'Ntry', 'TxDtls', 'Ustrd', 'Strd', 'NtryDtls', 'RtrInf']);

export type Node = Record<string, unknown>;
export const node = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});
export const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map(node) : value ? [node(value)] : []);
export const text = (value: unknown): string | null => {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  const inner = node(value)['#text'];
  return typeof inner === 'string' || typeof inner === 'number' ? String(inner).trim() : null;
};
export const at = (root: unknown, path: string): unknown =>
  path
    .split('/')
    .reduce<unknown>((value, key) => (Array.isArray(value) ? node(value[0])[key] : node(value)[key]), root);

/** "183.00" → 18300 öre, without floating point. */
export function toOre(amount: unknown, where: string): number {
  const value = text(amount);
  const match = value ? /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(value) : null;
  if (!match) throw new BankFileError(0, `${where}: the amount "${value ?? ''}" is not a decimal amount`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function references(tx: Node): string[] {
  const found: string[] = [];
  for (const remittance of list(tx.RmtInf)) {
    for (const structured of list(remittance.Strd)) {
      const reference = text(at(structured, 'CdtrRefInf/Ref'));
      if (reference) found.push(reference);
    }
    for (const line of list(remittance.Ustrd).length ? (remittance.Ustrd as unknown[]) : []) {
      const value = text(line);
      if (value) found.push(value);
    }
  }
  return [...new Set(found)];
}

/**
 * An ISO 20022 document's root element, after checking it is well-formed and in one of
 * `namespaces`; elements named in `lists` are always arrays. Shared with the payouts' bank
 * answers (camt.054 debits and returns, pain.002; ADR 029).
 * @throws BankFileError naming what is wrong
 */
export function readIso20022(bytes: Uint8Array, namespaces: string[], lists: Set<string>): Node {
  const xml = new TextDecoder('utf-8').decode(bytes);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new BankFileError(valid.err.line, `not well-formed XML: ${valid.err.msg}`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    processEntities: true,
    isArray: (name) => lists.has(name),
  });
  const document = node(node(parser.parse(xml)).Document);
  const root = /<(?:\w+:)?Document\b[^>]*>/.exec(xml)?.[0] ?? '';
  const declared = [...root.matchAll(/\sxmlns(?::\w+)?="([^"]+)"/g)].map((match) => match[1]);
  if (!declared.some((namespace) => namespace && namespaces.includes(namespace))) {
    throw new BankFileError(0, `not a ${namespaces.map((n) => n.split(':').pop()).join(' or ')} document (namespace)`);
  }
  return document;
}

/** The notifications of a camt.054.001.02/.04 document. */
export function readCamt054Notifications(bytes: Uint8Array): Node[] {
  const document = readIso20022(bytes, NAMESPACES, LISTS);
  const notifications = list(node(document.BkToCstmrDbtCdtNtfctn).Ntfctn);
  if (notifications.length === 0) throw new BankFileError(0, 'the document has no notification (Ntfctn)');
  return notifications;
}

export function parseCamt054(bytes: Uint8Array): ParsedBankFile {
  const notifications = readCamt054Notifications(bytes);
  const payments: IncomingPayment[] = [];
  let account = '';
  let currency = '';
  notifications.forEach((notification, n) => {
    const acct = text(at(notification, 'Acct/Id/IBAN')) ?? text(at(notification, 'Acct/Id/Othr/Id'));
    if (!acct) throw new BankFileError(0, `notification ${n + 1} names no account`);
    account ||= acct;
    const notificationId = text(notification.Id) ?? String(n + 1);
    list(notification.Ntry).forEach((entry, e) => {
      const where = `notification ${n + 1}, entry ${e + 1}`;
      const status = text(entry.Sts) ?? text(at(entry, 'Sts/Cd'));
      if (status !== 'BOOK') return;
      const amount = node(entry.Amt);
      currency ||= String(amount['@Ccy'] ?? '');
      const sign = text(entry.CdtDbtInd) === 'CRDT' && text(entry.RvslInd) !== 'true' ? 1 : -1;
      const bookedOn = (text(at(entry, 'BookgDt/Dt')) ?? text(at(entry, 'BookgDt/DtTm')) ?? '').slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(bookedOn)) throw new BankFileError(0, `${where}: no booking date`);
      const entryRef = text(entry.AcctSvcrRef) ?? `${notificationId}:${e + 1}`;
      const details = list(entry.NtryDtls).flatMap((detail) => list(detail.TxDtls));
      const entryOre = toOre(amount, where);
      const own = details.map((tx) => at(tx, 'AmtDtls/TxAmt/Amt') ?? tx.Amt);
      if (details.length <= 1 || own.some((amount) => amount === undefined)) {
        // One payment for the entry: no details, or details without amounts of their own.
        payments.push({
          bankReference: `camt054:${acct}:${entryRef}`,
          references: [...new Set(details.flatMap(references))],
          amountOre: sign * entryOre,
          bookedOn,
          payerName: details.length === 1 ? text(at(details[0], 'RltdPties/Dbtr/Nm')) : null,
        });
        return;
      }
      const amounts = own.map((amount, t) => toOre(amount, `${where}, transaction ${t + 1}`));
      const total = amounts.reduce((sum, value) => sum + value, 0);
      if (total !== entryOre)
        throw new BankFileError(0, `${where}: transactions add up to ${total} öre, the entry says ${entryOre}`);
      details.forEach((tx, t) => {
        const txRef = text(at(tx, 'Refs/AcctSvcrRef'));
        payments.push({
          bankReference: `camt054:${acct}:${txRef ?? `${entryRef}:${t + 1}`}`,
          references: references(tx),
          amountOre: sign * (amounts[t] ?? 0),
          bookedOn,
          payerName: text(at(tx, 'RltdPties/Dbtr/Nm')),
        });
      });
    });
  });
  return { format: 'camt054', account, currency, payments };
}
