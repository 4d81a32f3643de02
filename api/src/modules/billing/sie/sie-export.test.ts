import { stockholmDay } from '@kollab/contract/stockholm-date';
import { ledgerEntries, postings } from '@kollab/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billableBrand, callJson, draftCampaign, payByCard, type TestBrand } from '../../../../test/support/billing.ts';
import { createCampaign, createClaim, createUser } from '../../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { creditAcceptedClaim } from '../../ledger/escrow.ts';
import { closeCampaignEscrow } from '../../payments/escrow-lifecycle.ts';
import { addDays } from '../documents.service.ts';
import { LEDGER_TO_BAS, type LedgerAccountName } from './chart.ts';

// The SIE 4 export read back by a reader written here (not the exporter's code): real postings of
// card funding, claim approvals and acceptance drawing from escrow, the escrow returned as credit
// and a card refund, on PGlite or PostgreSQL (DATABASE_URL).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ settings: { BILLING_SELLER_NAME: 'Kollab Åäö AB', RATE_LIMIT_MULTIPLIER: '100' } });
});
afterAll(() => t.close());

/** IBM code page 437, bytes 0x80–0xFF (SIE's "PC8"); below 0x80 it is ASCII. */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

function decodePc8(bytes: Uint8Array): string {
  return [...bytes].map((byte) => (byte < 0x80 ? String.fromCharCode(byte) : CP437_HIGH[byte - 0x80])).join('');
}

/** Splits a SIE line into fields: quoted strings (with \" and \\), {…} lists, bare words. */
function fields(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    if (line[i] === ' ' || line[i] === '\t') {
      i += 1;
    } else if (line[i] === '"') {
      let value = '';
      i += 1;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\') i += 1;
        value += line[i];
        i += 1;
      }
      out.push(value);
      i += 1;
    } else if (line[i] === '{') {
      const end = line.indexOf('}', i);
      out.push(line.slice(i, end + 1));
      i = end + 1;
    } else {
      let end = i;
      while (end < line.length && line[end] !== ' ' && line[end] !== '\t') end += 1;
      out.push(line.slice(i, end));
      i = end;
    }
  }
  return out;
}

/** "-1234.5" kronor → öre, without floating point. */
function ore(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new Error(`not a SIE amount: ${amount}`);
  const value = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -value : value;
}

interface SieFile {
  head: Record<string, string[]>;
  accounts: Map<number, string>;
  ib: Map<number, number>;
  ub: Map<number, number>;
  res: Map<number, number>;
  vouchers: { series: string; number: number; date: string; text: string; trans: [number, number][] }[];
}

