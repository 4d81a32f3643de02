import type { SortDirection, SortField } from './enums';
import { type Choice, hasTextTags, isInstagramOnly, type SearchState, sortIsUsable } from './search-state';

/** Percent → the provider's fraction, without floating-point tails (2.3 → 0.023). */
function fraction(percentValue: number): number {
  return Number((percentValue / 100).toFixed(6));
}

function numericIds(choices: Choice[]): number[] {
  return choices.map((choice) => Number(choice.id)).filter((id) => Number.isFinite(id));
}

export interface SearchBody {
  page: number;
  sort: { field: SortField; direction: SortDirection; value?: number };
  filter: { influencer?: Record<string, unknown>; audience?: Record<string, unknown> };
}

/** The provider's search body (CONTRACT.md §2.1) for a search; the API passes it on. */
export function searchBody(state: SearchState): SearchBody {
  const influencer: Record<string, unknown> = {};
  const audience: Record<string, unknown> = {};
  const instagram = isInstagramOnly(state.platform);
  if (state.followersMin !== undefined || state.followersMax !== undefined) {
    influencer.followers = {
      ...(state.followersMin !== undefined ? { min: state.followersMin } : {}),
      ...(state.followersMax !== undefined ? { max: state.followersMax } : {}),
    };
  }
  if (state.engagementRate !== undefined) influencer.engagementRate = fraction(state.engagementRate);
  if (state.gender) influencer.gender = state.gender;
  if (state.ageMin !== undefined || state.ageMax !== undefined) {
    influencer.age = {
      ...(state.ageMin !== undefined ? { min: state.ageMin } : {}),
      ...(state.ageMax !== undefined ? { max: state.ageMax } : {}),
    };
  }
  if (state.locations.length) influencer.location = numericIds(state.locations);
  if (state.language) influencer.language = state.language.id;
  if (state.keywords.trim()) influencer.keywords = state.keywords.trim();
  if (state.bio.trim()) influencer.bio = state.bio.trim();
  if (hasTextTags(state.platform) && state.tags.length) {
    influencer.textTags = state.tags.map((tag) => ({
      type: tag.startsWith('#') ? 'hashtag' : 'mention',
      value: tag.slice(1),
    }));
  }
  if (state.verified) influencer.isVerified = true;
  if (state.lastPosted !== undefined) influencer.lastposted = state.lastPosted;
  if (state.contacts.length) {
    influencer.hasContactDetails = state.contacts.map((contact) => ({
      contactType: contact.type,
      filterAction: contact.action,
    }));
  }
  if (state.growth) {
    influencer[`${state.growth.metric}GrowthRate`] = {
      interval: state.growth.interval,
      operator: state.growth.operator,
      value: fraction(state.growth.value),
    };
  }
  if (instagram) {
    if (state.interests.length) influencer.interests = numericIds(state.interests);
    if (state.brands.length) influencer.brands = numericIds(state.brands);
    if (state.accountTypes.length) influencer.accountTypes = [...state.accountTypes];
  }
  if (state.audienceLocations.length) {
    audience.location = state.audienceLocations.map((entry) => ({
      id: Number(entry.id),
      weight: fraction(entry.weight),
    }));
  }
  if (state.audienceLanguage) {
    audience.language = { id: state.audienceLanguage.id, weight: fraction(state.audienceLanguage.weight) };
  }
  if (state.audienceGender) {
    audience.gender = { id: state.audienceGender.id, weight: fraction(state.audienceGender.weight) };
  }
  if (state.audienceAges.length) {
    audience.age = state.audienceAges.map((age) => ({ id: age.id, weight: fraction(age.weight) }));
  }
  if (instagram) {
    if (state.audienceInterests.length) {
      audience.interests = state.audienceInterests.map((entry) => ({
        id: Number(entry.id),
        weight: fraction(entry.weight),
      }));
    }
    if (state.credibility !== undefined) audience.credibility = fraction(state.credibility);
  }
  const field = sortIsUsable(state, state.sort) ? state.sort : 'followers';
  const sortValue =
    field === 'audienceGeo'
      ? Number(state.audienceLocations[0]?.id)
      : field === 'audienceInterest'
        ? Number(state.audienceInterests[0]?.id)
        : undefined;
  return {
    page: state.page - 1,
    sort: {
      field,
      direction: state.dir,
      ...(sortValue !== undefined && Number.isFinite(sortValue) ? { value: sortValue } : {}),
    },
    filter: {
      ...(Object.keys(influencer).length ? { influencer } : {}),
      ...(Object.keys(audience).length ? { audience } : {}),
    },
  };
}
