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

export interface InterestDef {
  id: number;
  name: string;
  /** English and Swedish words used in bios and captions (the `bio`/`keywords` filters match them). */
  words: readonly string[];
  sv: readonly string[];
  /** Hashtags without `#`. */
  tags: readonly string[];
}

export const INTERESTS: readonly InterestDef[] = [
  {
    id: 1,
    name: 'Clothes, Shoes, Handbags & Accessories',
    words: ['fashion', 'outfit', 'style', 'sneakers', 'vintage'],
    sv: ['mode', 'outfit', 'stil', 'secondhand', 'garderob'],
    tags: ['ootd', 'fashion', 'stockholmstyle', 'secondhand', 'outfitinspo'],
  },
  {
    id: 2,
    name: 'Beauty & Cosmetics',
    words: ['makeup', 'skincare', 'beauty', 'glow', 'nails'],
    sv: ['smink', 'hudvård', 'skönhet', 'naglar', 'lyster'],
    tags: ['makeup', 'skincare', 'beautytips', 'hudvard', 'nailart'],
  },
  {
    id: 3,
    name: 'Travel, Tourism & Aviation',
    words: ['travel', 'mountains', 'roadtrip', 'adventure', 'islands'],
    sv: ['resor', 'fjällen', 'roadtrip', 'äventyr', 'skärgården'],
    tags: ['travel', 'fjallen', 'wanderlust', 'visitsweden', 'roadtrip'],
  },
  {
    id: 4,
    name: 'Restaurants, Food & Grocery',
    words: ['recipes', 'dinner', 'baking', 'vegan', 'fika'],
    sv: ['recept', 'vardagsmat', 'bakning', 'vegetariskt', 'fika'],
    tags: ['foodie', 'recept', 'fika', 'vardagsmat', 'homecooking'],
  },
  {
    id: 5,
    name: 'Fitness & Yoga',
    words: ['workout', 'yoga', 'running', 'strength', 'gym'],
    sv: ['träning', 'yoga', 'löpning', 'styrka', 'gym'],
    tags: ['fitness', 'yoga', 'running', 'traning', 'gymlife'],
  },
  {
    id: 6,
    name: 'Sports',
    words: ['football', 'hockey', 'skiing', 'match', 'team'],
    sv: ['fotboll', 'hockey', 'skidor', 'match', 'laget'],
    tags: ['football', 'hockey', 'skiing', 'sportlife', 'matchday'],
  },
  {
    id: 7,
    name: 'Music',
    words: ['music', 'songwriter', 'guitar', 'concert', 'producer'],
    sv: ['musik', 'låtskrivare', 'gitarr', 'konsert', 'producent'],
    tags: ['music', 'newmusic', 'livemusic', 'songwriter', 'musik'],
  },
  {
    id: 8,
    name: 'Camera & Photography',
    words: ['photography', 'camera', 'film', 'portraits', 'light'],
    sv: ['fotografi', 'kamera', 'analogt', 'porträtt', 'ljus'],
    tags: ['photography', 'filmphotography', 'nordiclight', 'portrait', 'fotografi'],
  },
  {
    id: 9,
    name: 'Toys, Children & Baby',
    words: ['parenting', 'toddler', 'baby', 'family', 'kids'],
    sv: ['föräldraskap', 'småbarn', 'bebis', 'familj', 'barn'],
    tags: ['momlife', 'dadlife', 'bebis', 'familjeliv', 'kidsactivities'],
  },
  {
    id: 10,
    name: 'Home Decor, Furniture & Garden',
    words: ['interior', 'garden', 'renovation', 'cottage', 'plants'],
    sv: ['inredning', 'trädgård', 'renovering', 'torp', 'växter'],
    tags: ['interior', 'inredning', 'scandinavianhome', 'tradgard', 'homedecor'],
  },
  {
    id: 11,
    name: 'Pets',
    words: ['dog', 'cat', 'puppy', 'pets', 'walks'],
    sv: ['hund', 'katt', 'valp', 'husdjur', 'promenader'],
    tags: ['dogsofinstagram', 'catlife', 'hundliv', 'puppy', 'petlovers'],
  },
  {
    id: 12,
    name: 'Cars & Motorbikes',
    words: ['cars', 'motorbike', 'electric', 'garage', 'roadster'],
    sv: ['bilar', 'motorcykel', 'elbil', 'garage', 'veteranbil'],
    tags: ['cars', 'motorcycle', 'elbil', 'carsofinstagram', 'garagelife'],
  },
  {
    id: 13,
    name: 'Gaming',
    words: ['gaming', 'stream', 'esports', 'console', 'retro'],
    sv: ['spel', 'stream', 'esport', 'konsol', 'retrospel'],
    tags: ['gaming', 'twitchstreamer', 'esports', 'retrogaming', 'gamer'],
  },
  {
    id: 14,
    name: 'Healthy Lifestyle',
    words: ['wellness', 'lifestyle', 'mindful', 'sleep', 'balance'],
    sv: ['hälsa', 'livsstil', 'mindfulness', 'sömn', 'balans'],
    tags: ['wellness', 'healthylifestyle', 'halsa', 'selfcare', 'mindfulness'],
  },
  {
    id: 15,
    name: 'Coffee, Tea & Beverages',
    words: ['coffee', 'espresso', 'tea', 'roastery', 'brew'],
    sv: ['kaffe', 'espresso', 'te', 'rosteri', 'bryggning'],
    tags: ['coffee', 'kaffe', 'coffeelover', 'specialtycoffee', 'teatime'],
  },
  {
    id: 16,
    name: 'Electronics & Computers',
    words: ['tech', 'gadgets', 'unboxing', 'smartphone', 'setup'],
    sv: ['teknik', 'prylar', 'unboxing', 'mobil', 'setup'],
    tags: ['tech', 'gadgets', 'unboxing', 'desksetup', 'teknik'],
  },
  {
    id: 17,
    name: 'Television & Film',
    words: ['movies', 'series', 'cinema', 'reviews', 'streaming'],
    sv: ['film', 'serier', 'bio', 'recensioner', 'streaming'],
    tags: ['movies', 'filmtips', 'seriestips', 'cinema', 'moviereview'],
  },
  {
    id: 18,
    name: 'Art & Design',
    words: ['art', 'design', 'illustration', 'ceramics', 'painting'],
    sv: ['konst', 'design', 'illustration', 'keramik', 'måleri'],
    tags: ['art', 'illustration', 'ceramics', 'scandinaviandesign', 'konst'],
  },
  {
    id: 19,
    name: 'Business & Careers',
    words: ['business', 'startup', 'career', 'leadership', 'finance'],
    sv: ['företagande', 'startup', 'karriär', 'ledarskap', 'ekonomi'],
    tags: ['entrepreneur', 'startup', 'karriar', 'smallbusiness', 'privatekonomi'],
  },
  {
    id: 20,
    name: 'Books',
    words: ['books', 'reading', 'novels', 'library', 'crime'],
    sv: ['böcker', 'läsning', 'romaner', 'bibliotek', 'deckare'],
    tags: ['bookstagram', 'boktips', 'reading', 'booklover', 'lasning'],
  },
  {
    id: 21,
    name: 'Jewellery & Watches',
    words: ['jewellery', 'watches', 'silver', 'gold', 'rings'],
    sv: ['smycken', 'klockor', 'silver', 'guld', 'ringar'],
    tags: ['jewelry', 'watches', 'smycken', 'handmadejewelry', 'watchoftheday'],
  },
  {
    id: 22,
    name: 'Friends, Family & Relationships',
    words: ['family', 'friends', 'everyday', 'relationships', 'home'],
    sv: ['familj', 'vänner', 'vardag', 'relationer', 'hemma'],
    tags: ['vardag', 'familytime', 'friends', 'everydaylife', 'livet'],
  },
  {
    id: 23,
    name: 'Wedding',
    words: ['wedding', 'bride', 'flowers', 'planning', 'ceremony'],
    sv: ['bröllop', 'brud', 'blommor', 'planering', 'vigsel'],
    tags: ['wedding', 'brollop', 'bride', 'weddinginspo', 'weddingplanning'],
  },
  {
    id: 24,
    name: 'Tobacco & Smoking',
    words: ['snus', 'cigars', 'pipes', 'tobacco', 'lounge'],
    sv: ['snus', 'cigarrer', 'pipor', 'tobak', 'lounge'],
    tags: ['cigars', 'snus', 'cigarlounge', 'pipesmoking', 'tobacco'],
  },
  {
    id: 25,
    name: 'Beer, Wine & Spirits',
    words: ['wine', 'craftbeer', 'cocktails', 'whisky', 'tasting'],
    sv: ['vin', 'öl', 'drinkar', 'whisky', 'provning'],
    tags: ['wine', 'craftbeer', 'cocktails', 'whisky', 'vinprovning'],
  },
  {
    id: 26,
    name: 'Luxury Goods',
    words: ['luxury', 'designer', 'couture', 'collection', 'exclusive'],
    sv: ['lyx', 'designer', 'couture', 'kollektion', 'exklusivt'],
    tags: ['luxury', 'luxurylifestyle', 'designerbags', 'couture', 'lyx'],
  },
  {
    id: 27,
    name: 'Activewear',
    words: ['activewear', 'leggings', 'outdoor', 'hiking', 'gear'],
    sv: ['träningskläder', 'tights', 'friluftsliv', 'vandring', 'utrustning'],
    tags: ['activewear', 'friluftsliv', 'hiking', 'outdoorgear', 'vandring'],
  },
];

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

