import type { Database } from '@kollab/db';
import { type BillingDocument, users } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import type { Mail } from '../../lib/mailer.ts';
import { documentPdf } from './billing.service.ts';
import { money } from './document-pdf.ts';

const TEXT = {
  sv: {
    invoice: (n: string) => `Faktura ${n} från Kollab`,
    receipt: (n: string) => `Kvitto ${n} från Kollab`,
    credit_note: (n: string) => `Kreditfaktura ${n} från Kollab`,
    body: (row: BillingDocument, amount: string) =>
      row.kind === 'invoice'
        ? `Här är faktura ${row.documentNumber} på ${amount}. Betala till bankgiro ${row.seller.bankgiro} med OCR-nummer ${row.ocr} senast ${row.dueOn}.`
        : row.kind === 'receipt'
          ? `Tack för din betalning på ${amount}. Kvittot ${row.documentNumber} finns bifogat.`
          : `Kreditfaktura ${row.documentNumber} på ${amount} finns bifogad.`,
    hi: (name: string) => `Hej ${name}!`,
  },
  en: {
    invoice: (n: string) => `Invoice ${n} from Kollab`,
    receipt: (n: string) => `Receipt ${n} from Kollab`,
    credit_note: (n: string) => `Credit note ${n} from Kollab`,
    body: (row: BillingDocument, amount: string) =>
      row.kind === 'invoice'
        ? `Here is invoice ${row.documentNumber} for ${amount}. Pay to Bankgiro ${row.seller.bankgiro} with OCR reference ${row.ocr} by ${row.dueOn}.`
        : row.kind === 'receipt'
          ? `Thank you for your payment of ${amount}. Receipt ${row.documentNumber} is attached.`
          : `Credit note ${row.documentNumber} for ${amount} is attached.`,
    hi: (name: string) => `Hi ${name},`,
  },
} as const;

/** The mail that carries a document's PDF to its brand, in the document's language (null if the brand is gone). */
export async function documentMail(db: Database, env: Env, row: BillingDocument): Promise<Mail | null> {
  const [brand] = await db.select().from(users).where(eq(users.id, row.brandId));
  if (!brand) return null;
  const locale = row.locale === 'en' ? 'en' : 'sv';
  const text = TEXT[locale];
  const amount = money(Math.abs(row.totalOre), locale);
  return {
    to: brand.email,
    subject: text[row.kind](row.documentNumber),
    text: `${text.hi(brand.fullName)}\n\n${text.body(row, amount)}\n\n${env.PUBLIC_URL}/app/billing\n\n– Kollab\n`,
    attachments: [
      {
        filename: `kollab-${row.documentNumber}.pdf`,
        content: await documentPdf(db, row),
        contentType: 'application/pdf',
      },
    ],
  };
}
