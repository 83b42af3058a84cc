import { useEffect, useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ReferenceSource, SelectOption } from './reference-source';

export const REFERENCE_SEARCH_DEBOUNCE_MS = 250;
/** Matches shown per search: typing narrows them, so a long list is never loaded. */
export const REFERENCE_PAGE_SIZE = 25;

// Stable props: the Autocomplete resets its input whenever these change while it is not focused.
const sameOption = (option: SelectOption, current: SelectOption) => option.value === current.value;
const labelOf = (option: SelectOption) => option.label;
// The server has filtered already.
const asFiltered = (all: SelectOption[]) => all;

/** The value after typing pauses for `ms`. */
export const useDebounced = <T,>(value: T, ms: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

export type ReferenceSelectProps = {
  source: ReferenceSource;
  label: string;
  /** The record's id as text; '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  /** Shown while nothing is picked (a list filter's "All …"). */
  emptyLabel?: string;
  size?: 'small' | 'medium';
  width?: number;
};

/**
 * A select over a resource of any size: the server searches as the user types (debounced), one short page at a
 * time; the current value keeps its label even when it is not among the matches.
 */
export const ReferenceSelect = ({
  source,
  label,
  value,
  onChange,
  onBlur,
  required,
  disabled,
  error,
  helperText,
  emptyLabel,
  size,
  width,
}: ReferenceSelectProps) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  // The option last picked here: its label is known without asking the server.
  const [picked, setPicked] = useState<SelectOption | null>(null);
  const search = useDebounced(term.trim(), REFERENCE_SEARCH_DEBOUNCE_MS);
  const { options, isFetching, isError } = source.useSearch({ search, limit: REFERENCE_PAGE_SIZE }, !open);

  const known =
    value === '' ? undefined : picked?.value === value ? picked : options.find((option) => option.value === value);
  const fetchedLabel = source.useLabel(value, value === '' || known !== undefined);
  const labelOfValue = known?.label ?? fetchedLabel;
  const selected = useMemo<SelectOption | null>(
    () => (value === '' ? null : { value, label: labelOfValue ?? '' }),
    [value, labelOfValue],
  );
  // Before any typing the current value leads the list, so the list always holds what the field shows.
  const shown = useMemo(
    () =>
      selected && search === '' && !options.some((o) => o.value === selected.value) ? [selected, ...options] : options,
    [selected, search, options],
  );
  const loading = open && (isFetching || term.trim() !== search);

  return (
    <Autocomplete<SelectOption, false, boolean, false>
      value={selected}
      options={shown}
      // Not on focus: a form opens with focus in its first field, and an open list would cover the fields below.
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => {
        setOpen(false);
        setTerm('');
      }}
      autoHighlight
      disabled={disabled}
      disableClearable={Boolean(required)}
      filterOptions={asFiltered}
      getOptionLabel={labelOf}
      isOptionEqualToValue={sameOption}
      onInputChange={(_event, text, reason) => setTerm(reason === 'input' ? text : '')}
      onChange={(_event, option) => {
        setPicked(option);
        onChange(option?.value ?? '');
      }}
      onBlur={onBlur}
      loading={loading}
      loadingText={t('select.loading')}
      noOptionsText={t(isError ? 'select.error' : 'select.noOptions')}
      clearText={t('select.clear')}
      openText={t('select.open')}
      closeText={t('select.close')}
      size={size}
      sx={width ? { width } : undefined}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={`${key}-${option.value}`} {...rest}>
            {option.label}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
          placeholder={emptyLabel}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, shrink: emptyLabel ? true : undefined },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading && <CircularProgress color="inherit" size={18} aria-label={t('select.loading')} />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
};
