import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Translate } from '../../hooks/use-t';
import { useT } from '../../hooks/use-t';
import { type EarningsEntry, useMoneyFormat } from './money';
import { StatusChip } from './status-chip';

function describe(t: Translate, entry: EarningsEntry): string {
  return entry.kind === 'earning' ? entry.description : t('money.entries.withdrawalTo', { method: entry.description });
}

/** Every earning and withdrawal: a table on wider screens, a list of rows on phones. */
export function EarningsEntries({ entries, labelId }: { entries: EarningsEntry[]; labelId: string }) {
  const t = useT();
  const format = useMoneyFormat();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const amount = (entry: EarningsEntry) => (
    <Typography
      component="span"
      sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, whiteSpace: 'nowrap' }}
      color={entry.amountOre < 0 ? 'text.primary' : 'success.dark'}
    >
      {entry.amountOre > 0 ? '+' : ''}
      {format.sek(entry.amountOre)}
    </Typography>
  );

  if (isPhone) {
    return (
      <Card>
        <List aria-labelledby={labelId} disablePadding>
          {entries.map((entry) => (
            <ListItem key={`${entry.kind}-${entry.id}`} divider sx={{ display: 'block', py: 1.5 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{describe(t, entry)}</Typography>
                {amount(entry)}
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 0.5 }}>
                <Typography variant="body2" color="text.secondary">
                  {format.date(entry.createdAt)}
                </Typography>
                <StatusChip status={entry.status} />
              </Box>
            </ListItem>
          ))}
        </List>
      </Card>
    );
  }
  return (
    <Card>
      <Table aria-labelledby={labelId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('money.entries.description')}</TableCell>
            <TableCell>{t('money.entries.date')}</TableCell>
            <TableCell>{t('money.entries.status')}</TableCell>
            <TableCell align="right">{t('money.entries.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={`${entry.kind}-${entry.id}`}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{describe(t, entry)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(entry.createdAt)}</TableCell>
              <TableCell>
                <StatusChip status={entry.status} />
              </TableCell>
              <TableCell align="right">{amount(entry)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
