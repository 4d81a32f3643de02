import type { BillingLine } from '@kollab/db/schema';

type Locale = 'sv' | 'en';

/**
 * The VAT treatment of campaign funding (ADR 024): Kollab's fee is Kollab's own service, taxed at
 * the rate in force (25 %); the creator budget is money Kollab holds in escrow for the brand and
 * pays on to the creators in the brand's name and for its account — a disbursement (utlägg,
 * article 79 c of Directive 2006/112/EC), outside Kollab's taxable amount, so no moms is charged
 * on it and the line says why.
 */
const TEXT = {
  sv: {
    fee: (campaign: string) => `Kollabs serviceavgift, kampanj "${campaign}"`,
    budget: (campaign: string) => `Kampanjbudget till kreatörer, kampanj "${campaign}"`,
    note: 'Utlägg för köparens räkning (artikel 79 c direktiv 2006/112/EG): hålls av Kollab och betalas ut till kreatörerna, ingår inte i beskattningsunderlaget.',
  },
  en: {
    fee: (campaign: string) => `Kollab service fee, campaign "${campaign}"`,
    budget: (campaign: string) => `Campaign budget for creators, campaign "${campaign}"`,
    note: "Disbursement on the buyer's behalf (Article 79(c) of Directive 2006/112/EC): held by Kollab and paid to the creators, not part of the taxable amount.",
  },
} as const;

export interface FundingAmounts {
  budgetOre: number;
  feeOre: number;
  vatOre: number;
  /** The VAT rate the quote used, in basis points (2500 = 25 %). */
  vatRateBp: number;
}

/** The invoice or receipt lines of a campaign's funding; a zero budget or fee leaves its line out. */
export function fundingLines(locale: Locale, campaignTitle: string, amounts: FundingAmounts): BillingLine[] {
  const text = TEXT[locale];
  const lines: BillingLine[] = [];
  if (amounts.feeOre > 0 || amounts.vatOre > 0) {
    lines.push({
      item: 'platform_fee',
      description: text.fee(campaignTitle),
      netOre: amounts.feeOre,
      vatRateBp: amounts.vatRateBp,
      vatOre: amounts.vatOre,
      vatNote: null,
    });
  }
  if (amounts.budgetOre > 0) {
    lines.push({
      item: 'creator_budget',
      description: text.budget(campaignTitle),
      netOre: amounts.budgetOre,
      vatRateBp: 0,
      vatOre: 0,
      vatNote: text.note,
    });
  }
  return lines;
}

/** A credit note's lines: the original's lines scaled to the credited part, with the sign turned. */
export function creditLines(original: BillingLine[], creditOre: number, originalTotalOre: number): BillingLine[] {
  if (creditOre >= originalTotalOre) {
    return original.map((line) => ({ ...line, netOre: -line.netOre, vatOre: -line.vatOre }));
  }
  // A part refund comes out of the creator budget first (the escrow money returned), then the fee.
  let left = creditOre;
  const out: BillingLine[] = [];
  for (const line of [...original].sort((a) => (a.item === 'creator_budget' ? -1 : 1))) {
    if (left <= 0) break;
    const gross = line.netOre + line.vatOre;
    const take = Math.min(left, gross);
    const vat = gross === 0 ? 0 : Math.round((take * line.vatOre) / gross);
    out.push({ ...line, netOre: -(take - vat), vatOre: -vat });
    left -= take;
  }
  return out;
}
