import { useId, type ChangeEventHandler, type FocusEventHandler, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

type LightTextFieldProps = {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  ref?: Ref<HTMLInputElement>;
};

/**
 * An outlined text field without MUI's TextField, which imports Select → Menu → Popover → Modal.
 * Used on the sign-in page, whose first load has a size budget; elsewhere use TextField.
 */
export const LightTextField = ({ label, helperText, error, ref, ...input }: LightTextFieldProps) => {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl variant="outlined" fullWidth error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} inputRef={ref} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
};
