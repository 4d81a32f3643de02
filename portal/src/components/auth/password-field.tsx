import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useT } from '../../hooks/use-t';
import { TextInput, type TextInputProps } from '../form/text-input';

/** A password field with a show/hide button that keyboard and screen-reader users can reach. */
export function PasswordField(props: Omit<TextInputProps, 'type' | 'endAdornment'>) {
  const t = useT();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            onClick={() => setIsVisible((value) => !value)}
            aria-label={isVisible ? t('auth.password.hide') : t('auth.password.show')}
            aria-pressed={isVisible}
            edge="end"
          >
            {isVisible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
