import type { YearlyStatement } from '@kollab/contract/api/tax';
import type { CreatorEarning } from '@kollab/db/schema';
import PDFDocument from 'pdfkit';
import type { Env } from '../../env.ts';
import { money } from '../billing/document-pdf.ts';

type Locale = 'sv' | 'en';

const LABELS = {
  sv: {
    statement: 'Årsbesked',
    creator: 'Kreatör',
    month: 'Månad',
    gross: 'Bruttolön',
    contributions: 'Arbetsgivaravgifter',
    tax: 'Avdragen skatt',
    net: 'Utbetalt',
    reported: 'Redovisat till Skatteverket (kr, lön / skatt)',
    total: 'Summa',
    payer: 'Utbetalare',
    statementNote:
      'Kollab har redovisat lön och avdragen skatt till Skatteverket månad för månad i arbetsgivardeklarationen. Uppgifterna finns i din inkomstdeklaration.',
    selfBilling: 'Självfaktura',
    number: 'Fakturanummer',
    date: 'Fakturadatum',
    seller: 'Säljare (utfärdad av köparen)',
    buyer: 'Köpare',
    orgNumber: 'Org.nr',
    fTax: 'Godkänd för F-skatt',
    vatNumber: 'Momsreg.nr',
    description: 'Uppdrag',
    amount: 'Belopp exkl. moms',
    vat: 'Moms 25 %',
    toPay: 'Att betala',
    noVat: 'Säljaren är inte registrerad för moms.',
    selfBillingNote: 'Självfaktura: fakturan är utfärdad av köparen enligt överenskommelse med säljaren.',
  },
  en: {
    statement: 'Yearly statement',
    creator: 'Creator',
    month: 'Month',
    gross: 'Gross pay',
    contributions: 'Employer contributions',
    tax: 'Tax withheld',
    net: 'Paid',
    reported: 'Reported to Skatteverket (kr, pay / tax)',
    total: 'Total',
    payer: 'Payer',
    statementNote:
      'Kollab reported your pay and the tax withheld to Skatteverket every month in its employer declaration. The figures appear in your income tax return.',
    selfBilling: 'Self-billing invoice',
    number: 'Invoice number',
    date: 'Invoice date',
    seller: 'Seller (issued by the buyer)',
    buyer: 'Buyer',
    orgNumber: 'Org. no.',
    fTax: 'Approved for F-tax',
    vatNumber: 'VAT reg. no.',
    description: 'Assignment',
    amount: 'Amount excl. VAT',
    vat: 'VAT 25 %',
    toPay: 'Amount due',
    noVat: 'The seller is not registered for VAT.',
    selfBillingNote: 'Self-billing: this invoice was issued by the buyer as agreed with the seller.',
  },
} as const;

function start(title: string, author: string): { pdf: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: author } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, done };
}

/** The creator's yearly statement (paid, withheld and reported per month) in their language. */
export function renderStatementPdf(
  statement: YearlyStatement,
  creator: { fullName: string },
  env: Env,
  locale: Locale,
): Promise<Buffer> {
  const t = LABELS[locale];
  const { pdf, done } = start(`${t.statement} ${statement.year}`, env.BILLING_SELLER_NAME);
  pdf.font('Helvetica-Bold').fontSize(20).text(`${t.statement} ${statement.year}`);
  pdf.moveDown(0.5).font('Helvetica').fontSize(10);
  pdf.text(`${t.creator}: ${creator.fullName}`);
  pdf.text(`${t.payer}: ${env.BILLING_SELLER_NAME}, ${t.orgNumber} ${env.BILLING_ORG_NUMBER}`);
  pdf.moveDown(1);
  const columns = [50, 110, 200, 290, 370, 450];
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, index) => {
      pdf.text(cell, columns[index], y, { width: (columns[index + 1] ?? 545) - (columns[index] ?? 50) - 4 });
    });
    pdf.moveDown(0.4);
  };
  row([t.month, t.gross, t.contributions, t.tax, t.net, t.reported], true);
  for (const month of statement.months) {
    row([
      month.period,
      money(month.grossOre, locale),
      money(month.contributionsOre, locale),
      money(month.taxOre, locale),
      money(month.netOre, locale),
      `${month.reportedGrossKr} / ${month.reportedTaxKr}`,
    ]);
  }
  const totals = statement.totals;
  row(
    [
      t.total,
      money(totals.grossOre, locale),
      money(totals.contributionsOre, locale),
      money(totals.taxOre, locale),
      money(totals.netOre, locale),
      `${totals.reportedGrossKr} / ${totals.reportedTaxKr}`,
    ],
    true,
  );
  pdf.moveDown(1).font('Helvetica').fontSize(9).text(t.statementNote, 50, undefined, { width: 495 });
  pdf.end();
  return done;
}

/** A Swedish VAT number from an organisation or personal number: SE, its ten digits, 01. */
export function vatNumberOf(number: string): string {
  const digits = number.replace(/\D/g, '');
  return `SE${digits.slice(-10)}01`;
}

/**
 * The self-billing invoice (självfaktura) Kollab issues on an F-skatt creator's behalf for one
 * accepted claim: the creator is the seller, Kollab the buyer (ADR 028).
 */
export function renderSelfBillingPdf(
  earning: CreatorEarning,
  creator: { fullName: string },
  env: Env,
  locale: Locale,
): Promise<Buffer> {
  const t = LABELS[locale];
  const number = earning.selfBillingNumber ?? '';
  const { pdf, done } = start(`${t.selfBilling} ${number}`, env.BILLING_SELLER_NAME);
  pdf.font('Helvetica-Bold').fontSize(20).text(`${t.selfBilling} ${number}`);
  pdf.moveDown(0.5).font('Helvetica').fontSize(10);
  pdf.text(`${t.number}: ${number}`);
  pdf.text(`${t.date}: ${earning.paidOn}`);
  pdf.moveDown(1);
  pdf.font('Helvetica-Bold').text(t.seller).font('Helvetica');
  pdf.text(creator.fullName);
  pdf.text(`${t.orgNumber}: ${earning.orgNumber ?? ''}`);
  if (earning.vatOre > 0) pdf.text(`${t.vatNumber}: ${vatNumberOf(earning.orgNumber ?? '')}`);
  pdf.text(t.fTax);
  pdf.moveDown(0.5);
  pdf.font('Helvetica-Bold').text(t.buyer).font('Helvetica');
  pdf.text(env.BILLING_SELLER_NAME);
  pdf.text(env.BILLING_SELLER_ADDRESS);
  pdf.text(`${t.orgNumber}: ${env.BILLING_ORG_NUMBER}`);
  pdf.moveDown(1);
  pdf.text(`${t.description}: ${earning.campaignTitle}`);
  pdf.text(`${t.amount}: ${money(earning.payoutOre, locale)}`);
  if (earning.vatOre > 0) pdf.text(`${t.vat}: ${money(earning.vatOre, locale)}`);
  else pdf.text(t.noVat);
  pdf.font('Helvetica-Bold').text(`${t.toPay}: ${money(earning.payoutOre + earning.vatOre, locale)}`);
  pdf.moveDown(1).font('Helvetica').fontSize(9).text(t.selfBillingNote);
  pdf.end();
  return done;
}
