import { useMemo, useState, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TArticle } from '@tagstock/contract';
import { REFERENCE_PAGE_SIZE, REFERENCE_SEARCH_DEBOUNCE_MS, useDebounced } from '../../components/ReferenceSelect';
import { articlesApi } from '../articles/api';

/** A picked article: the whole record once chosen here, only its id and label for a saved line. */
export type ArticleChoice = { id: number; label: string; article?: TArticle };

const labelOf = (choice: ArticleChoice) => choice.label;
const sameChoice = (a: ArticleChoice, b: ArticleChoice) => a.id === b.id;
const asFiltered = (all: ArticleChoice[]) => all;
export const articleLabel = (a: { reference: string; designation: string }) => `${a.reference} — ${a.designation}`;

/**
 * The article of an order line, searched on the server as one types; the order's supplier's articles come first
 * (the list's `supplierFirst`). Unlike the generic ReferenceSelect it hands back the whole article: its price and
 * VAT rate fill the line.
 */
export const ArticlePicker = ({
  value,
  supplierId,
  label,
  error,
  inputRef,
  onPick,
}: {
  value: ArticleChoice | null;
  supplierId: string;
  label: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  onPick: (choice: ArticleChoice) => void;
}) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const search = useDebounced(term.trim(), REFERENCE_SEARCH_DEBOUNCE_MS);
  const { currentData, isFetching, isError } = articlesApi.useList(
    {
      page: 1,
      limit: REFERENCE_PAGE_SIZE,
      search: search || undefined,
      sort: 'reference:asc',
      supplierFirst: supplierId || undefined,
    },
    { skip: !open },
  );
  const loading = open && (isFetching || term.trim() !== search);
  // Only the matches of what is typed now: Enter must never pick a match of an earlier text.
  const settled = term.trim() === search ? currentData : undefined;
  const options = useMemo<ArticleChoice[]>(
    () => (settled?.items ?? []).map((article) => ({ id: article.id, label: articleLabel(article), article })),
    [settled],
  );
  return (
    <Autocomplete<ArticleChoice, false, true, false>
      // Controlled from the start: no article yet is null (MUI's "no value"), not undefined.
      value={value as ArticleChoice}
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
        const other = supplierId !== '' && option.article && String(option.article.supplierId) !== supplierId;
        return (
          <li key={`${key}-${option.id}`} {...rest}>
            <Box>
              <Typography variant="body2">{option.label}</Typography>
              {option.article?.supplierName && (
                <Typography variant="caption" color={other ? 'text.secondary' : 'success.main'}>
                  {option.article.supplierName}
                </Typography>
              )}
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          placeholder={t('purchaseOrders.searchArticle')}
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
