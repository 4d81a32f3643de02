import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNotification } from '@refinedev/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { errorText, fieldCodes, validationText } from '../../lib/error-text';
import type { ClaimDetails } from '../campaigns/types';
import { parseVideoLink } from './video-link';
import { VideoPreview } from './video-preview';

/** How long typing must pause before the link is checked, so half a link is not called wrong. */
const CHECK_AFTER_MS = 500;

/**
 * The video link: checked and previewed as it is typed (the API's rules), then the Swedish
 * ad-label reminder with a required confirmation, then `POST /api/claims/{id}/submit`.
 */
export function SubmitVideoForm({ claim, onSubmitted }: { claim: ClaimDetails; onSubmitted: () => void }) {
  const t = useT();
  const { open: notify } = useNotification();
  const adHelpId = useId();
  const [url, setUrl] = useState('');
  const [checked, setChecked] = useState('');
  const [isAdLabelConfirmed, setIsAdLabelConfirmed] = useState(false);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [adError, setAdError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setChecked(url), CHECK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [url]);
  const result = checked.trim() ? parseVideoLink(checked) : null;
  const liveError = result && !result.ok ? validationText(t, result.error) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = parseVideoLink(url);
    setChecked(url);
    setUrlError(parsed.ok ? null : validationText(t, url.trim() ? parsed.error : 'required'));
    setAdError(isAdLabelConfirmed ? null : t('claims.submit.adLabelRequired'));
    if (!parsed.ok || !isAdLabelConfirmed) return;
    setIsBusy(true);
    try {
      await apiFetch(`/api/claims/${encodeURIComponent(claim.id)}/submit`, {
        method: 'POST',
        json: { url: url.trim(), adLabelConfirmed: true },
      });
      notify?.({ type: 'success', message: t('claims.submit.sent') });
      setUrl('');
      setChecked('');
      setIsAdLabelConfirmed(false);
      onSubmitted();
    } catch (caught) {
      const [urlCode] = fieldCodes(caught, 'url');
      const [adCode] = fieldCodes(caught, 'adLabelConfirmed');
      if (urlCode) setUrlError(validationText(t, urlCode));
      if (adCode) setAdError(t('claims.submit.adLabelRequired'));
      if (!urlCode && !adCode) setFormError(errorText(t, caught));
    } finally {
      setIsBusy(false);
    }
  };

  const shownError = urlError ?? liveError;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <TextField
        type="url"
        label={t('claims.submit.url')}
        placeholder="https://www.instagram.com/reel/…"
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setUrlError(null);
        }}
        onBlur={() => setChecked(url)}
        required
        fullWidth
        error={!!shownError}
        helperText={shownError ?? t('claims.submit.urlHelp')}
        slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'off', spellCheck: false } }}
      />
      {result?.ok ? <VideoPreview link={result.value} /> : null}
      <Alert severity="info">
        <AlertTitle>{t('claims.submit.adLabelTitle')}</AlertTitle>
        {t('claims.submit.adLabelBody')}
      </Alert>
      <FormControl required error={!!adError}>
        <FormControlLabel
          control={
            <Checkbox
              checked={isAdLabelConfirmed}
              onChange={(event) => {
                setIsAdLabelConfirmed(event.target.checked);
                setAdError(null);
              }}
              inputProps={{ 'aria-describedby': adError ? adHelpId : undefined }}
            />
          }
          label={t('claims.submit.adLabelConfirm')}
        />
        {adError ? <FormHelperText id={adHelpId}>{adError}</FormHelperText> : null}
      </FormControl>
      <div>
        <Button type="submit" variant="contained" loading={isBusy}>
          {t('claims.submit.submit')}
        </Button>
      </div>
    </Stack>
  );
}
