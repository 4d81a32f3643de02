/**
 * Fixed vocabularies of the sample provider: the enumerations of the provider contract
 * (CONTRACT.md §2, spec §3) and the dictionaries the synthetic dataset draws from. Everything here
 * is invented; ids only have to be stable, not to match the real provider's ids.
 */

export const PLATFORMS = ['instagram', 'tiktok', 'youtube'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Audience age bands in the provider's order (spec §3). */
export const AGE_BANDS = ['13-17', '18-24', '25-34', '35-44', '45-64', '65-'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
/** Inclusive lower and upper age of each band, `65-` is open-ended. */
export const AGE_BAND_BOUNDS: Record<AgeBand, readonly [number, number]> = {
  '13-17': [13, 17],
  '18-24': [18, 24],
  '25-34': [25, 34],
  '35-44': [35, 44],
  '45-64': [45, 64],
  '65-': [65, Number.POSITIVE_INFINITY],
};

export const GROWTH_INTERVALS = ['i1month', 'i2months', 'i3months', 'i4months', 'i5months', 'i6months'] as const;
export type GrowthInterval = (typeof GROWTH_INTERVALS)[number];

export const CONTACT_TYPES = [
  'bbm',
  'email',
  'facebook',
  'instagram',
  'itunes',
  'kakao',
  'kik',
  'lineid',
  'linktree',
  'pinterest',
  'sarahah',
  'sayat',
  'skype',
  'snapchat',
  'tiktok',
  'tumblr',
  'twitchtv',
  'twitter',
  'vk',
  'wechat',
  'youtube',
] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** Instagram account types: numeric in the search filter, strings in the report. */
export const ACCOUNT_TYPE_NAMES = { 1: 'Regular', 2: 'Business', 3: 'Creator' } as const;
export type AccountType = keyof typeof ACCOUNT_TYPE_NAMES;

export const AUDIENCE_TYPES = ['real', 'suspicious', 'mass_followers', 'influencers'] as const;
export const REACHABILITY_BANDS = ['-500', '500-1000', '1000-1500', '1500-'] as const;
export const ETHNICITIES = [
  { code: 'white', name: 'White / Caucasian' },
  { code: 'asian', name: 'Asian' },
  { code: 'african_american', name: 'African American' },
  { code: 'hispanic', name: 'Hispanic' },
] as const;

/** The day the synthetic dataset describes; post dates and stat history count back from it. */
export const SNAPSHOT_DATE = Date.UTC(2026, 10, 1);

export { INTERESTS, type InterestDef } from './interests.ts';

export interface CountryDef {
  id: number;
  code: string;
  name: string;
  language: string;
  /** Share of generated creators living there. */
  share: number;
}

/** Sweden ~35 %, Norway/Denmark/Finland ~20 %, the rest of the world ~45 %. */
export const COUNTRIES: readonly CountryDef[] = [
  { id: 1001, code: 'SE', name: 'Sweden', language: 'sv', share: 0.35 },
  { id: 1002, code: 'NO', name: 'Norway', language: 'no', share: 0.07 },
  { id: 1003, code: 'DK', name: 'Denmark', language: 'da', share: 0.07 },
  { id: 1004, code: 'FI', name: 'Finland', language: 'fi', share: 0.06 },
  { id: 1005, code: 'IS', name: 'Iceland', language: 'is', share: 0.01 },
  { id: 1006, code: 'DE', name: 'Germany', language: 'de', share: 0.07 },
  { id: 1007, code: 'GB', name: 'United Kingdom', language: 'en', share: 0.08 },
  { id: 1008, code: 'US', name: 'United States', language: 'en', share: 0.11 },
  { id: 1009, code: 'NL', name: 'Netherlands', language: 'nl', share: 0.03 },
  { id: 1010, code: 'FR', name: 'France', language: 'fr', share: 0.03 },
  { id: 1011, code: 'ES', name: 'Spain', language: 'es', share: 0.03 },
  { id: 1012, code: 'IT', name: 'Italy', language: 'it', share: 0.03 },
  { id: 1013, code: 'PL', name: 'Poland', language: 'pl', share: 0.02 },
  { id: 1014, code: 'EE', name: 'Estonia', language: 'et', share: 0.01 },
  { id: 1015, code: 'CA', name: 'Canada', language: 'en', share: 0.02 },
  { id: 1016, code: 'AU', name: 'Australia', language: 'en', share: 0.01 },
];

export interface CityDef {
  id: number;
  name: string;
  countryId: number;
  state: string;
}

const cityRows: [number, string, string][] = [
  [1001, 'Stockholm', 'Stockholm County'],
  [1001, 'Göteborg', 'Västra Götaland County'],
  [1001, 'Malmö', 'Skåne County'],
  [1001, 'Uppsala', 'Uppsala County'],
  [1001, 'Linköping', 'Östergötland County'],
  [1001, 'Örebro', 'Örebro County'],
  [1001, 'Västerås', 'Västmanland County'],
  [1001, 'Helsingborg', 'Skåne County'],
  [1001, 'Umeå', 'Västerbotten County'],
  [1001, 'Lund', 'Skåne County'],
  [1001, 'Östersund', 'Jämtland County'],
  [1001, 'Luleå', 'Norrbotten County'],
  [1002, 'Oslo', 'Oslo'],
  [1002, 'Bergen', 'Vestland'],
  [1002, 'Trondheim', 'Trøndelag'],
  [1002, 'Tromsø', 'Troms'],
  [1003, 'København', 'Capital Region'],
  [1003, 'Aarhus', 'Central Jutland'],
  [1003, 'Odense', 'Southern Denmark'],
  [1004, 'Helsinki', 'Uusimaa'],
  [1004, 'Tampere', 'Pirkanmaa'],
  [1004, 'Turku', 'Southwest Finland'],
  [1004, 'Oulu', 'North Ostrobothnia'],
  [1005, 'Reykjavík', 'Capital Region'],
  [1006, 'Berlin', 'Berlin'],
  [1006, 'Hamburg', 'Hamburg'],
  [1006, 'München', 'Bavaria'],
  [1007, 'London', 'England'],
  [1007, 'Manchester', 'England'],
  [1007, 'Edinburgh', 'Scotland'],
  [1008, 'New York', 'New York'],
  [1008, 'Los Angeles', 'California'],
  [1008, 'Chicago', 'Illinois'],
  [1008, 'Minneapolis', 'Minnesota'],
  [1009, 'Amsterdam', 'North Holland'],
  [1009, 'Rotterdam', 'South Holland'],
  [1010, 'Paris', 'Île-de-France'],
  [1010, 'Lyon', 'Auvergne-Rhône-Alpes'],
  [1011, 'Madrid', 'Community of Madrid'],
  [1011, 'Barcelona', 'Catalonia'],
  [1012, 'Milano', 'Lombardy'],
  [1012, 'Roma', 'Lazio'],
  [1013, 'Warszawa', 'Masovia'],
  [1013, 'Kraków', 'Lesser Poland'],
  [1014, 'Tallinn', 'Harju County'],
  [1015, 'Toronto', 'Ontario'],
  [1015, 'Vancouver', 'British Columbia'],
  [1016, 'Sydney', 'New South Wales'],
  [1016, 'Melbourne', 'Victoria'],
];

export const CITIES: readonly CityDef[] = cityRows.map(([countryId, name, state], index) => ({
  id: 2001 + index,
  name,
  countryId,
  state,
}));

export const LANGUAGES: readonly { code: string; name: string }[] = [
  { code: 'sv', name: 'Swedish' },
  { code: 'en', name: 'English' },
  { code: 'no', name: 'Norwegian' },
  { code: 'da', name: 'Danish' },
  { code: 'fi', name: 'Finnish' },
  { code: 'is', name: 'Icelandic' },
  { code: 'de', name: 'German' },
  { code: 'nl', name: 'Dutch' },
  { code: 'fr', name: 'French' },
  { code: 'es', name: 'Spanish' },
  { code: 'it', name: 'Italian' },
  { code: 'pl', name: 'Polish' },
  { code: 'et', name: 'Estonian' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'ar', name: 'Arabic' },
  { code: 'tr', name: 'Turkish' },
  { code: 'ru', name: 'Russian' },
  { code: 'ja', name: 'Japanese' },
  { code: 'zh', name: 'Chinese' },
  { code: 'ko', name: 'Korean' },
  { code: 'hi', name: 'Hindi' },
];

export interface BrandDef {
  id: number;
  name: string;
  /** Instagram handle used in mentions. */
  handle: string;
  interests: readonly number[];
}

const brandRows: [string, string, number[]][] = [
  ['Fjällkaffe', 'fjallkaffe', [15, 4]],
  ['Nordvind Outdoor', 'nordvind.outdoor', [27, 3, 5]],
  ['Saltsjö Skincare', 'saltsjoskincare', [2, 14]],
  ['Lingon & Lera', 'lingonlera', [18, 10]],
  ['Havsbris Swim', 'havsbris', [1, 3]],
  ['Granskog Home', 'granskoghome', [10]],
  ['Polarljus Kamera', 'polarljus', [8, 16]],
  ['Bageri Solrik', 'bagerisolrik', [4]],
  ['Runa Smycken', 'runasmycken', [21, 1]],
  ['Tassa Pet Food', 'tassapet', [11]],
  ['Volt Elbil', 'voltelbil', [12, 16]],
  ['Pixelfjord Games', 'pixelfjord', [13, 16]],
  ['Mossa Yoga', 'mossayoga', [5, 14, 27]],
  ['Ekorre Kids', 'ekorrekids', [9]],
  ['Dimma Film', 'dimmafilm', [17]],
  ['Bokhyllan', 'bokhyllan', [20]],
  ['Karriärkompassen', 'karriarkompassen', [19]],
  ['Vinbaren Nord', 'vinbarennord', [25, 4]],
  ['Brudslöja Atelier', 'brudsloja', [23, 1]],
  ['Aurora Couture', 'auroracouture', [26, 1, 21]],
  ['Isbjörn Sports', 'isbjornsports', [6, 27]],
  ['Tonfall Audio', 'tonfallaudio', [7, 16]],
  ['Skärgårdsglass', 'skargardsglass', [4, 22]],
  ['Kvist Tea', 'kvisttea', [15, 14]],
  ['Ljung Beauty', 'ljungbeauty', [2]],
  ['Stig Running', 'stigrunning', [5, 27]],
  ['Holm Design', 'holmdesign', [18, 10]],
  ['Fyr Streetwear', 'fyrstreetwear', [1]],
  ['Nattugla Sleep', 'nattuglasleep', [14, 10]],
  ['Kompis Snacks', 'kompissnacks', [4, 22]],
  ['Blåbär Baby', 'blabarbaby', [9, 22]],
  ['Rimfrost Watches', 'rimfrostwatches', [21, 26]],
  ['Moln Phone', 'molnphone', [16]],
  ['Eldhus Grill', 'eldhusgrill', [4, 10]],
  ['Tallbacka Cider', 'tallbackacider', [25]],
  ['Vågbrytare Surf', 'vagbrytare', [6, 3]],
  ['Snösparv Ski', 'snosparv', [6, 3]],
  ['Humla Garden', 'humlagarden', [10]],
  ['Cykelfabriken', 'cykelfabriken', [6, 12]],
  ['Ordbok Studio', 'ordbokstudio', [19, 18]],
];

export const BRANDS: readonly BrandDef[] = brandRows.map(([name, handle, interests], index) => ({
  id: 301 + index,
  name,
  handle,
  interests,
}));

export { FIRST_NAMES_FEMALE, FIRST_NAMES_MALE, HANDLE_WORDS, LAST_NAMES } from './names.ts';
