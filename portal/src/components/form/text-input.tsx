import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEvent, FocusEvent, ReactNode, Ref } from 'react';
import { useId } from 'react';

export interface TextInputProps {
  label: string;
  name?: string;
  value?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  endAdornment?: ReactNode;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/**
 * An outlined text field as MUI's `TextField` draws it (label, notch, helper text tied to the input
 * by `aria-describedby`), built from its parts: `TextField` always imports its select mode (Select,
 * Menu, Popover, Modal), about 20 KB gzip that the sign-in page would load first.
 */
export function TextInput({
  label,
  helperText,
  error,
  required,
  disabled,
  fullWidth,
  inputRef,
  endAdornment,
  ...input
}: TextInputProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} required={required} disabled={disabled} fullWidth={fullWidth}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        inputRef={inputRef}
        endAdornment={endAdornment}
        aria-describedby={helperId}
        {...input}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
