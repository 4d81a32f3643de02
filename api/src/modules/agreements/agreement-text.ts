/**
 * The agreement a creator signs with BankID when claiming (ADR 026): the campaign's terms in the
 * creator's language — deliverables, usage rights and their end date, payout, tax treatment. This
 * exact text is BankID's `userVisibleData`, kept with the signature and printed in the PDF.
 */
import { stockholmDate } from '@kollab/contract/stockholm-date';
import type { Campaign } from '@kollab/db/schema';

export interface AgreementParties {
  creatorName: string;
  brandName: string;
  locale: 'sv' | 'en';
}

type Terms = Pick<
  Campaign,
  'title' | 'platforms' | 'hashtags' | 'guidelines' | 'usageRights' | 'usageMonths' | 'startsAt' | 'endsAt'
> & { payoutOre: number };

const pad = (n: number) => String(n).padStart(2, '0');

/** A Swedish calendar date 'YYYY-MM-DD', optionally `months` later (the last day of a shorter month). */
export function swedishDate(at: Date, months = 0): string {
  const { year, month, day } = stockholmDate(at);
  const index = year * 12 + (month - 1) + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${pad(m)}-${pad(Math.min(day, last))}`;
}

/** Kronor with plain spaces between thousands ("1 500,00 kr"), printable in any PDF font. */
export function kronor(ore: number, locale: 'sv' | 'en'): string {
  const whole = Math.trunc(Math.abs(ore) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'sv' ? ' ' : ',');
  const cents = pad(Math.abs(ore) % 100);
  const sign = ore < 0 ? '-' : '';
  return locale === 'sv' ? `${sign}${whole},${cents} kr` : `SEK ${sign}${whole}.${cents}`;
}

const PLATFORM = { instagram: 'Instagram', tiktok: 'TikTok' } as const;

export function agreementText(terms: Terms, parties: AgreementParties): string {
  const sv = parties.locale === 'sv';
  const platforms = terms.platforms.map((platform) => PLATFORM[platform]).join(sv ? ' eller ' : ' or ');
  const usageEnd = terms.usageRights === 'paid_ads' ? swedishDate(terms.endsAt, terms.usageMonths ?? 0) : null;
  const lines = sv
    ? [
        `Avtal om innehåll för kampanjen "${terms.title}"`,
        `Parter: ${parties.creatorName} (kreatör) och ${parties.brandName} (varumärke), via Kollab.`,
        `Leverans: en video på ${platforms} mellan ${swedishDate(terms.startsAt)} och ${swedishDate(terms.endsAt)}.`,
        ...terms.guidelines.map((line) => `- ${line}`),
        ...(terms.hashtags.length ? [`Hashtaggar: ${terms.hashtags.map((tag) => `#${tag}`).join(' ')}`] : []),
        usageEnd
          ? `Användningsrätt: varumärket får använda videon i betald annonsering till och med ${usageEnd}.`
          : `Användningsrätt: organisk delning av inlägget; ingen betald annonsering.`,
        `Ersättning: ${kronor(terms.payoutOre, 'sv')} när varumärket har godkänt videon.`,
        'Skatt: ersättningen är skattepliktig. Har du inte F-skatt drar Kollab preliminärskatt och betalar arbetsgivaravgifter innan utbetalning.',
      ]
    : [
        `Content agreement for the campaign "${terms.title}"`,
        `Parties: ${parties.creatorName} (creator) and ${parties.brandName} (brand), through Kollab.`,
        `Deliverable: one video on ${platforms} between ${swedishDate(terms.startsAt)} and ${swedishDate(terms.endsAt)}.`,
        ...terms.guidelines.map((line) => `- ${line}`),
        ...(terms.hashtags.length ? [`Hashtags: ${terms.hashtags.map((tag) => `#${tag}`).join(' ')}`] : []),
        usageEnd
          ? `Usage rights: the brand may use the video in paid advertising until ${usageEnd} inclusive.`
          : 'Usage rights: organic sharing of the post; no paid advertising.',
        `Payout: ${kronor(terms.payoutOre, 'en')} once the brand has accepted the video.`,
        'Tax: the payout is taxable income. Without F-skatt, Kollab withholds preliminary tax and pays employer contributions before paying out.',
      ];
  return lines.join('\n');
}
