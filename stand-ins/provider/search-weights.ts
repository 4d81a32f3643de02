/** Audience shares of a profile, shared by the filters, the sorts and the match explanation. */
import { AGE_BAND_BOUNDS, AGE_BANDS, type AgeBand } from './constants.ts';
import type { SampleProfile } from './dataset.ts';

export const weightOf = (list: readonly { id: number; weight: number }[], id: number) =>
  list.find((entry) => entry.id === id)?.weight ?? 0;

/** The audience share at a location id (a country or a city). */
export function audienceLocationWeight(profile: SampleProfile, id: number): number {
  return weightOf(profile.audience.countries, id) || weightOf(profile.audience.cities, id);
}
export function audienceLanguageWeight(profile: SampleProfile, code: string): number {
  return profile.audience.languages.find((entry) => entry.code === code)?.weight ?? 0;
}
export function audienceGenderWeight(profile: SampleProfile, gender: 'MALE' | 'FEMALE'): number {
  return gender === 'MALE' ? profile.audience.male : Math.round((1 - profile.audience.male) * 10_000) / 10_000;
}
export const bandIndex = new Map(AGE_BANDS.map((band, i) => [band, i]));
export function audienceAgeWeight(profile: SampleProfile, band: AgeBand): number {
  return profile.audience.ages[bandIndex.get(band) ?? -1] ?? 0;
}
/** Indexes of the age bands inside `[min, max]` (open ends when left out). */
export function bandsInRange(min?: string, max?: string): number[] {
  return AGE_BANDS.flatMap((band, i) => {
    const [low, high] = AGE_BAND_BOUNDS[band];
    return (min === undefined || low >= Number(min)) && (max === undefined || high <= Number(max)) ? [i] : [];
  });
}

/** Sum of the audience's age bands inside `[min, max]`. */
export function audienceAgeRangeWeight(profile: SampleProfile, min?: string, max?: string): number {
  let sum = 0;
  for (const band of bandsInRange(min, max)) sum += profile.audience.ages[band] ?? 0;
  return sum;
}
