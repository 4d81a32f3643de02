import { billingDocuments } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billableBrand, draftCampaign } from '../../../test/support/billing.ts';
import { jsonHeaders } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { issueDocument } from './documents.service.ts';

// Invoices race for the next number: on PostgreSQL (DATABASE_URL) the 20 requests and the 10
// rolled-back issues run on parallel connections and wait for the series' counter row; on PGlite
// they are serialised by the single connection. Either way the series has no gap and no repeat.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ settings: { RATE_LIMIT_MULTIPLIER: '100' } });
});
afterAll(() => t.close());

describe('gap-free invoice numbers under concurrency', () => {
  it('20 invoices issued in parallel (with 10 rolled-back issues among them) are numbered 1…20 of the series', async () => {
    const brands = [];
    for (let i = 0; i < 20; i++) {
      const brand = await billableBrand(t);
      brands.push({ brand, campaign: await draftCampaign(t, brand, 2, 100_000) });
    }
    const rollback = new Error('rolled back on purpose');
    const [first] = brands;
    if (!first) throw new Error('no brand');
    const requests = brands.map(({ brand, campaign }) =>
      t.app.request(`/api/campaigns/${campaign.id}/payments`, {
        method: 'POST',
        headers: jsonHeaders(brand.cookie),
        body: JSON.stringify({ method: 'invoice' }),
      }),
    );
    // Each takes a number inside a transaction that then fails: the number must come back.
    const failures = Array.from({ length: 10 }, (_, i) =>
      t.db
        .transaction(async (tx) => {
          await issueDocument(tx, t.env, {
            kind: 'invoice',
            brandId: first.brand.user.id,
            campaignId: first.campaign.id,
            paymentRef: `rolled-back-${i}`,
            lines: [],
          });
          throw rollback;
        })
        .catch((error: unknown) => error),
    );
    const [answers, failed] = await Promise.all([Promise.all(requests), Promise.all(failures)]);
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(201));
    expect(failed).toEqual(Array(10).fill(rollback));

    const invoices = await t.db.select().from(billingDocuments).where(eq(billingDocuments.kind, 'invoice'));
    const numbers = invoices.map((row) => row.number).sort((a, b) => a - b);
    // The series starts at 1001 (ADR 025): the 1st…20th numbers, each once.
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => 1001 + i));
    expect(new Set(invoices.map((row) => row.documentNumber)).size).toBe(20);
    expect(new Set(invoices.map((row) => row.ocr)).size).toBe(20);
    // Each payment got exactly one invoice, for its own brand.
    expect(new Set(invoices.map((row) => row.paymentRef)).size).toBe(20);
    expect(new Set(invoices.map((row) => row.brandId))).toEqual(new Set(brands.map(({ brand }) => brand.user.id)));
  });
});
