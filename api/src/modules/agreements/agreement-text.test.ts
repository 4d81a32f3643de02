import { describe, expect, it } from 'vitest';
import { agreementText, kronor, swedishDate } from './agreement-text.ts';

const terms = {
  title: 'Höstens fjällrost',
  platforms: ['instagram', 'tiktok'] as ('instagram' | 'tiktok')[],
  hashtags: ['kaffe', 'fika'],
  guidelines: ['Visa förpackningen', 'Nämn rabattkoden HOST10'],
  usageRights: 'paid_ads' as const,
  usageMonths: 6,
  startsAt: new Date('2026-09-30T22:30:00Z'), // 1 October in Sweden
  endsAt: new Date('2026-11-30T12:00:00Z'),
  payoutOre: 150_000,
};

describe('the agreement text', () => {
  it('states deliverables, usage rights with their end date, payout and tax, in Swedish', () => {
    expect(agreementText(terms, { creatorName: 'Anna Andersson', brandName: 'Rosteriet AB', locale: 'sv' })).toBe(
      [
        'Avtal om innehåll för kampanjen "Höstens fjällrost"',
        'Parter: Anna Andersson (kreatör) och Rosteriet AB (varumärke), via Kollab.',
        'Leverans: en video på Instagram eller TikTok mellan 2026-10-01 och 2026-11-30.',
        '- Visa förpackningen',
        '- Nämn rabattkoden HOST10',
        'Hashtaggar: #kaffe #fika',
        'Användningsrätt: varumärket får använda videon i betald annonsering till och med 2027-05-30.',
        'Ersättning: 1 500,00 kr när varumärket har godkänt videon.',
        'Skatt: ersättningen är skattepliktig. Har du inte F-skatt drar Kollab preliminärskatt och betalar arbetsgivaravgifter innan utbetalning.',
      ].join('\n'),
    );
  });

  it('in English, and organic use has no end date', () => {
    const text = agreementText(
      { ...terms, usageRights: 'organic', usageMonths: null, hashtags: [], platforms: ['tiktok'] },
      { creatorName: 'Omar Samordnad', brandName: 'Rosteriet AB', locale: 'en' },
    );
    expect(text.split('\n')).toEqual([
      'Content agreement for the campaign "Höstens fjällrost"',
      'Parties: Omar Samordnad (creator) and Rosteriet AB (brand), through Kollab.',
      'Deliverable: one video on TikTok between 2026-10-01 and 2026-11-30.',
      '- Visa förpackningen',
      '- Nämn rabattkoden HOST10',
      'Usage rights: organic sharing of the post; no paid advertising.',
      'Payout: SEK 1,500.00 once the brand has accepted the video.',
      'Tax: the payout is taxable income. Without F-skatt, Kollab withholds preliminary tax and pays employer contributions before paying out.',
    ]);
  });

  it('counts months on the Swedish calendar, ending on the last day of a shorter month', () => {
    expect(swedishDate(new Date('2026-08-31T10:00:00Z'), 6)).toBe('2027-02-28');
    expect(swedishDate(new Date('2027-12-31T23:30:00Z'), 0)).toBe('2028-01-01');
    expect(swedishDate(new Date('2026-01-15T10:00:00Z'), 24)).toBe('2028-01-15');
  });

  it('writes kronor from öre', () => {
    expect([kronor(123_456_789, 'sv'), kronor(5, 'sv'), kronor(100_000, 'en')]).toEqual([
      '1 234 567,89 kr',
      '0,05 kr',
      'SEK 1,000.00',
    ]);
  });
});