export const FIRST_NAMES_FEMALE = [
  'Alva',
  'Elsa',
  'Maja',
  'Astrid',
  'Ebba',
  'Freja',
  'Wilma',
  'Saga',
  'Agnes',
  'Ingrid',
  'Linnea',
  'Klara',
  'Sofia',
  'Emma',
  'Julia',
  'Nora',
  'Sigrid',
  'Hanna',
  'Ida',
  'Tuva',
  'Ronja',
  'Liv',
  'Signe',
  'Matilda',
  'Emilia',
  'Olivia',
  'Amelia',
  'Isla',
  'Grace',
  'Chloe',
  'Aino',
  'Helmi',
  'Anni',
  'Karoline',
  'Thea',
  'Frida',
  'Malin',
  'Johanna',
  'Camilla',
  'Petra',
] as const;
export const FIRST_NAMES_MALE = [
  'Erik',
  'Lars',
  'Oskar',
  'Axel',
  'Hugo',
  'Elias',
  'Nils',
  'Gustav',
  'Viktor',
  'Anton',
  'Filip',
  'Isak',
  'Leo',
  'Olle',
  'Sixten',
  'Ludvig',
  'Magnus',
  'Henrik',
  'Jonas',
  'Mikael',
  'Anders',
  'Jakob',
  'Emil',
  'Theo',
  'Oliver',
  'Harry',
  'Jack',
  'Noah',
  'Liam',
  'Eino',
  'Väinö',
  'Mads',
  'Sondre',
  'Aksel',
  'Rasmus',
  'Tobias',
  'Kalle',
  'Pelle',
  'Sami',
  'Johan',
] as const;
export const LAST_NAMES = [
  'Andersson',
  'Johansson',
  'Karlsson',
  'Nilsson',
  'Eriksson',
  'Larsson',
  'Olsson',
  'Persson',
  'Svensson',
  'Gustafsson',
  'Lindqvist',
  'Lindberg',
  'Bergström',
  'Holm',
  'Sjöberg',
  'Ek',
  'Lund',
  'Nyström',
  'Wallin',
  'Hedlund',
  'Forsberg',
  'Sandberg',
  'Åberg',
  'Hansen',
  'Johansen',
  'Olsen',
  'Jensen',
  'Nielsen',
  'Virtanen',
  'Korhonen',
  'Mäkinen',
  'Smith',
  'Brown',
  'Taylor',
  'Wilson',
  'Evans',
  'Müller',
  'Schmidt',
  'Novak',
  'Rossi',
] as const;
/** Words for handles and brand-like account names. */
export const HANDLE_WORDS = [
  'fjall',
  'skog',
  'hav',
  'sno',
  'norr',
  'sol',
  'lingon',
  'bjork',
  'fika',
  'stuga',
  'eko',
  'vind',
  'dal',
  'sjo',
  'kust',
  'moln',
  'ljus',
  'natt',
  'varld',
  'hem',
  'kok',
  'resa',
  'stig',
  'grona',
  'vilda',
  'lilla',
  'stora',
  'nordic',
  'daily',
  'studio',
  'kitchen',
  'life',
  'club',
  'lab',
  'journal',
  'atelier',
  'house',
  'co',
  'hq',
  'world',
] as const;
