import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useT } from '../../hooks/use-t';
import { Section } from './section';
import type { Campaign, CampaignSpend } from './types';
import { useFormat } from './use-format';

/** Budget, committed spend (accepted payouts), what is left, and slots taken. */
export function SpendSummary({ campaign, spend }: { campaign: Campaign; spend: CampaignSpend | undefined }) {
  const t = useT();
  const format = useFormat();
  const budget = spend?.budgetOre ?? campaign.budgetOre;
  const committed = spend?.committedOre ?? 0;
  const stats = [
    { label: t('brandCampaigns.spend.budget'), value: format.money(budget) },
    { label: t('brandCampaigns.spend.committed'), value: format.money(committed) },
    { label: t('brandCampaigns.spend.remaining'), value: format.money(spend?.remainingOre ?? budget) },
    { label: t('brandCampaigns.spend.accepted'), value: format.number(spend?.acceptedClaims ?? 0) },
    {
      label: t('brandCampaigns.spend.slots'),
      value: t('brandCampaigns.spend.slotsValue', { taken: campaign.slotsTaken, slots: campaign.slots }),
    },
  ];
  const share = budget > 0 ? Math.min(100, Math.round((committed / budget) * 100)) : 0;
  return (
    <Section title={t('brandCampaigns.spend.title')}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, 1fr)' } }}
      >
        {stats.map((stat) => (
          <Box key={stat.label} sx={{ display: 'flex', flexDirection: 'column-reverse' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {stat.label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0, fontSize: '1.1rem' }}>
              {stat.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <LinearProgress
        variant="determinate"
        value={share}
        aria-label={t('brandCampaigns.spend.progress', { share })}
        sx={{ mt: 2, height: 8, borderRadius: 4 }}
      />
    </Section>
  );
}
