import { type BillingDocument, billingDocuments } from '@kollab/db/schema';
import { asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billableBrand, callJson, draftCampaign, payByCard } from '../../../test/support/billing.ts';
import { settlePendingWork } from '../../../test/support/pending-work.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createLogger } from '../../lib/logger.ts';
import { createMailer } from '../../lib/mailer.ts';
import { closeCampaignEscrow } from '../payments/escrow-lifecycle.ts';
import { mailBillingDocuments } from './billing.jobs.ts';

// Receipts when a card payment is paid and credit notes when credit is refunded to the card, both
// issued by billing's payment hooks through the real payments flow (Stripe client → stand-in →
// signed webhooks), then mailed once each with the PDF attached to an SMTP server in the test.
let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url, BILLING_BANKGIRO: '991-2346' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const documentsOf = (brandId: string) =>
  t.db
    .select()
    .from(billingDocuments)
    .where(eq(billingDocuments.brandId, brandId))
    .orderBy(asc(billingDocuments.createdAt));

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const sweep = () =>
  mailBillingDocuments.run({ db: t.db, env: t.env, mailer: createMailer(t.env, createLogger('silent')) }, new Date());

/** A brand that paid a 2 × 150 000 öre campaign by card, whose campaign then ended with no claims. */
async function paidAndEnded(locale: 'sv' | 'en') {
  const brand = await billableBrand(t, { locale, companyName: locale === 'sv' ? 'Kaffe & Kaka AB' : 'Tea Time Ltd' });
  const campaign = await draftCampaign(t, brand, 2, 150_000);
  const paymentId = await payByCard(t, brand, campaign);
  const returned = await t.db.transaction((tx) => closeCampaignEscrow(tx, campaign));
  expect(returned).toBe(300_000);
  return { brand, campaign, paymentId };
}

describe('receipts and credit notes', () => {
  it('a paid card payment gets one receipt (paid) however often its webhook comes; a refund gets a credit note', async () => {
    const { brand, campaign, paymentId } = await paidAndEnded('sv');
    const event = t.payments.standIn.events.findLast(
      (e) => e.type === 'payment_intent.succeeded' && JSON.stringify(e).includes(paymentId),
    );
    if (!event) throw new Error('no payment_intent.succeeded event for the payment');
    expect(await Promise.all(Array.from({ length: 5 }, () => t.payments.standIn.deliver(event)))).toEqual(
      Array(5).fill(200),
    );

    const [receipt, ...others] = await documentsOf(brand.user.id);
    expect(others).toEqual([]);
    expect(receipt).toMatchObject({
      kind: 'receipt',
      series: 'R',
      paymentRef: paymentId,
      campaignId: campaign.id,
      netOre: 300_000 + 45_000,
      vatOre: 11_250,
      totalOre: 356_250,
      paidOre: 356_250,
      ocr: null,
      dueOn: null,
    } satisfies Partial<BillingDocument>);
    expect(receipt?.paidAt).toBeInstanceOf(Date);

    // Whichever comes first (the provider's answer or its refund.created webhook) issues the note, once.
    await callJson(t, 'POST', '/api/billing/refunds', brand.cookie, { amountOre: 120_000 });
    await t.payments.standIn.settled();
    const billing = await callJson<{ refunds: { status: string; amountOre: number }[] }>(
      t,
      'GET',
      '/api/billing',
      brand.cookie,
    );
    expect(billing.refunds.map((r) => [r.status, r.amountOre])).toEqual([['succeeded', 120_000]]);
    const [, creditNote, ...more] = await documentsOf(brand.user.id);
    expect(more).toEqual([]);
    expect(creditNote).toMatchObject({
      kind: 'credit_note',
      series: 'K',
      campaignId: campaign.id,
      creditsDocumentId: receipt?.id,
      netOre: -120_000,
      vatOre: 0,
      totalOre: -120_000,
      paidAt: null,
    } satisfies Partial<BillingDocument>);

    // Over HTTP the brand sees both, the credit note naming the receipt it changes.
    const listed = await callJson<
      { documentNumber: string; kind: string; state: string; creditsDocumentNumber: string | null }[]
    >(t, 'GET', '/api/billing/documents', brand.cookie);
    expect(listed.map((d) => [d.kind, d.documentNumber, d.state, d.creditsDocumentNumber]).sort()).toEqual(
      [
        ['credit_note', creditNote?.documentNumber, 'credited', receipt?.documentNumber],
        ['receipt', receipt?.documentNumber, 'paid', null],
      ].sort(),
    );
  });

  it('mails each document once, in the brand’s language, with its PDF attached', async () => {
    const sv = await paidAndEnded('sv');
    const en = await paidAndEnded('en');
    await callJson(t, 'POST', '/api/billing/refunds', en.brand.cookie, { amountOre: 50_000 });
    await t.payments.standIn.settled();
    // Earlier tests' documents are mailed in the same sweep; a second sweep sends nothing.
    expect(await sweep()).toBeGreaterThanOrEqual(3);
    expect(await sweep()).toBe(0);

    const svDocs = await documentsOf(sv.brand.user.id);
    const enDocs = await documentsOf(en.brand.user.id);
    expect(svDocs.map((d) => d.kind)).toEqual(['receipt']);
    expect(enDocs.map((d) => d.kind)).toEqual(['receipt', 'credit_note']);
    const expected = [
      {
        to: sv.brand.user.email,
        doc: svDocs[0],
        subject: `Kvitto ${svDocs[0]?.documentNumber} från Kollab`,
        words: ['Kvitto', 'Kaffe & Kaka AB'],
      },
      {
        to: en.brand.user.email,
        doc: enDocs[0],
        subject: `Receipt ${enDocs[0]?.documentNumber} from Kollab`,
        words: ['Receipt', 'Tea Time Ltd'],
      },
      {
        to: en.brand.user.email,
        doc: enDocs[1],
        subject: `Credit note ${enDocs[1]?.documentNumber} from Kollab`,
        // It names what it credits: here a receipt (a card payment), not an invoice.
        words: ['Credit note', `Credits receipt: ${enDocs[0]?.documentNumber ?? '?'}`],
      },
    ];
    for (const { to, doc, subject, words } of expected) {
      await settlePendingWork();
      const mails = smtp.messages.filter((mail) => mail.to === to.toLowerCase() && mail.subject === subject);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        [`kollab-${doc?.documentNumber}.pdf`, 'application/pdf'],
      ]);
      const text = await pdfText(new Uint8Array(mail?.attachments[0]?.content ?? []));
      for (const word of [doc?.documentNumber ?? '?', ...words]) expect(text).toContain(word);
      const [row] = await t.db
        .select()
        .from(billingDocuments)
        .where(eq(billingDocuments.id, doc?.id ?? ''));
      expect(row?.mailedAt).toBeInstanceOf(Date);
    }
  });
});