function readSie(bytes: Uint8Array): SieFile {
  const file: SieFile = { head: {}, accounts: new Map(), ib: new Map(), ub: new Map(), res: new Map(), vouchers: [] };
  let open: SieFile['vouchers'][number] | null = null;
  let inBlock = false;
  for (const raw of decodePc8(bytes).split('\r\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line === '{') {
      if (!open || inBlock) throw new Error('{ without #VER');
      inBlock = true;
      continue;
    }
    if (line === '}') {
      if (!inBlock) throw new Error('} without {');
      inBlock = false;
      open = null;
      continue;
    }
    const [label = '', ...rest] = fields(line);
    if (inBlock) {
      if (label !== '#TRANS' || !open) throw new Error(`unexpected ${label} inside a voucher`);
      open.trans.push([Number(rest[0]), ore(rest[2] ?? '')]);
    } else if (label === '#KONTO') {
      file.accounts.set(Number(rest[0]), rest[1] ?? '');
    } else if (label === '#IB' || label === '#UB' || label === '#RES') {
      if (rest[0] !== '0') throw new Error(`${label} for year ${rest[0]}`);
      const map = label === '#IB' ? file.ib : label === '#UB' ? file.ub : file.res;
      map.set(Number(rest[1]), ore(rest[2] ?? ''));
    } else if (label === '#VER') {
      open = { series: rest[0] ?? '', number: Number(rest[1]), date: rest[2] ?? '', text: rest[3] ?? '', trans: [] };
      file.vouchers.push(open);
    } else {
      file.head[label] = rest;
    }
  }
  if (inBlock) throw new Error('voucher not closed');
  return file;
}

async function approve(brand: TestBrand, claimId: string) {
  return callJson(t, 'POST', `/api/claims/${claimId}/approve`, brand.cookie, {});
}

/** Moves a posting's date (postings are dated by created_at; their entries stay untouched). */
async function redate(postingIds: string[], at: Date) {
  await t.db.update(postings).set({ createdAt: at }).where(inArray(postings.id, postingIds));
}

describe('SIE 4 export', () => {
  it('parses back to the ledger: every account balance and every voucher balanced', async () => {
    const today = stockholmDay();
    const from = addDays(today, -5);
    // Before the range (opening balances): a campaign funded ten days ago.
    const early = await createUser(t.db, { role: 'brand' });
    await createCampaign(t.db, early.id, { slots: 2, payoutOre: 50_000, budgetOre: 100_000 });
    const earlyPostings = await t.db.select({ id: postings.id }).from(postings);
    await redate(
      earlyPostings.map((p) => p.id),
      new Date(Date.now() - 10 * 86_400_000),
    );
    // In the range: card funding, two approvals (one accepted), the campaign's end and a card refund.
    const brand = await billableBrand(t);
    const campaign = await draftCampaign(t, brand, 3, 123_457);
    await payByCard(t, brand, campaign);
    const claims = [];
    for (let i = 0; i < 2; i++) claims.push(await createClaim(t.db, campaign, (await createUser(t.db)).id));
    for (const claim of claims) await approve(brand, claim.id);
    const [accepted] = claims;
    if (!accepted) throw new Error('no claim');
    await t.db.transaction((tx) => creditAcceptedClaim(tx, accepted));
    const returned = await t.db.transaction((tx) => closeCampaignEscrow(tx, campaign));
    expect(returned).toBe(123_457);
    await callJson(t, 'POST', '/api/billing/refunds', brand.cookie, { amountOre: 23_457 });
    // After the range: postings dated three days ahead are left out.
    const before = new Set((await t.db.select({ id: postings.id }).from(postings)).map((p) => p.id));
    await createCampaign(t.db, early.id, { slots: 1, payoutOre: 10_000, budgetOre: 10_000 });
    const lateIds = (await t.db.select({ id: postings.id }).from(postings))
      .map((p) => p.id)
      .filter((id) => !before.has(id));
    expect(lateIds.length).toBeGreaterThan(0);
    await redate(lateIds, new Date(Date.now() + 3 * 86_400_000));

    const admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
    const res = await t.app.request(`/api/admin/ledger/sie?from=${from}&to=${today}`, { headers: jsonHeaders(admin) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="kollab-${from}-${today}.se"`);
    const sie = readSie(new Uint8Array(await res.arrayBuffer()));

    expect(sie.head['#FORMAT']).toEqual(['PC8']);
    expect(sie.head['#SIETYP']).toEqual(['4']);
    expect(sie.head['#FNAMN']).toEqual(['Kollab Åäö AB']);
    expect(sie.head['#ORGNR']).toEqual([t.env.BILLING_ORG_NUMBER]);
    // The chart: every BAS account by its Swedish name, decoded from code page 437.
    expect(Object.fromEntries(sie.accounts)).toEqual(
      Object.fromEntries(Object.values(LEDGER_TO_BAS).map((bas) => [bas.number, bas.name])),
    );
    expect(sie.accounts.get(2611)).toBe('Utgående moms på försäljning inom Sverige, 25 %');

    // The ledger, read here: debit positive in SIE, credit positive in Kollab's ledger.
    const rows = await t.db
      .select({
        id: postings.id,
        kind: postings.kind,
        at: postings.createdAt,
        account: ledgerEntries.account,
        amount: ledgerEntries.amountOre,
      })
      .from(ledgerEntries)
      .innerJoin(postings, eq(postings.id, ledgerEntries.postingId));
    const now = Date.now();
    const opening = new Map<number, number>();
    const closing = new Map<number, number>();
    const inRange = new Map<string, string>();
    for (const row of rows) {
      const bas = LEDGER_TO_BAS[row.account as LedgerAccountName].number;
      const at = row.at.getTime();
      if (at > now + 86_400_000) continue;
      closing.set(bas, (closing.get(bas) ?? 0) - row.amount);
      if (at < now - 7 * 86_400_000) opening.set(bas, (opening.get(bas) ?? 0) - row.amount);
      else inRange.set(row.id, row.kind);
    }
    for (const number of sie.accounts.keys()) {
      if (number < 3000) {
        expect({ number, ib: sie.ib.get(number), ub: sie.ub.get(number) }).toEqual({
          number,
          ib: opening.get(number) ?? 0,
          ub: closing.get(number) ?? 0,
        });
      } else {
        expect({ number, res: sie.res.get(number) }).toEqual({
          number,
          res: (closing.get(number) ?? 0) - (opening.get(number) ?? 0),
        });
      }
    }
    // Something really moved: the fee is revenue (credit, negative), cash holds the money (debit).
    expect(sie.res.get(3041)).toBeLessThan(0);
    expect(sie.ub.get(1930)).toBe(closing.get(1930));
    expect(closing.get(1930)).toBeGreaterThan(0);

    // Vouchers: one per posting in the range, numbered 1…n, each dated in the range and balanced.
    expect(sie.vouchers.map((v) => v.number)).toEqual(sie.vouchers.map((_, i) => i + 1));
    expect(sie.vouchers).toHaveLength(inRange.size);
    expect([...new Set(sie.vouchers.map((v) => v.text.split(' ')[0]))].sort()).toEqual(
      [...new Set(inRange.values())].sort(),
    );
    for (const kind of [
      'payment_received',
      'campaign_funded',
      'claim_reserved',
      'claim_accepted',
      'escrow_returned',
      'credit_refunded',
    ]) {
      expect(sie.vouchers.some((v) => v.text.startsWith(`${kind} `))).toBe(true);
    }
    for (const voucher of sie.vouchers) {
      expect({ voucher: voucher.text, sum: voucher.trans.reduce((sum, [, amount]) => sum + amount, 0) }).toEqual({
        voucher: voucher.text,
        sum: 0,
      });
      expect(voucher.date >= from.replaceAll('-', '') && voucher.date <= today.replaceAll('-', '')).toBe(true);
    }
    // And each account's movement in the vouchers is what its opening and closing balances say.
    for (const number of sie.accounts.keys()) {
      const moved = sie.vouchers
        .flatMap((v) => v.trans)
        .reduce((sum, [acc, amount]) => (acc === number ? sum + amount : sum), 0);
      if (number < 3000) expect((sie.ub.get(number) ?? 0) - (sie.ib.get(number) ?? 0)).toBe(moved);
      else expect(sie.res.get(number)).toBe(moved);
    }
  });

  it('refuses a range that ends before it starts, and brands (403)', async () => {
    const admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
    const bad = await t.app.request('/api/admin/ledger/sie?from=2026-05-02&to=2026-05-01', {
      headers: jsonHeaders(admin),
    });
    expect(bad.status).toBe(422);
    const brand = await loginAs(t.db, await createUser(t.db, { role: 'brand' }));
    const refused = await t.app.request('/api/admin/ledger/sie?from=2026-05-01&to=2026-05-02', {
      headers: jsonHeaders(brand),
    });
    expect(refused.status).toBe(403);
  });
});
