import type { Locale } from '../../../providers/i18n-provider';
import { oreToInput, parseSek } from '../money';
import type {
  AgeGroup,
  Campaign,
  CampaignInput,
  CreatorTier,
  Gender,
  Objective,
  Platform,
  UsageRights,
} from '../types';

/** What the form edits: amounts as typed kronor, dates as `YYYY-MM-DD`, hashtags as one line. */
export interface CampaignFormValues {
  title: string;
  description: string;
  objectives: Objective[];
  categories: string[];
  platforms: Platform[];
  creatorTiers: CreatorTier[];
  audienceCountries: string[];
  audienceAgeGroups: AgeGroup[];
  audienceGender: Gender;
  budget: string;
  payout: string;
  slots: string;
  startDate: string;
  endDate: string;
  hashtags: string;
  preferredCreatorType: string;
  brandLink: string;
  productLink: string;
  guidelines: { text: string }[];
  usageRights: UsageRights;
  usageMonths: string;
  maxRevisions: string;
  requireVerifiedCreators: boolean;
}

export type FormField = Exclude<keyof CampaignFormValues, 'guidelines'>;

/** The API's field names (`budgetOre`) and the form's (`budget`). */
export const API_FIELDS: Record<string, FormField> = {
  title: 'title',
  description: 'description',
  objectives: 'objectives',
  categories: 'categories',
  platforms: 'platforms',
  creatorTiers: 'creatorTiers',
  audienceCountries: 'audienceCountries',
  audienceAgeGroups: 'audienceAgeGroups',
  audienceGender: 'audienceGender',
  budgetOre: 'budget',
  payoutOre: 'payout',
  slots: 'slots',
  startsAt: 'startDate',
  endsAt: 'endDate',
  hashtags: 'hashtags',
  preferredCreatorType: 'preferredCreatorType',
  brandLink: 'brandLink',
  productLink: 'productLink',
  usageRights: 'usageRights',
  usageMonths: 'usageMonths',
  maxRevisions: 'maxRevisions',
  requireVerifiedCreators: 'requireVerifiedCreators',
};

const HASHTAG = /^[\p{L}\p{N}_]{1,50}$/u;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An instant as the user's local calendar date, `YYYY-MM-DD`. */
export function toDateInput(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A `YYYY-MM-DD` date at the start (00:00) or end (23:59) of that day, local time, as ISO. */
export function fromDateInput(value: string, edge: 'start' | 'end'): string {
  const [year = 0, month = 1, day = 1] = value.split('-').map(Number);
  const date = edge === 'start' ? new Date(year, month - 1, day) : new Date(year, month - 1, day, 23, 59);
  return date.toISOString();
}

export function splitHashtags(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((tag) => tag.replace(/^#+/, ''))
    .filter(Boolean);
}

/** The first hashtag the API would refuse, or null. */
export function invalidHashtag(text: string): string | null {
  return splitHashtags(text).find((tag) => !HASHTAG.test(tag)) ?? null;
}

/** A link as typed, with `https://` added when the scheme is missing. */
export function normaliseLink(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export function isHttpLink(text: string): boolean {
  try {
    const url = new URL(normaliseLink(text));
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export function toFormValues(campaign: Campaign | undefined, locale: Locale): CampaignFormValues {
  const today = toDateInput(new Date().toISOString());
  return {
    title: campaign?.title ?? '',
    description: campaign?.description ?? '',
    objectives: campaign?.objectives ?? [],
    categories: campaign?.categories ?? [],
    platforms: campaign?.platforms ?? ['instagram', 'tiktok'],
    creatorTiers: campaign?.creatorTiers ?? ['nano', 'micro'],
    audienceCountries: campaign?.audienceCountries ?? ['SE'],
    audienceAgeGroups: campaign?.audienceAgeGroups ?? [],
    audienceGender: campaign?.audienceGender ?? 'any',
    budget: campaign ? oreToInput(campaign.budgetOre, locale) : '',
    payout: campaign ? oreToInput(campaign.payoutOre, locale) : '',
    slots: campaign ? String(campaign.slots) : '',
    startDate: campaign ? toDateInput(campaign.startsAt) : today,
    endDate: campaign ? toDateInput(campaign.endsAt) : '',
    hashtags: (campaign?.hashtags ?? []).map((tag) => `#${tag}`).join(' '),
    preferredCreatorType: campaign?.preferredCreatorType ?? '',
    brandLink: campaign?.brandLink ?? '',
    productLink: campaign?.productLink ?? '',
    guidelines: (campaign?.guidelines ?? []).map((text) => ({ text })),
    usageRights: campaign?.usageRights ?? 'organic',
    usageMonths: campaign?.usageMonths ? String(campaign.usageMonths) : '',
    maxRevisions: String(campaign?.maxRevisions ?? 2),
    requireVerifiedCreators: campaign?.requireVerifiedCreators ?? false,
  };
}

/** The API body for checked form values (see the field rules in campaign-form). */
export function toCampaignInput(values: CampaignFormValues): CampaignInput {
  const isPaidAds = values.usageRights === 'paid_ads';
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    objectives: values.objectives,
    categories: values.categories,
    platforms: values.platforms,
    creatorTiers: values.creatorTiers,
    audienceCountries: values.audienceCountries,
    audienceAgeGroups: values.audienceAgeGroups,
    audienceGender: values.audienceGender,
    budgetOre: parseSek(values.budget) ?? 0,
    payoutOre: parseSek(values.payout) ?? 0,
    slots: Number(values.slots),
    startsAt: fromDateInput(values.startDate, 'start'),
    endsAt: fromDateInput(values.endDate, 'end'),
    hashtags: splitHashtags(values.hashtags),
    preferredCreatorType: values.preferredCreatorType.trim() || null,
    brandLink: normaliseLink(values.brandLink) || null,
    productLink: normaliseLink(values.productLink) || null,
    guidelines: values.guidelines.map((item) => item.text.trim()).filter(Boolean),
    usageRights: values.usageRights,
    usageMonths: isPaidAds ? Number(values.usageMonths) : null,
    maxRevisions: Number(values.maxRevisions),
    requireVerifiedCreators: values.requireVerifiedCreators,
  };
}
