/**
 * The fixed interest taxonomy shared by creator profiles, campaign target groups and newsletter
 * subscribers. Keys are stored; labels are shown.
 */
export const CATEGORIES = {
  fashion: { sv: 'Mode', en: 'Fashion' },
  beauty: { sv: 'Skönhet', en: 'Beauty' },
  fitness: { sv: 'Träning och hälsa', en: 'Fitness and health' },
  food: { sv: 'Mat och dryck', en: 'Food and drink' },
  travel: { sv: 'Resor', en: 'Travel' },
  parenting: { sv: 'Föräldraskap', en: 'Parenting' },
  home: { sv: 'Hem och inredning', en: 'Home and interior' },
  tech: { sv: 'Teknik', en: 'Tech' },
  gaming: { sv: 'Gaming', en: 'Gaming' },
  music: { sv: 'Musik', en: 'Music' },
  sustainability: { sv: 'Hållbarhet', en: 'Sustainability' },
  pets: { sv: 'Husdjur', en: 'Pets' },
  finance: { sv: 'Privatekonomi', en: 'Personal finance' },
  lifestyle: { sv: 'Livsstil', en: 'Lifestyle' },
} as const;

export type Category = keyof typeof CATEGORIES;
export const CATEGORY_KEYS = Object.keys(CATEGORIES) as [Category, ...Category[]];
