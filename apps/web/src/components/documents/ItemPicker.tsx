import { useMemo, useState, type ReactNode, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ListFilters, ResourceApi } from '../../app/resource-api';
import { REFERENCE_PAGE_SIZE, REFERENCE_SEARCH_DEBOUNCE_MS, useDebounced } from '../ReferenceSelect';

/** A picked item: the whole record once chosen here, only its id and label for a saved line. */
export type ItemChoice<T> = { id: number; label: string; item?: T };

const labelOf = <T,>(choice: ItemChoice<T>) => choice.label;
const sameChoice = <T,>(a: ItemChoice<T>, b: ItemChoice<T>) => a.id === b.id;
const asFiltered = <T,>(all: T[]) => all;

export type ItemPickerProps<T> = {
  value: ItemChoice<T> | null;
  label: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  onPick: (choice: ItemChoice<T>) => void;
};

/**
 * The item of a document line (an article, a platform product), searched on the server as one types. Unlike the
 * generic ReferenceSelect it hands back the whole record: its price and VAT rate fill the line.
 */
export const ItemPicker = <T extends { id: number }>({
  value,
  label,
  error,
  inputRef,
  onPick,
  useList,
  sort,
  filters,
  itemLabel,
  optionDetail,
}: ItemPickerProps<T> & {
  /** The resource's list query (`createResourceApi(…).useList`), asked only while the options are open. */
  useList: ResourceApi<T, never, never>['useList'];
  sort: string;
  filters?: ListFilters;
  itemLabel: (item: T) => string;
  /** A second line under an option (the article's supplier). */
  optionDetail?: (item: T) => ReactNode;
}) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const search = useDebounced(term.trim(), REFERENCE_SEARCH_DEBOUNCE_MS);
  const { currentData, isFetching, isError } = useList(
    { page: 1, limit: REFERENCE_PAGE_SIZE, search: search || undefined, sort, ...filters },
    { skip: !open },
  );
  const items = currentData?.items;
  const loading = open && (isFetching || term.trim() !== search);
  // Only the matches of what is typed now: Enter must never pick a match of an earlier text.
  const settled = term.trim() === search ? items : undefined;
  const options = useMemo<ItemChoice<T>[]>(
    () => (settled ?? []).map((item) => ({ id: item.id, label: itemLabel(item), item })),
    [settled, itemLabel],
  );
  return (
    <Autocomplete<ItemChoice<T>, false, true, false>
      // Controlled from the start: no item yet is null (MUI's "no value"), not undefined.
      value={value as ItemChoice<T>}
      options={options}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => {
        setOpen(false);
        setTerm('');
      }}
      autoHighlight
      disableClearable
      filterOptions={asFiltered}
      getOptionLabel={labelOf}
      isOptionEqualToValue={sameChoice}
      onInputChange={(_event, text, reason) => setTerm(reason === 'input' ? text : '')}
      onChange={(_event, choice) => onPick(choice)}
      loading={loading}
      loadingText={t('select.loading')}
      noOptionsText={t(isError ? 'select.error' : 'select.noOptions')}
      openText={t('select.open')}
      closeText={t('select.close')}
      size="small"
      sx={{ minWidth: 260 }}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        // Named by its label alone; the detail (supplier, what is available) describes it.
        const ids = { label: `${rest.id}-label`, detail: `${rest.id}-detail` };
        const detail = option.item && optionDetail?.(option.item);
        return (
          <li
            key={`${key}-${option.id}`}
            {...rest}
            aria-labelledby={ids.label}
            aria-describedby={detail ? ids.detail : undefined}
          >
            <Box>
              <Typography variant="body2" id={ids.label}>
                {option.label}
              </Typography>
              {detail && <Box id={ids.detail}>{detail}</Box>}
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          placeholder={t('documents.searchItem')}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': label },
          }}
        />
      )}
    />
  );
};
