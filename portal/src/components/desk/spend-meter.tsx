import type { DeskCampaign } from '@kollab/contract/api/desk';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useT } from '../../hooks/use-t';
import { useFormat } from '../campaigns/use-format';

/** Spent of budget as text and a bar; the reserved payouts in a second line when there are any. */
export function SpendMeter({ campaign, showReserved = false }: { campaign: DeskCampaign; showReserved?: boolean }) {
  const t = useT();
  const format = useFormat();
  const share = campaign.budgetOre > 0 ? Math.min(1, campaign.spentOre / campaign.budgetOre) : 0;
  const text = t('desk.figures.spend', {
    spent: format.money(campaign.spentOre),
    budget: format.money(campaign.budgetOre),
  });
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.round(share * 100)}
        aria-label={t('desk.figures.spendLabel')}
        aria-valuetext={text}
        sx={{ mt: 0.5, height: 6, borderRadius: 3, maxWidth: 200 }}
      />
      {showReserved && campaign.reservedOre > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('desk.figures.reserved', { reserved: format.money(campaign.reservedOre) })}
        </Typography>
      ) : null}
    </Box>
  );
}
