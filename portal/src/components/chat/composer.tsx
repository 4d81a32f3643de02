import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { isApiError } from '../../lib/api-fetch';
import { errorText, fieldCodes } from '../../lib/error-text';
import { formatCount } from '../../lib/format-count';
import { MAX_MESSAGE_LENGTH } from './types';

/**
 * The message box: Enter sends, Shift+Enter adds a line, at most 2,000 characters (with a counter),
 * read-only while a message is on its way; text that is only whitespace cannot be sent.
 */
export function Composer({ onSend }: { onSend: (body: string) => Promise<void> }) {
  const t = useT();
  const locale = useLocale();
  const [text, setText] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const counterId = useId();
  const errorId = useId();

  const isEmpty = text.trim().length === 0;
  const isTooLong = text.length > MAX_MESSAGE_LENGTH;
  const canSend = !isEmpty && !isTooLong && !isSending;

  const send = async () => {
    if (!canSend) return;
    setIsSending(true);
    setError(null);
    try {
      await onSend(text);
      setText('');
    } catch (caught) {
      const [code] = fieldCodes(caught, 'body');
      if (code === 'too_long') setError(t('chat.composer.tooLong', { max: formatCount(MAX_MESSAGE_LENGTH, locale) }));
      else if (code === 'required') setError(t('chat.composer.empty'));
      else if (isApiError(caught) && caught.code === 'rate_limited') setError(t('chat.composer.rateLimited'));
      else setError(errorText(t, caught));
    } finally {
      setIsSending(false);
      inputRef.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      sx={{ borderTop: 1, borderColor: 'divider', p: { xs: 1, sm: 1.5 }, bgcolor: 'background.paper' }}
    >
      {error ? (
        <Alert severity="error" id={errorId} sx={{ mb: 1 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}>
        <TextField
          inputRef={inputRef}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          multiline
          minRows={1}
          maxRows={6}
          fullWidth
          size="small"
          placeholder={t('chat.composer.placeholder')}
          error={isTooLong}
          slotProps={{
            htmlInput: {
              'aria-label': t('chat.composer.label'),
              'aria-describedby': [hintId, counterId, error ? errorId : ''].filter(Boolean).join(' '),
              'aria-invalid': isTooLong || undefined,
              readOnly: isSending,
              'aria-busy': isSending || undefined,
            },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!canSend}
          loading={isSending}
          endIcon={<Send />}
          sx={{ flexShrink: 0, minHeight: 40 }}
        >
          {t('chat.composer.send')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 0.5, px: 0.5 }}>
        <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
          {t('chat.composer.hint')}
        </Typography>
        <Typography
          id={counterId}
          variant="caption"
          color={isTooLong ? 'error' : 'text.secondary'}
          sx={{ ml: 'auto', fontVariantNumeric: 'tabular-nums' }}
        >
          {t(isTooLong ? 'chat.composer.counterOver' : 'chat.composer.counter', {
            count: formatCount(text.length, locale),
            max: formatCount(MAX_MESSAGE_LENGTH, locale),
          })}
        </Typography>
      </Box>
    </Box>
  );
}
