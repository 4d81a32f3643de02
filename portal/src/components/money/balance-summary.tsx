import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useT } from '../../hooks/use-t';
import type { MessageKey } from '../../providers/i18n-provider';
import { type Earnings, useMoneyFormat } from './money';

const FIGURES: { key: 'availableOre' | 'pendingOre' | 'paidOutOre'; label: MessageKey; help: MessageKey }[] = [
  { key: 'availableOre', label: 'money.balance.available', help: 'money.balance.availableHelp' },
  { key: 'pendingOre', label: 'money.balance.pending', help: 'money.balance.pendingHelp' },
  { key: 'paidOutOre', label: 'money.balance.paidOut', help: 'money.balance.paidOutHelp' },
];

/** Available, pending and paid out, as a description list of three cards. */
export function BalanceSummary({ earnings }: { earnings: Earnings }) {
  const t = useT();
  const format = useMoneyFormat();
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
        gap: 2,
        m: 0,
        mb: 3,
      }}
    >
      {FIGURES.map((figure) => (
        <Card key={figure.key} sx={{ p: 2.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {t(figure.label)}
          </Typography>
          <Typography
            component="dd"
            variant="h5"
            sx={{ m: 0, mt: 0.5, fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
            color={figure.key === 'availableOre' ? 'primary' : 'text.primary'}
          >
            {format.sek(earnings[figure.key])}
          </Typography>
          <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, mt: 0.5 }}>
            {t(figure.help)}
          </Typography>
        </Card>
      ))}
    </Box>
  );
}
