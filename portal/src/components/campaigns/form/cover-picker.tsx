import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../hooks/use-t';
import { validationText } from '../../../lib/error-text';
import { CampaignCover } from '../campaign-cover';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * Picks a cover image (JPEG, PNG or WebP, at most 5 MB, checked here and by the API) and shows
 * it; the form uploads it when the campaign is saved.
 */
export function CoverPicker({
  currentUrl,
  file,
  onChange,
  error: uploadError,
}: {
  currentUrl: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
}) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (picked: File | undefined) => {
    setError(null);
    if (!picked) return;
    if (!ACCEPTED_TYPES.includes(picked.type)) setError(validationText(t, 'unsupported_type'));
    else if (picked.size > MAX_BYTES) setError(validationText(t, 'too_large'));
    else onChange(picked);
    if (inputRef.current) inputRef.current.value = '';
  };
  const shownError = error ?? uploadError;
  return (
    <Box>
      <FormLabel component="p" sx={{ mb: 1 }}>
        {t('brandCampaigns.form.cover')}
      </FormLabel>
      <Box sx={{ maxWidth: 360, borderRadius: 1, overflow: 'hidden', mb: 1.5, border: 1, borderColor: 'divider' }}>
        <CampaignCover coverUrl={preview ?? currentUrl} />
      </Box>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPTED_TYPES.join(',')}
        hidden
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => inputRef.current?.click()} aria-describedby={hintId}>
          {t(currentUrl || file ? 'brandCampaigns.form.coverReplace' : 'brandCampaigns.form.coverChoose')}
        </Button>
        {file ? <Button onClick={() => onChange(null)}>{t('brandCampaigns.form.coverUndo')}</Button> : null}
      </Stack>
      <FormHelperText id={hintId} error={!!shownError}>
        {shownError ?? (file ? t('brandCampaigns.form.coverSelected', { name: file.name }) : t('account.avatar.hint'))}
      </FormHelperText>
    </Box>
  );
}
