import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useT } from '../../hooks/use-t';

/**
 * Shown instead of a table's rows when a page was asked for by number past the first `rows` rows
 * (opened by its address: the grids themselves page by cursor there, ADR 036), with the way back.
 */
export function FarPageNotice({ rows, pageSize, onFirst }: { rows: number; pageSize: number; onFirst: () => void }) {
  const t = useT();
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={onFirst}>
          {t('admin.table.toFirst')}
        </Button>
      }
    >
      {t('admin.table.outOfReach', { pages: Math.ceil(rows / pageSize) })}
    </Alert>
  );
}
