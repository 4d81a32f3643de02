import { auditLog, type BillingDocument, billingDocuments, payments } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { createBrandProfile, createCampaign, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { referenceFile } from '../../../test/support/reference-files.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createPayment } from '../payments/payments.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ settings: { BILLING_BANKGIRO: '991-2346' } });
});
afterAll(() => t.close());

async function brandWithInvoice(locale: 'sv' | 'en' = 'sv') {
  const brand = await createUser(t.db, { role: 'brand', locale });
  await createBrandProfile(t.db, brand.id, { companyName: 'Fika & Film AB', orgNumber: '556677-8899' });
  const cookie = await loginAs(t.db, brand);
  const address = await t.app.request('/api/billing/address', {
    method: 'PUT',
    headers: jsonHeaders(cookie),
    body: JSON.stringify({ street: 'Storgatan 2', postalCode: '123 45', city: 'Storåker' }),
  });
  expect(address.status).toBe(200);
  const campaign = await createCampaign(t.db, brand.id, { status: 'draft', title: 'Sommarkampanj' }, { funded: false });
  const payment = await t.db.transaction((tx) => createPayment(tx, t.env, brand, campaign.id, { method: 'invoice' }));
  const [invoice] = await t.db.select().from(billingDocuments).where(eq(billingDocuments.paymentRef, payment.id));
  if (!invoice) throw new Error('no invoice issued for the invoice payment');
  return { brand, cookie, campaign, payment, invoice };
}

