import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
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
  const id = useId();
  const label = t('lang.label');
  // A native select built from TextField's parts: TextField itself always loads MUI's Select menu.
  return (
    <FormControl
      size="small"
      sx={{
        minWidth: 120,
        ...(onDark && {
          '& .MuiInputBase-root': { color: 'inherit' },
          '& .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'inherit' },
          '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.6)' },
        }),
      }}
    >
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        value={locale}
        onChange={(event) => change(event.target.value)}
        input={<OutlinedInput label={label} notched />}
      >
        <option value="sv" lang="sv">
          {t('lang.sv')}
        </option>
        <option value="en" lang="en">
          {t('lang.en')}
        </option>
      </NativeSelect>
    </FormControl>
  );
}
