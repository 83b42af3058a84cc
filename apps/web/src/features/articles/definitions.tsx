import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { ARTICLE_NATURES, type TArticle } from '@tagstock/contract';
import { choiceField, vatExemptionField } from '../../components/documents/einvoicing-fields';
import type { FieldDef, FormValues } from '../../components/ResourceForm';
import { formatMoney, formatRate, previewPriceWithTax } from '../../components/format';
import { categoryRef } from '../categories/api';
import { supplierRef } from '../suppliers/api';
import type { ResourceColumn } from '../../components/resource-columns';

export const isInAlert = (article: Pick<TArticle, 'quantity' | 'stockAlert'>) => article.quantity <= article.stockAlert;

export const ARTICLE_FIELDS: readonly FieldDef[] = [
  { name: 'reference', labelKey: 'fields.reference', kind: 'text', required: true, half: true },
  { name: 'stockTag', labelKey: 'fields.stockTag', kind: 'text', half: true },
  { name: 'designation', labelKey: 'fields.designation', kind: 'text', required: true },
  { name: 'size', labelKey: 'fields.size', kind: 'text', half: true },
  { name: 'initialQuantity', labelKey: 'fields.initialQuantity', kind: 'number', half: true, only: 'create' },
  { name: 'quantity', labelKey: 'fields.quantity', kind: 'number', half: true, only: 'edit', displayOnly: true },
  { name: 'priceHt', labelKey: 'fields.priceHt', kind: 'money', required: true, half: true },
  { name: 'vatRate', labelKey: 'fields.vatRate', kind: 'rate', required: true, half: true },
  { name: 'unitPrice', labelKey: 'fields.unitPrice', kind: 'money', half: true },
  { name: 'stockAlert', labelKey: 'fields.stockAlert', kind: 'number', required: true, half: true },
  { name: 'categoryId', labelKey: 'fields.category', kind: 'select', reference: categoryRef, half: true },
  { name: 'supplierId', labelKey: 'fields.supplier', kind: 'select', reference: supplierRef, half: true },
  // Goods or a service, for the invoices' billing mode (B1, S1, M1); none: its category's.
  natureField('articles.natureNone'),
  vatExemptionField('articles.vatExemption'),
];

/** What an article or a category sells, goods or a service; `noneKey` says what none means. */
export function natureField(noneKey: string): FieldDef {
  return choiceField({
    name: 'nature',
    labelKey: 'articles.nature',
    half: true,
    choices: (t) => [
      { value: '', label: t(noneKey) },
      ...ARTICLE_NATURES.map((nature) => ({ value: nature, label: t(`articles.natures.${nature}`) })),
    ],
  });
}

export const NEW_ARTICLE = { vatRate: '20', stockAlert: 0, initialQuantity: 0 };

/** Live, read-only price incl. tax under the form (the server computes the stored one). */
export const PriceTtcPreview = ({ values, t, language }: { values: FormValues; t: TFunction; language: string }) => {
  const ttc = previewPriceWithTax(String(values.priceHt ?? ''), String(values.vatRate ?? ''));
  return (
    <Box
      sx={{
        mt: 2,
        p: 2,
        borderRadius: 1,
        bgcolor: 'rgba(30,58,95,0.06)',
        display: 'flex',
        justifyContent: 'space-between',
      }}
    >
      <Typography color="text.secondary">{t('fields.priceTtc')}</Typography>
      <Typography sx={{ fontWeight: 600 }} data-testid="price-ttc-preview">
        {ttc ? formatMoney(ttc, language) : '—'}
      </Typography>
    </Box>
  );
};

export const QuantityCell = ({ article }: { article: TArticle }) =>
  isInAlert(article) ? (
    <Chip size="small" color={article.quantity === 0 ? 'error' : 'warning'} label={article.quantity} />
  ) : (
    <span>{article.quantity}</span>
  );

export const articleColumns = (t: TFunction, language: string): ResourceColumn<TArticle>[] => [
  { field: 'reference', card: 'secondary', headerName: t('fields.reference'), width: 130 },
  { field: 'designation', card: 'primary', headerName: t('fields.designation'), flex: 1.5, minWidth: 180 },
  { field: 'size', hideBelow: 'always', headerName: t('fields.size'), width: 80, sortable: false },
  {
    field: 'quantity',
    card: 'status',
    headerName: t('fields.quantity'),
    type: 'number',
    width: 100,
    renderCell: ({ row }) => <QuantityCell article={row} />,
  },
  {
    // On hand minus what reservations hold (shown in the stock alerts too).
    field: 'available',
    card: 'secondary',
    headerName: t('fields.available'),
    type: 'number',
    width: 100,
  },
  {
    field: 'priceHt',
    hideBelow: 'lg',
    headerName: t('fields.priceHt'),
    type: 'number',
    width: 110,
    valueFormatter: (value: string) => formatMoney(value, language),
  },
  {
    field: 'vatRate',
    hideBelow: 'always',
    headerName: t('fields.vatRate'),
    type: 'number',
    width: 80,
    sortable: false,
    valueFormatter: (value: string) => formatRate(value, language),
  },
  {
    field: 'priceTtc',
    hideBelow: 'lg',
    card: 'secondary',
    headerName: t('fields.priceTtc'),
    type: 'number',
    width: 110,
    valueFormatter: (value: string) => formatMoney(value, language),
  },
  { field: 'stockAlert', hideBelow: 'xl', headerName: t('fields.stockAlert'), type: 'number', width: 100 },
  {
    field: 'categoryName',
    hideBelow: 'lg',
    card: 'secondary',
    headerName: t('fields.category'),
    flex: 1,
    minWidth: 140,
  },
  { field: 'supplierName', hideBelow: 'xl', headerName: t('fields.supplier'), flex: 1, minWidth: 150 },
];
