/** The interest taxonomy of the synthetic dataset, with the words and hashtags its bios and captions use. */
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
