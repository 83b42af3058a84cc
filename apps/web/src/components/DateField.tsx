import 'dayjs/locale/fr';
import { useMemo, type ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import type { SxProps, Theme } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, frFR } from '@mui/x-date-pickers/locales';
import { useTranslation } from 'react-i18next';

/** How dates travel (the contract's `isoDate`). */
const ISO = 'YYYY-MM-DD';
/** What an incomplete or impossible typed date sends: not a date, so the contract's check names it. */
export const INVALID_DATE = 'invalid-date';

const LOCALES = {
  fr: frFR.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
};

/** A `YYYY-MM-DD` value ('' for none) as the picker's date. */
export const toPickerDate = (value: string): Dayjs | null => (value === '' ? null : dayjs(value));
/** The picker's date as the value sent ('' for none). */
export const fromPickerDate = (date: Dayjs | null): string =>
  date === null ? '' : date.isValid() ? date.format(ISO) : INVALID_DATE;

export type DateFieldProps = {
  label: string;
  /** `YYYY-MM-DD`, or '' for no date. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
};

/**
 * Every date input of the app: typed in the app's language (dd/mm/yyyy in French, whatever the browser's
 * language), or picked from a calendar; the value stays `YYYY-MM-DD`.
 */
export const DateField = ({
  label,
  value,
  onChange,
  onBlur,
  name,
  required,
  disabled,
  readOnly,
  error,
  helperText,
  size,
  fullWidth,
  sx,
}: DateFieldProps) => {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language).startsWith('fr') ? 'fr' : 'en';
  // The same object while the text is the same: the field keeps what is being typed.
  const date = useMemo(() => (value === INVALID_DATE ? dayjs(null) : toPickerDate(value)), [value]);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language} localeText={LOCALES[language]}>
      <DatePicker
        label={label}
        value={date}
        onChange={(next) => onChange(fromPickerDate(next))}
        disabled={disabled}
        readOnly={readOnly}
        name={name}
        sx={sx}
        slotProps={{
          textField: { required, error, helperText, size, fullWidth, onBlur },
        }}
      />
    </LocalizationProvider>
  );
};
