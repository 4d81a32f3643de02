/** Ids of seeded rows that the hand-written bodies refer to. */
export interface KnownIds {
  publishedCampaignId: string;
  paymentMethodId: string;
}

const DAY_MS = 86_400_000;

/**
 * Bodies that pass both the schema and the business rules, keyed by operation (`METHOD /path`).
 * Random values rarely satisfy rules the schema cannot express (payout × slots ≤ budget, end after
 * start, a provider filter shape, a withdrawable amount), so these seed the valid requests and the
 * mutations, which then reach the code behind those rules.
 */
export function knownBodies(ids: KnownIds): Record<string, unknown[]> {
  const now = Date.now();
  const campaign = {
    title: 'Höstkampanj',
    description: 'Visa hur du använder produkten i vardagen.',
    objectives: ['awareness'],
    categories: ['food', 'lifestyle'],
    platforms: ['instagram'],
    creatorTiers: ['nano', 'micro'],
    budgetOre: 2_500_000,
    payoutOre: 250_000,
    slots: 10,
    startsAt: new Date(now + DAY_MS).toISOString(),
    endsAt: new Date(now + 30 * DAY_MS).toISOString(),
    hashtags: ['#kollab'],
    guidelines: ['Nämn produkten i början'],
  };
  const search = [
    { filter: {} },
    {
      page: 0,
      filter: { influencer: { followers: { min: 1_000, max: 100_000 } } },
      sort: { field: 'followers', direction: 'desc' },
    },
    { filter: { influencer: { engagementRate: 0.02, bio: 'kaffe' }, audience: {} }, refresh: false },
  ];
  return {
    'POST /api/campaigns': [campaign, { ...campaign, creatorTiers: ['ugc'], usageRights: 'paid_ads', usageMonths: 6 }],
    'PATCH /api/campaigns/{id}': [{ title: 'Ny titel' }, { slots: 5 }, { guidelines: ['Visa förpackningen'] }],
    'POST /api/campaigns/{id}/claims': [{ guidelinesConfirmed: true }],
    'POST /api/claims/{id}/submit': [
      { url: 'https://www.instagram.com/reel/C9xYz12AbCd/', adLabelConfirmed: true },
      { url: 'https://www.tiktok.com/@anna.creates/video/7301234567890123456', adLabelConfirmed: true },
    ],
    'POST /api/user/update/{id}': [{ fullName: 'Anna Andersson' }, { phone: '070-123 45 67' }, { locale: 'en' }],
    'POST /api/user/payment-methods/add': [
      { type: 'iban', iban: 'SE45 5000 0000 0583 9825 7466', bic: 'ESSESESS' },
      { type: 'paypal', email: 'anna@example.se' },
      { type: 'swish', number: '070-765 43 21', isDefault: true },
    ],
    'POST /api/withdrawals': [{ amountOre: 10_000, paymentMethodId: ids.paymentMethodId }],
    'POST /api/discovery/{platform}/search': search,
    'POST /api/discovery/{platform}/search/quote': search,
    'POST /api/discovery/{platform}/reports/{userId}': [{}, { calculationMethod: 'average' }, { refresh: false }],
    'POST /api/discovery/{platform}/overlap': [{ influencers: ['cleo.creates', 'fjallkaffe'] }],
    'POST /api/discovery/{platform}/performance': [{ url: 'cleo.creates' }],
    'POST /api/discovery/raw/{platform}/{endpoint}': [{ url: 'cleo.creates' }, { keyword: 'kaffe' }],
    'POST /api/discovery/email-search': [{ emails: ['cleo@example.com', 'anna@example.se'] }],
    'POST /api/discovery/invitations': [
      { campaignId: ids.publishedCampaignId, platform: 'instagram', userId: '5730118821', username: 'cleo.creates' },
    ],
  };
}
