import { luhnValid } from '@kollab/contract/luhn';
import { parsePersonalNumber } from '@kollab/contract/personal-number';
import { creatorTaxProfiles, type User } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, createClaim, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { referenceFile } from '../../../test/support/reference-files.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { creditAcceptedClaim } from '../ledger/escrow.ts';

// No XSD for the AGI file could be found to validate against (ADR 028): the file is parsed back
// and every element is checked against Skatteverket's example file (same namespaces, element
// paths and field codes) and the documented formats of its values.
let t: TestApp;
let adminCookie: string;
const FEBRUARY = new Date('2026-02-10T10:00:00Z');
const MARCH = new Date('2026-03-05T10:00:00Z');

async function creator(personalNumber?: string) {
  const user = await createUser(t.db, { role: 'creator', fullName: `Kreatör ${personalNumber ?? 'utan nummer'}` });
  const cookie = await loginAs(t.db, user);
  if (personalNumber) {
    const res = await t.app.request(`/api/user/update/${user.id}`, {
      method: 'POST',
      headers: jsonHeaders(cookie),
      body: JSON.stringify({ personalNumber }),
    });
    expect(res.status).toBe(200);
    // Choosing the status keeps the number's birth date, which decides the contribution rate.
    const saved = await t.app.request('/api/tax/profile', {
      method: 'PUT',
      headers: jsonHeaders(cookie),
      body: JSON.stringify({ status: 'private' }),
    });
    expect(saved.status).toBe(200);
  }
  return { user, cookie };
}

async function earn(user: User, payoutOre: number, at: Date) {
  const brand = await createUser(t.db, { role: 'brand' });
  const campaign = await createCampaign(t.db, brand.id, { payoutOre, budgetOre: payoutOre, slots: 1 });
  const claim = await createClaim(t.db, campaign, user.id, { status: 'approved' });
  await t.db.transaction((tx) => creditAcceptedClaim(tx, claim, at));
}

let anna: Awaited<ReturnType<typeof creator>>;
beforeAll(async () => {
  t = await createTestApp({ settings: { BILLING_ORG_NUMBER: '559012-3450' } });
  adminCookie = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
  // Anna (born 1990): 2 500 + 1 000 kr in February. Bo (born 1958, 10.21 %): 2 000 kr.
  anna = await creator('19900101-0017');
  const bo = await creator('195801019281');
  await earn(anna.user, 250_000, FEBRUARY);
  await earn(anna.user, 100_000, FEBRUARY);
  await earn(bo.user, 200_000, FEBRUARY);
  // Under the threshold all year: not reported. F-skatt: never reported. No number: counted apart.
  const small = await creator('200001012384');
  await earn(small.user, 50_000, FEBRUARY);
  const company = await creator('19850505-5551');
  await t.db
    .update(creatorTaxProfiles)
    .set({ status: 'f_tax', orgNumber: '559012-3450' })
    .where(eq(creatorTaxProfiles.userId, company.user.id));
  await earn(company.user, 500_000, FEBRUARY);
  const nameless = await creator();
  await earn(nameless.user, 300_000, FEBRUARY);
  // A later month's pay is not February's.
  await earn(anna.user, 100_000, MARCH);
});
afterAll(() => t.close());

/** A parsed element's child by path (fast-xml-parser objects). */
function at(node: unknown, ...path: string[]): unknown {
  return path.reduce<unknown>((current, name) => (current as Record<string, unknown> | undefined)?.[name], node);
}

/** An element's text: a plain string, or `#text` when it has attributes (faltkod). */
function text(node: unknown, name: string): string {
  const value = at(node, name);
  return typeof value === 'string' ? value : String(at(value, '#text'));
}

const report = (period: string, format = 'json', cookie = adminCookie) =>
  t.app.request(`/api/admin/tax/employer-report?period=${period}&format=${format}`, { headers: { Cookie: cookie } });

