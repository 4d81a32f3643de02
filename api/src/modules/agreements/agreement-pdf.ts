/**
 * The signed agreement as a PDF (pdfkit): the exact text the creator signed in BankID, who signed and
 * when, and fingerprints of BankID's signature and OCSP response (kept in full by Kollab).
 */
import { createHash } from 'node:crypto';
import { stockholmWallClock } from '@kollab/contract/stockholm-date';
import type { ClaimAgreement } from '@kollab/db/schema';
import PDFDocument from 'pdfkit';

const WORDS = {
  sv: {
    title: 'Avtal undertecknat med BankID',
    signed: 'Undertecknat av',
    at: 'Tidpunkt (svensk tid)',
    order: 'BankID-order',
    signature: 'Signaturens SHA-256',
    ocsp: 'OCSP-svarets SHA-256',
    kept: 'BankID:s signatur och OCSP-svar förvaras i sin helhet av Kollab tillsammans med anspråket.',
  },
  en: {
    title: 'Agreement signed with BankID',
    signed: 'Signed by',
    at: 'Time (Swedish time)',
    order: 'BankID order',
    signature: 'Signature SHA-256',
    ocsp: 'OCSP response SHA-256',
    kept: "BankID's signature and OCSP response are kept in full by Kollab with the claim.",
  },
} as const;

const sha256 = (base64: string) => createHash('sha256').update(Buffer.from(base64, 'base64')).digest('hex');

function swedishTime(at: Date): string {
  const t = stockholmWallClock(at.getTime());
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.year}-${p(t.month)}-${p(t.day)} ${p(t.hour)}:${p(t.minute)}:${p(t.second)}`;
}

export function agreementPdf(agreement: ClaimAgreement, locale: 'sv' | 'en'): Promise<Buffer> {
  const words = WORDS[locale];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: words.title, Author: 'Kollab', Subject: agreement.claimId },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(words.title);
  doc.moveDown();
  doc.font('Helvetica').fontSize(11).text(agreement.text, { lineGap: 2 });
  doc.moveDown();
  const row = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  };
  row(words.signed, `${agreement.signerName} (${agreement.signerPersonalNumberMasked})`);
  row(words.at, swedishTime(agreement.signedAt));
  row(words.order, agreement.orderRef);
  doc.fontSize(9);
  row(words.signature, sha256(agreement.signature));
  row(words.ocsp, sha256(agreement.ocspResponse));
  doc.moveDown().text(words.kept);
  doc.end();
  return done;
}
