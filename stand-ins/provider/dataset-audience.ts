/** A creator's audience: where, who and how real its followers are. */
import { AGE_BANDS, BRANDS, COUNTRIES, type CountryDef, ETHNICITIES, type Platform } from './constants.ts';
import { ageBandOf, citiesByCountry, clamp, INTEREST_IDS, NORDIC, otherCountries, round4 } from './dataset-helpers.ts';
import type { Gender, SampleAudience } from './dataset-types.ts';
import { normalise, type Rng } from './random.ts';

export function makeAudience(
  rng: Rng,
  platform: Platform,
  country: CountryDef,
  cityId: number,
  gender: Gender | null,
  age: number | null,
  language: string,
  interests: number[],
  brandPool: typeof BRANDS,
): SampleAudience {
  const male = round4(
    gender === 'FEMALE' ? rng.range(0.12, 0.45) : gender === 'MALE' ? rng.range(0.5, 0.85) : rng.range(0.3, 0.7),
  );

  const peak = age === null ? 2 : AGE_BANDS.indexOf(ageBandOf(age));
  const ages = normalise(
    AGE_BANDS.map((_, band) => {
      const edge = band === 0 ? (platform === 'tiktok' ? 1.3 : 0.35) : band === 5 ? 0.3 : 1;
      return Math.exp(-Math.abs(band - peak) * 1.1) * rng.range(0.6, 1.4) * edge;
    }),
  );

  const home = country.code === 'US' ? rng.range(0.45, 0.75) : rng.range(0.35, 0.85);
  const others = rng.sample(otherCountries.get(country.id) ?? COUNTRIES, rng.int(3, 5)).map((other) => ({
    id: other.id,
    raw: rng.range(0.2, 1) * (NORDIC.has(country.id) && NORDIC.has(other.id) ? 2 : 1),
  }));
  const otherTotal = others.reduce((sum, other) => sum + other.raw, 0);
  const countryWeights = normalise([home, ...others.map((other) => ((1 - home) * other.raw) / otherTotal)]);
  const countries = [country.id, ...others.map((other) => other.id)]
    .map((id, i) => ({ id, weight: countryWeights[i] ?? 0 }))
    .sort((a, b) => b.weight - a.weight || a.id - b.id);
  const homeWeight = countries.find((entry) => entry.id === country.id)?.weight ?? 0;
  const homeCities = (citiesByCountry.get(country.id) ?? []).filter((city) => city.id !== cityId);
  const cities = [
    { id: cityId, weight: round4(homeWeight * rng.range(0.2, 0.5)) },
    ...rng
      .sample(homeCities, rng.int(0, 2))
      .map((city) => ({ id: city.id, weight: round4(homeWeight * rng.range(0.03, 0.15)) })),
  ].sort((a, b) => b.weight - a.weight || a.id - b.id);

  const languageCodes = [language];
  if (language !== 'en') languageCodes.push('en');
  const extra = rng.pick(COUNTRIES).language;
  if (!languageCodes.includes(extra)) languageCodes.push(extra);
  const languageWeights = normalise(languageCodes.map((_, i) => (i === 0 ? rng.range(2.5, 8) : rng.range(0.3, 1.5))));
  const languages = languageCodes
    .map((code, i) => ({ code, weight: languageWeights[i] ?? 0 }))
    .sort((a, b) => b.weight - a.weight || (a.code < b.code ? -1 : 1));

  const interestIds = [...interests];
  for (const other of rng.sample(INTEREST_IDS, rng.int(2, 4)))
    if (!interestIds.includes(other)) interestIds.push(other);
  const interestWeights = normalise(
    interestIds.map((id, i) =>
      i === 0 ? rng.range(1.5, 3) : interests.includes(id) ? rng.range(0.6, 1.4) : rng.range(0.1, 0.5),
    ),
  );
  const audienceInterests = interestIds
    .map((id, i) => ({ id, weight: interestWeights[i] ?? 0 }))
    .sort((a, b) => b.weight - a.weight || a.id - b.id);

  const brands = rng
    .sample(brandPool.length ? brandPool : BRANDS, rng.int(0, 4))
    .map((brand) => ({ id: brand.id, weight: round4(rng.range(0.005, 0.08)) }))
    .sort((a, b) => b.weight - a.weight || a.id - b.id);

  const credibilityTarget = clamp(0.78 + rng.normal() * 0.09, 0.4, 0.97);
  const influencers = credibilityTarget * rng.range(0.01, 0.05);
  const mass = (1 - credibilityTarget) * rng.range(0.3, 0.7);
  const types = normalise([credibilityTarget - influencers, 1 - credibilityTarget - mass, mass, influencers]);
  const credibility = round4((types[0] ?? 0) + (types[3] ?? 0));
  const reachability = normalise([
    rng.range(0.25, 0.55),
    rng.range(0.15, 0.3),
    rng.range(0.05, 0.15),
    rng.range(0.1, 0.3),
  ]);
  const diverse = country.code === 'US' || country.code === 'GB' || country.code === 'CA' || country.code === 'AU';
  const ethnicities = normalise(
    ETHNICITIES.map((_, i) =>
      i === 0 ? (diverse ? rng.range(3, 6) : rng.range(12, 20)) : rng.range(0.3, diverse ? 2.5 : 1),
    ),
  );

  return {
    male,
    ages,
    countries,
    cities,
    languages,
    interests: audienceInterests,
    brands,
    types,
    credibility,
    reachability,
    ethnicities,
    notable: round4(rng.range(0.005, 0.06)),
  };
}