async function pdfText(res: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** A camt.054.001.02 credit notification paying `amount` öre with the OCR reference `ocr`. */
function camt054(entries: { ocr: string; amountOre: number; ref: string }[]): string {
  const amount = (ore: number) => `${Math.floor(ore / 100)}.${String(ore % 100).padStart(2, '0')}`;
  const ntry = entries
    .map(
      (e) => `<Ntry><Amt Ccy="SEK">${amount(e.amountOre)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>2026-11-20</Dt></BookgDt><AcctSvcrRef>${e.ref}</AcctSvcrRef><BkTxCd/>
<NtryDtls><TxDtls><RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${e.ocr}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>KOLLAB-TEST-${entries.map((e) => e.ref).join('-')}</MsgId><CreDtTm>2026-11-20T08:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>N1</Id><CreDtTm>2026-11-20T08:00:00</CreDtTm><Acct><Id><IBAN>SE4550000000058398257466</IBAN></Id></Acct>
${ntry}
</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
}

function upload(path: string, cookie: string, content: string | Uint8Array, name = 'bank.xml') {
  const form = new FormData();
  form.set('file', new File([content], name));
  return t.app.request(path, { method: 'POST', headers: { Cookie: cookie }, body: form });
}

describe('invoices', () => {
  it('issues an invoice with gap-free numbers, OCR and due date when an invoice payment is created', async () => {
    const first = await brandWithInvoice();
    const second = await brandWithInvoice();
    expect(second.invoice.number).toBe(first.invoice.number + 1);
    expect(first.invoice.ocr).toMatch(/^1\d{6}9\d$/);
    expect(first.invoice.totalOre).toBe(first.payment.amountOre);
    expect(first.invoice.vatOre).toBe(first.payment.vatOre);
    const issued = new Date(`${first.invoice.issuedOn}T12:00:00Z`);
    expect(new Date(`${first.invoice.dueOn}T12:00:00Z`).getTime() - issued.getTime()).toBe(30 * 86_400_000);
  });

  it('PDF holds every field 17 kap. 24 § ML asks for (sv)', async () => {
    const { cookie, invoice, payment } = await brandWithInvoice('sv');
    const res = await t.app.request(`/api/billing/documents/${invoice.id}/pdf`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(res);
    const sek = (ore: number) =>
      new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' })
        .format(ore / 100)
        .replace(/[\u00a0\u202f]/g, ' ')
        .replace('\u2212', '-');
    for (const expected of [
      `Faktura ${invoice.documentNumber}`,
      `Fakturadatum: ${invoice.issuedOn}`,
      `Förfallodatum: ${invoice.dueOn}`,
      'Kollab AB',
      'Sveavägen 1',
      'Org.nr: 559012-3450',
      'Momsreg.nr: SE559012345001',
      'Fika & Film AB',
      'Storgatan 2',
      '123 45 Storåker',
      'Org.nr: 556677-8899',
      'Kollabs serviceavgift, kampanj "Sommarkampanj"',
      'Kampanjbudget till kreatörer',
      '25 %',
      'Utlägg för köparens räkning',
      `Summa exkl. moms: ${sek(invoice.netOre)}`,
      `Summa moms: ${sek(payment.vatOre)}`,
      `Att betala: ${sek(invoice.totalOre)}`,
      'Bankgiro: 991-2346',
      `OCR-nummer: ${invoice.ocr}`,
      'Kampanj: Sommarkampanj',
    ]) {
      expect(text.replace(/\s+/g, ' ')).toContain(expected);
    }
  });

  it('PDF in English for an English-speaking brand', async () => {
    const { cookie, invoice } = await brandWithInvoice('en');
    const res = await t.app.request(`/api/billing/documents/${invoice.id}/pdf`, { headers: { Cookie: cookie } });
    const text = (await pdfText(res)).replace(/\s+/g, ' ');
    for (const expected of [
      `Invoice ${invoice.documentNumber}`,
      'VAT reg. no.: SE559012345001',
      `OCR reference: ${invoice.ocr}`,
      'Amount due',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is visible to its brand and admins only: another brand gets 404', async () => {
    const { invoice, cookie } = await brandWithInvoice();
    const other = await loginAs(t.db, await createUser(t.db, { role: 'brand' }));
    const admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
    const pdf = (c: string) => t.app.request(`/api/billing/documents/${invoice.id}/pdf`, { headers: { Cookie: c } });
    expect((await pdf(other)).status).toBe(404);
    expect((await pdf(admin)).status).toBe(200);
    const list = await t.app.request('/api/billing/documents', { headers: { Cookie: cookie } });
    const body = (await list.json()) as { data: { id: string; state: string }[] };
    expect(body.data.map((d) => [d.id, d.state])).toEqual([[invoice.id, 'open']]);
    const otherList = (await (
      await t.app.request('/api/billing/documents', { headers: { Cookie: other } })
    ).json()) as { data: unknown[] };
    expect(otherList.data).toEqual([]);
  });
});

describe('bank files', () => {
  it('our camt.054 fixtures are valid against the published XSD', async () => {
    const result = await validateXML({
      xml: [{ fileName: 'fixture.xml', contents: camt054([{ ocr: '10010019', amountOre: 12345, ref: 'X1' }]) }],
      schema: [
        {
          fileName: 'camt.054.001.02.xsd',
          contents: referenceFile('iso20022/xsd/camt.054.001.02.xsd').toString('utf8'),
        },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('previews, imports once, settles the payment; partial then full; a second upload moves nothing', async () => {
    const { invoice, payment } = await brandWithInvoice();
    const admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
    const ocr = invoice.ocr ?? '';
    const part = 10_000;
    const fileA = camt054([{ ocr, amountOre: part, ref: `A-${invoice.id}` }]);
    const preview = await upload('/api/admin/bank-files/preview', admin, fileA);
    expect(preview.status).toBe(200);
    const { data } = (await preview.json()) as { data: { payments: { outcome: string; appliedOre: number }[] } };
    expect(data.payments.map((p) => [p.outcome, p.appliedOre])).toEqual([['partial', part]]);
    const [unchanged] = await t.db.select().from(billingDocuments).where(eq(billingDocuments.id, invoice.id));
    expect(unchanged?.paidOre).toBe(0);

    expect((await upload('/api/admin/bank-files', admin, fileA)).status).toBe(201);
    const again = await upload('/api/admin/bank-files', admin, fileA);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { fields: unknown } }).error.fields).toEqual({
      file: ['already_imported'],
    });

    // The same bank line inside another file counts once; the rest (plus 1 kr too much) completes it.
    const rest = invoice.totalOre - part;
    const fileB = camt054([
      { ocr, amountOre: part, ref: `A-${invoice.id}` },
      { ocr, amountOre: rest + 100, ref: `B-${invoice.id}` },
      { ocr: '10000018', amountOre: 500, ref: `C-${invoice.id}` },
    ]);
    const imported = await upload('/api/admin/bank-files', admin, fileB);
    const result = (await imported.json()) as {
      data: { payments: { outcome: string; appliedOre: number; excessOre: number }[] };
    };
    expect(result.data.payments.map((p) => [p.outcome, p.appliedOre, p.excessOre])).toEqual([
      ['duplicate', 0, 0],
      ['overpaid', rest, 100],
      ['unknown_reference', 0, 500],
    ]);
    const [paid] = await t.db.select().from(billingDocuments).where(eq(billingDocuments.id, invoice.id));
    expect(paid?.paidOre).toBe(invoice.totalOre);
    expect(paid?.paidAt).not.toBeNull();
    const [settled] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(settled?.status).toBe('paid');
  });

  it("reads Bankgirot's BgMax example and refuses malformed files, changing nothing", async () => {
    const admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
    const sample = referenceFile('sweden/samples/bgmax/bankgirot_exempelfil_ocr-kontroll_checksiffra_langd.txt');
    const preview = await upload('/api/admin/bank-files/preview', admin, new Uint8Array(sample), 'bgmax.txt');
    expect(preview.status).toBe(200);
    const { data } = (await preview.json()) as { data: { format: string; payments: { outcome: string }[] } };
    expect(data.format).toBe('bgmax');
    expect(data.payments.map((p) => p.outcome)).toEqual([
      'unknown_reference',
      'not_incoming',
      'unknown_reference',
      'unknown_reference',
      'unknown_reference',
      'unknown_reference',
      'unknown_reference',
    ]);
    const cut = new Uint8Array(sample.subarray(0, sample.length - 40));
    for (const [bytes, code] of [
      [cut, 'malformed_bank_file'],
      [new TextEncoder().encode('<Document xmlns="urn:other"/>'), 'malformed_bank_file'],
      [new TextEncoder().encode('hello'), 'unknown_format'],
    ] as const) {
      const res = await upload('/api/admin/bank-files', admin, bytes);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { fields: unknown } }).error.fields).toEqual({ file: [code] });
    }
  });

  it('admin marks an invoice paid with a reason, audited; brands may not', async () => {
    const { invoice, cookie, payment } = await brandWithInvoice();
    const admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
    const mark = (c: string) =>
      t.app.request(`/api/admin/invoices/${invoice.id}/mark-paid`, {
        method: 'POST',
        headers: jsonHeaders(c),
        body: JSON.stringify({ reason: 'Paid by Swish to the office' }),
      });
    expect((await mark(cookie)).status).toBe(403);
    const res = await mark(admin);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: BillingDocument & { state: string } }).data.state).toBe('paid');
    expect((await mark(admin)).status).toBe(409);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, invoice.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['invoice.mark_paid', 'invoice.paid']);
    const [settled] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(settled?.status).toBe('paid');
  });
});