describe('the monthly employer report', () => {
  it('lists each private payee with cash pay and tax in whole kronor, and the totals', async () => {
    const res = await report('2026-02');
    // Anna: gross 1 902 + 760 = 2 662 kr, tax 570 + 228 = 798 kr, contributions 31.42 % = 836 kr.
    // Bo: gross 2 000/1.1021 → 1 814 kr, tax 544 kr, contributions 10.21 % = 185 kr.
    expect(await res.json()).toEqual({
      data: {
        period: '2026-02',
        employerId: '165590123450',
        persons: [
          {
            specificationNumber: 1,
            personalNumberMasked: '19580101-****',
            name: 'Kreatör 195801019281',
            grossKr: 1814,
            taxKr: 544,
            contributionsKr: 185,
          },
          {
            specificationNumber: 1,
            personalNumberMasked: '19900101-****',
            name: 'Kreatör 19900101-0017',
            grossKr: 2662,
            taxKr: 798,
            contributionsKr: 836,
          },
        ],
        totalContributionsKr: 1021,
        totalTaxKr: 1342,
        missingPersonalNumbers: 1,
      },
    });
  });

  it('as Skatteverket’s AGI XML: every element as in the example file, values in the documented formats', async () => {
    const res = await report('2026-02', 'xml');
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="kollab-agi-2026-02.xml"');
    const xml = await res.text();
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });
    const ours = parser.parse(xml);
    const example = parser.parse(referenceFile('payroll/agi-example-public-202402.xml').toString('utf8'));
    const root = ours.Skatteverket;
    for (const name of ['@omrade', '@xmlns', '@xmlns:agd', '@xsi:schemaLocation']) {
      expect(root[name]).toBe(example.Skatteverket[name]);
    }
    // Every element path we write exists in the example, with the same field code.
    const paths = (node: unknown, prefix: string, out: Map<string, string | undefined>) => {
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('@') || key === '#text') continue;
        for (const item of Array.isArray(value) ? value : [value]) {
          const path = `${prefix}/${key}`;
          out.set(path, (item as Record<string, string>)?.['@faltkod']);
          paths(item, path, out);
        }
      }
      return out;
    };
    const known = paths(example.Skatteverket, '', new Map()) ?? new Map();
    const written = paths(root, '', new Map()) ?? new Map();
    for (const [path, code] of written) {
      expect(known.has(path), path).toBe(true);
      expect(code, path).toBe(known.get(path));
    }
    const forms = root['agd:Blankett'] as unknown[];
    expect(forms).toHaveLength(3);
    const hu = at(forms[0], 'agd:Blankettinnehall', 'agd:HU');
    expect(text(hu, 'agd:SummaArbAvgSlf')).toBe('1021');
    expect(text(hu, 'agd:SummaSkatteavdr')).toBe('1342');
    expect(text(hu, 'agd:RedovisningsPeriod')).toMatch(/^2026(0[1-9]|1[0-2])$/);
    const employer = text(at(hu, 'agd:ArbetsgivareHUGROUP'), 'agd:AgRegistreradId');
    expect(employer).toMatch(/^16\d{10}$/);
    expect(luhnValid(employer.slice(2))).toBe(true);
    const figures = forms.slice(1).map((form) => {
      const iu = at(form, 'agd:Blankettinnehall', 'agd:IU');
      const id = text(
        at(iu, 'agd:BetalningsmottagareIUGROUP', 'agd:BetalningsmottagareIDChoice'),
        'agd:BetalningsmottagarId',
      );
      expect(id).toMatch(/^\d{12}$/);
      expect(parsePersonalNumber(id, new Date('2026-02-28')).ok).toBe(true);
      expect(text(iu, 'agd:Specifikationsnummer')).toMatch(/^\d{1,10}$/);
      for (const amount of ['agd:KontantErsattningUlagAG', 'agd:AvdrPrelSkatt'])
        expect(text(iu, amount)).toMatch(/^\d+$/);
      return [id, text(iu, 'agd:KontantErsattningUlagAG'), text(iu, 'agd:AvdrPrelSkatt')];
    });
    expect(figures).toEqual([
      ['195801019281', '1814', '544'],
      ['199001010017', '2662', '798'],
    ]);
  });

  it('as CSV with a totals row', async () => {
    const res = await report('2026-02', 'csv');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await res.text()).toBe(
      [
        '"period","personal_number","name","cash_pay_kr_011","tax_withheld_kr_001","employer_contributions_kr"',
        '"2026-02","195801019281","Kreatör 195801019281","1814","544","185"',
        '"2026-02","199001010017","Kreatör 19900101-0017","2662","798","836"',
        '"2026-02","TOTAL","","4476","1342","1021"',
        '',
      ].join('\r\n'),
    );
  });

  it('is for admins only and refuses a malformed month', async () => {
    expect((await report('2026-02', 'xml', anna.cookie)).status).toBe(403);
    expect((await report('2026-13')).status).toBe(422);
    expect((await report('0630-11')).status).toBe(422);
  });

  it('is empty for a month without pay', async () => {
    const res = await report('2025-06');
    expect(await res.json()).toEqual({
      data: {
        period: '2025-06',
        employerId: '165590123450',
        persons: [],
        totalContributionsKr: 0,
        totalTaxKr: 0,
        missingPersonalNumbers: 0,
      },
    });
  });
});

describe('the yearly statement', () => {
  it('shows paid, withheld and reported per month, and as a PDF', async () => {
    const res = await t.app.request('/api/tax/statement?year=2026', { headers: { Cookie: anna.cookie } });
    const february = {
      period: '2026-02',
      grossOre: 266_200,
      contributionsOre: 83_800,
      taxOre: 79_800,
      netOre: 186_400,
      reportedGrossKr: 2662,
      reportedTaxKr: 798,
    };
    const march = {
      period: '2026-03',
      grossOre: 76_000,
      contributionsOre: 24_000,
      taxOre: 22_800,
      netOre: 53_200,
      reportedGrossKr: 760,
      reportedTaxKr: 228,
    };
    expect(await res.json()).toEqual({
      data: {
        year: 2026,
        months: [february, march],
        totals: {
          grossOre: 342_200,
          contributionsOre: 107_800,
          taxOre: 102_600,
          netOre: 239_600,
          reportedGrossKr: 3422,
          reportedTaxKr: 1026,
        },
      },
    });
    const pdfRes = await t.app.request('/api/tax/statement.pdf?year=2026&locale=en', {
      headers: { Cookie: anna.cookie },
    });
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(await pdfRes.arrayBuffer()));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('Yearly statement 2026');
    expect(text).toContain('Creator: Kreatör 19900101-0017');
    expect(text).toContain('2026-02 SEK 2,662.00 SEK 838.00 SEK 798.00 SEK 1,864.00 2662 / 798');
    expect(text).toContain('Total SEK 3,422.00 SEK 1,078.00 SEK 1,026.00 SEK 2,396.00 3422 / 1026');
  });
});
