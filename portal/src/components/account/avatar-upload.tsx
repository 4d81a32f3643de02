import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import type { User } from '../../lib/api-types';
import { errorText, fieldCodes, validationText } from '../../lib/error-text';
import { initials } from '../layout/user-menu';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;

/** Picks, previews and uploads a profile picture; type and size are checked here and by the API. */
export function AvatarUpload({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const t = useT();
  const { open: notify } = useNotification();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (picked: File | undefined) => {
    setError(null);
    setFile(null);
    setPreview(null);
    if (!picked) return;
    if (!ACCEPTED_TYPES.includes(picked.type)) setError(validationText(t, 'unsupported_type'));
    else if (picked.size > MAX_BYTES) setError(validationText(t, 'too_large'));
    else setFile(picked);
  };
  const upload = async () => {
    if (!file) return;
    setIsUploading(true);
    const body = new FormData();
    body.append('file', file);
    try {
      const { data } = await apiFetch<{ data: User }>('/api/user/avatar', { method: 'POST', body });
      setFile(null);
      setPreview(null);
      if (inputRef.current) inputRef.current.value = '';
      notify?.({ type: 'success', message: t('account.avatar.saved') });
      onSaved(data);
    } catch (caught) {
      const [code] = fieldCodes(caught, 'file');
      setError(code ? validationText(t, code) : errorText(t, caught));
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
      <Avatar
        src={preview ?? user.image ?? undefined}
        alt={preview ? t('account.avatar.previewAlt') : t('account.avatar.currentAlt')}
        sx={{ width: 96, height: 96, fontSize: 32, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
      >
        {initials(user.fullName)}
      </Avatar>
      <Box>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPTED_TYPES.join(',')}
          hidden
          aria-describedby={hintId}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" onClick={() => inputRef.current?.click()} aria-describedby={hintId}>
            {t('account.avatar.choose')}
          </Button>
          {file ? (
            <Button variant="contained" onClick={upload} loading={isUploading}>
              {t('account.avatar.upload')}
            </Button>
          ) : null}
        </Stack>
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {file ? t('account.avatar.selected', { name: file.name }) : t('account.avatar.hint')}
        </Typography>
        {error ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        ) : null}
      </Box>
    </Stack>
  );
}
