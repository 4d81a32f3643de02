import type { BillingDocument } from '@kollab/db/schema';
import PDFDocument from 'pdfkit';

type Locale = 'sv' | 'en';

const LABELS = {
  sv: {
    invoice: 'Faktura',
    receipt: 'Kvitto',
    credit_note: 'Kreditfaktura',
    number: 'Nummer',
    issued: 'Fakturadatum',
    due: 'Förfallodatum',
    seller: 'Säljare',
    buyer: 'Köpare',
    orgNumber: 'Org.nr',
    vatNumber: 'Momsreg.nr',
    fTax: 'Godkänd för F-skatt',
    description: 'Beskrivning',
    net: 'Belopp exkl. moms',
    rate: 'Momssats',
    vat: 'Moms',
    totalNet: 'Summa exkl. moms',
    totalVat: 'Summa moms',
    total: 'Att betala',
    totalPaid: 'Betalt',
    totalCredit: 'Krediteras',
    bankgiro: 'Bankgiro',
    ocr: 'OCR-nummer',
    payWith: 'Ange OCR-numret när du betalar.',
    paidByCard: 'Betalt med kort',
    credits: { invoice: 'Avser faktura', receipt: 'Avser kvitto', credit_note: 'Avser kreditfaktura' },
    campaign: 'Kampanj',
    period: 'Period',
  },
  en: {
    invoice: 'Invoice',
    receipt: 'Receipt',
    credit_note: 'Credit note',
    number: 'Number',
    issued: 'Invoice date',
    due: 'Due date',
    seller: 'Seller',
    buyer: 'Buyer',
    orgNumber: 'Org. no.',
    vatNumber: 'VAT reg. no.',
    fTax: 'Approved for F-tax',
    description: 'Description',
    net: 'Amount excl. VAT',
    rate: 'VAT rate',
    vat: 'VAT',
    totalNet: 'Total excl. VAT',
    totalVat: 'Total VAT',
    total: 'Amount due',
    totalPaid: 'Paid',
    totalCredit: 'Credited',
    bankgiro: 'Bankgiro',
    ocr: 'OCR reference',
    payWith: 'Give the OCR reference when you pay.',
    paidByCard: 'Paid by card',
    credits: { invoice: 'Credits invoice', receipt: 'Credits receipt', credit_note: 'Credits credit note' },
    campaign: 'Campaign',
    period: 'Period',
  },
} as const;

/** "1 234,50 kr" / "SEK 1,234.50"; spaces made plain so the PDF's standard font has every glyph. */
export function money(ore: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', { style: 'currency', currency: 'SEK' })
    .format(ore / 100)
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace('\u2212', '-');
}

const percent = (bp: number, locale: Locale) => `${(bp / 100).toLocaleString(locale === 'sv' ? 'sv-SE' : 'en-GB')} %`;

export interface PdfContext {
  campaign: { title: string; startsAt: Date; endsAt: Date } | null;
  /** A credit note's original: its number and date. */
  credits: { kind: BillingDocument['kind']; documentNumber: string; issuedOn: string } | null;
}

/**
 * The document as a PDF (pdfkit, standard Helvetica: WinAnsi covers Swedish letters), holding
 * every item 17 kap. 24 § ML asks of an invoice (ADR 024), in the buyer's language.
 */
export function renderDocumentPdf(row: BillingDocument, context: PdfContext): Promise<Buffer> {
  const locale: Locale = row.locale === 'en' ? 'en' : 'sv';
  const t = LABELS[locale];
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${t[row.kind]} ${row.documentNumber}`, Author: row.seller.name },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  pdf.font('Helvetica-Bold').fontSize(20).text(`${t[row.kind]} ${row.documentNumber}`);
  pdf.moveDown(0.5).font('Helvetica').fontSize(10);
  pdf.text(`${t.number}: ${row.documentNumber}`);
  pdf.text(`${t.issued}: ${row.issuedOn}`);
  if (row.dueOn) pdf.text(`${t.due}: ${row.dueOn}`);
  if (context.credits) {
    pdf.text(`${t.credits[context.credits.kind]}: ${context.credits.documentNumber} (${context.credits.issuedOn})`);
  }
  if (context.campaign) {
    pdf.text(`${t.campaign}: ${context.campaign.title}`);
    const day = (at: Date) => at.toISOString().slice(0, 10);
    pdf.text(`${t.period}: ${day(context.campaign.startsAt)} – ${day(context.campaign.endsAt)}`);
  }

  const top = pdf.y + 15;
  const party = (x: number, title: string, lines: string[]) => {
    pdf.font('Helvetica-Bold').text(title, x, top, { width: 230 });
    pdf.font('Helvetica');
    for (const line of lines) pdf.text(line, x, undefined, { width: 230 });
  };
  party(50, t.seller, [
    row.seller.name,
    ...row.seller.addressLines,
    `${t.orgNumber}: ${row.seller.orgNumber ?? ''}`,
    `${t.vatNumber}: ${row.seller.vatNumber ?? ''}`,
    t.fTax,
  ]);
  const sellerBottom = pdf.y;
  party(310, t.buyer, [row.buyer.name, ...row.buyer.addressLines, `${t.orgNumber}: ${row.buyer.orgNumber ?? '–'}`]);
  pdf.y = Math.max(sellerBottom, pdf.y) + 20;

  const columns = [50, 270, 370, 440] as const;
  const header = pdf.y;
  pdf.font('Helvetica-Bold');
  [t.description, t.net, t.rate, t.vat].forEach((label, index) => {
    pdf.text(label, columns[index], header, { width: 100 });
  });
  pdf.font('Helvetica');
  for (const line of row.lines) {
    const y = pdf.y + 6;
    pdf.text(line.description, columns[0], y, { width: 210 });
    const after = pdf.y;
    pdf.text(money(line.netOre, locale), columns[1], y, { width: 95 });
    pdf.text(percent(line.vatRateBp, locale), columns[2], y, { width: 65 });
    pdf.text(money(line.vatOre, locale), columns[3], y, { width: 100 });
    pdf.y = Math.max(after, pdf.y);
    if (line.vatNote) pdf.fontSize(8).text(line.vatNote, columns[0], undefined, { width: 480 }).fontSize(10);
  }
  pdf.moveDown(1.5);
  const totalLabel = row.kind === 'receipt' ? t.totalPaid : row.kind === 'credit_note' ? t.totalCredit : t.total;
  pdf.text(`${t.totalNet}: ${money(row.netOre, locale)}`, 50);
  pdf.text(`${t.totalVat}: ${money(row.vatOre, locale)}`);
  pdf
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`${totalLabel}: ${money(row.totalOre, locale)}`);
  pdf.font('Helvetica').fontSize(10).moveDown(1);
  if (row.kind === 'invoice') {
    pdf.text(`${t.bankgiro}: ${row.seller.bankgiro}`);
    pdf.text(`${t.ocr}: ${row.ocr ?? ''}`);
    pdf.text(t.payWith);
  } else if (row.kind === 'receipt') {
    pdf.text(t.paidByCard);
  }
  pdf.end();
  return done;
}
