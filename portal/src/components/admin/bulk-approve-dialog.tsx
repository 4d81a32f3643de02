import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { errorText, fieldCodes, validationText } from '../../lib/error-text';
import { ToneChip } from '../campaigns/tone-chip';
import { usePhone } from '../campaigns/use-phone';
import type { AdminClaim, BulkApproveResult } from './types';

/**
 * Approves the selected pending claims in one request (`POST /api/admin/claims/approve`) and shows
 * what happened to each: approved, not found, or no longer pending / no slot left.
 */
export function BulkApproveDialog({
  claims,
  open,
  onClose,
}: {
  claims: AdminClaim[];
  open: boolean;
  /** `changed`: at least one claim was approved, so the list should reload. */
  onClose: (changed: boolean) => void;
}) {
  const t = useT();
  const isPhone = usePhone();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [results, setResults] = useState<BulkApproveResult[] | null>(null);

  const close = () => {
    if (isBusy) return;
    const changed = results?.some((result) => result.status === 200) ?? false;
    setReason('');
    setReasonError(null);
    setError(null);
    setResults(null);
    onClose(changed);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    setReasonError(null);
    try {
      const body = { ids: claims.map((claim) => claim.id), ...(reason.trim() ? { reason: reason.trim() } : {}) };
      const { data } = await apiFetch<{ data: BulkApproveResult[] }>('/api/admin/claims/approve', {
        method: 'POST',
        json: body,
      });
      setResults(data);
    } catch (caught) {
      const [code] = fieldCodes(caught, 'reason');
      if (code) setReasonError(validationText(t, code));
      else setError(errorText(t, caught));
    } finally {
      setIsBusy(false);
    }
  };
  const byId = new Map(claims.map((claim) => [claim.id, claim]));
  const approved = results?.filter((result) => result.status === 200).length ?? 0;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullScreen={isPhone} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('admin.claims.bulk.title')}</DialogTitle>
        <DialogContent>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          {results ? (
            <>
              <Alert severity={approved === results.length ? 'success' : 'warning'} sx={{ mb: 1 }}>
                {t('admin.claims.bulk.summary', { approved, count: results.length })}
              </Alert>
              <List aria-label={t('admin.claims.bulk.results')} dense>
                {results.map((result) => {
                  const claim = byId.get(result.id);
                  return (
                    <ListItem key={result.id} disableGutters secondaryAction={<ResultChip status={result.status} />}>
                      <ListItemText
                        primary={claim ? `${claim.creator.name} · ${claim.campaign.title}` : result.id}
                        secondary={claim?.creator.email}
                      />
                    </ListItem>
                  );
                })}
              </List>
            </>
          ) : (
            <>
              <DialogContentText>{t('admin.claims.bulk.body', { count: claims.length })}</DialogContentText>
              <TextField
                label={t('admin.claims.bulk.reason')}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                error={!!reasonError}
                helperText={reasonError ?? t('admin.claims.bulk.reasonHelp')}
                multiline
                minRows={2}
                fullWidth
                sx={{ mt: 2 }}
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          {results ? (
            <Button onClick={close} variant="contained">
              {t('buttons.close')}
            </Button>
          ) : (
            <>
              <Button onClick={close}>{t('buttons.cancel')}</Button>
              <Button type="submit" variant="contained" loading={isBusy}>
                {t('admin.claims.bulk.submit', { count: claims.length })}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ResultChip({ status }: { status: number }) {
  const t = useT();
  if (status === 200) return <ToneChip tone="success" label={t('admin.claims.bulk.approved')} />;
  if (status === 404) return <ToneChip tone="neutral" label={t('admin.claims.bulk.notFound')} />;
  return <ToneChip tone="warning" label={t('admin.claims.bulk.conflict')} />;
}
