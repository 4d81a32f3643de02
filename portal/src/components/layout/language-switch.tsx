import TextField from '@mui/material/TextField';
import { useT } from '../../hooks/use-t';
import { useI18n } from '../../providers/i18n-context';
import { isLocale } from '../../providers/i18n-provider';
import { useSession } from '../../providers/session';

/**
 * Switches the UI language (the `locale` cookie) and, when signed in, saves it on the session.
 * A native select: light, and the phone's own picker.
 */
export function LanguageSwitch({ onDark = false }: { onDark?: boolean }) {
  const t = useT();
  const { locale, changeLocale } = useI18n();
  const session = useSession();
  const change = (value: string) => {
    if (!isLocale(value)) return;
    changeLocale(value);
    if (session.data) void session.update({ locale: value });
  };
  return (
    <TextField
      select
      size="small"
      label={t('lang.label')}
      value={locale}
      onChange={(event) => change(event.target.value)}
      slotProps={{ select: { native: true } }}
      sx={{
        minWidth: 120,
        ...(onDark && {
          '& .MuiInputBase-root': { color: 'inherit' },
          '& .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'inherit' },
          '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.6)' },
        }),
      }}
    >
      <option value="sv" lang="sv">
        {t('lang.sv')}
      </option>
      <option value="en" lang="en">
        {t('lang.en')}
      </option>
    </TextField>
  );
}
