import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../hooks/use-t';
import { DefinitionList } from './definition-list';
import { ExternalLink } from './external-link';
import { OrganizerProfile } from './organizer-profile';
import { Section } from './section';
import type { Campaign } from './types';
import { useCategories } from './use-categories';
import { useFormat } from './use-format';

function Chips({ items }: { items: string[] }) {
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {items.map((item) => (
        <Chip key={item} label={item} size="small" variant="outlined" />
      ))}
    </Box>
  );
}

/** The terms: payout, period, slots, platforms, creator types, usage rights, revision rounds. */
export function CampaignFacts({ campaign }: { campaign: Campaign }) {
  const t = useT();
  const format = useFormat();
  const rows = [
    { label: t('campaigns.facts.payout'), value: format.money(campaign.payoutOre) },
    { label: t('campaigns.facts.period'), value: format.dateRange(campaign.startsAt, campaign.endsAt) },
    {
      label: t('campaigns.facts.slots'),
      value: t('campaigns.card.slotsLeft', {
        left: Math.max(0, campaign.slots - campaign.slotsTaken),
        total: campaign.slots,
      }),
    },
    {
      label: t('campaigns.facts.platforms'),
      value: format.list(campaign.platforms.map((platform) => t(`campaigns.platforms.${platform}`))),
    },
    {
      label: t('campaigns.facts.creatorTiers'),
      value: format.list(campaign.creatorTiers.map((tier) => t(`campaigns.tiers.${tier}`))),
    },
    {
      label: t('campaigns.facts.usageRights'),
      value:
        campaign.usageRights === 'paid_ads'
          ? t('campaigns.usage.paidAdsMonths', { months: campaign.usageMonths ?? 0 })
          : t('campaigns.usage.organic'),
    },
    { label: t('campaigns.facts.revisions'), value: String(campaign.maxRevisions) },
    ...(campaign.requireVerifiedCreators
      ? [{ label: t('identity.admin.column'), value: t('identity.campaign.requiresVerified') }]
      : []),
  ];
  return (
    <Section title={t('campaigns.facts.title')}>
      <DefinitionList rows={rows} />
    </Section>
  );
}

/** Overview: description, objectives, categories, hashtags, preferred creator type and links. */
export function CampaignAbout({ campaign }: { campaign: Campaign }) {
  const t = useT();
  const categories = useCategories();
  const rows = [
    {
      label: t('campaigns.about.objectives'),
      value: <Chips items={campaign.objectives.map((objective) => t(`campaigns.objectives.${objective}`))} />,
    },
    { label: t('campaigns.about.categories'), value: <Chips items={campaign.categories.map(categories.label)} /> },
  ];
  if (campaign.hashtags.length > 0) {
    rows.push({
      label: t('campaigns.about.hashtags'),
      value: <Chips items={campaign.hashtags.map((tag) => `#${tag}`)} />,
    });
  }
  if (campaign.preferredCreatorType) {
    rows.push({ label: t('campaigns.about.preferredCreatorType'), value: <>{campaign.preferredCreatorType}</> });
  }
  if (campaign.brandLink) {
    rows.push({
      label: t('campaigns.about.brandLink'),
      value: <ExternalLink href={campaign.brandLink}>{campaign.brandLink}</ExternalLink>,
    });
  }
  if (campaign.productLink) {
    rows.push({
      label: t('campaigns.about.productLink'),
      value: <ExternalLink href={campaign.productLink}>{campaign.productLink}</ExternalLink>,
    });
  }
  return (
    <Section title={t('campaigns.about.title')}>
      <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }}>{campaign.description}</Typography>
      <DefinitionList rows={rows} />
    </Section>
  );
}

export function CampaignGuidelines({ guidelines }: { guidelines: string[] }) {
  const t = useT();
  return (
    <Section title={t('campaigns.guidelines.title')}>
      {guidelines.length === 0 ? (
        <Typography color="text.secondary">{t('campaigns.guidelines.none')}</Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
          {guidelines.map((guideline, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: guidelines are plain strings and may repeat.
            <li key={index}>
              <Typography>{guideline}</Typography>
            </li>
          ))}
        </Box>
      )}
    </Section>
  );
}

/** Everything a creator reads about a campaign; also the brand's preview before publishing. */
export function CampaignOverview({ campaign }: { campaign: Campaign }) {
  return (
    <Stack spacing={3}>
      <CampaignFacts campaign={campaign} />
      <CampaignAbout campaign={campaign} />
      <CampaignGuidelines guidelines={campaign.guidelines} />
      <OrganizerProfile brand={campaign.brand} />
    </Stack>
  );
}
