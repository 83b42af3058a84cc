import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ZStockChange, type TArticle, type TStockChange } from '@tagstock/contract';
import { formatNumber } from '../../components/format';
import { ResourceForm, toFormValues, type FieldDef, type FormValues } from '../../components/ResourceForm';
import { REASONS_FOR } from '../reasons/api';
import { useChangeStockMutation, type StockDirection } from './api';

const fieldsFor = (direction: StockDirection): FieldDef[] => [
  { name: 'quantity', labelKey: 'fields.quantity', kind: 'number', required: true, half: true },
  {
    name: 'reasonId',
    labelKey: 'fields.reason',
    kind: 'select',
    required: true,
    half: true,
    reference: REASONS_FOR[direction],
  },
  { name: 'note', labelKey: 'fields.note', kind: 'textarea' },
];
const FIELDS = { increment: fieldsFor('increment'), decrement: fieldsFor('decrement') };

/** The stock once the typed quantity is applied, or null while the quantity is not a whole number yet. */
export const stockAfter = (stock: number, direction: StockDirection, typed: string): number | null => {
  if (!/^\d{1,10}$/.test(typed.trim())) return null;
  const quantity = Number(typed.trim());
  return direction === 'increment' ? stock + quantity : stock - quantity;
};

/**
 * Quantities change only here: increment or decrement with a reason. The dialog shows the current stock and
 * refuses a decrement beyond it before asking the server (which refuses a negative stock anyway).
 */
export const StockChangeDialog = ({
  article,
  direction,
  onClose,
}: {
  article: TArticle | null;
  direction: StockDirection;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const [changeStock] = useChangeStockMutation();
  const initialValues = useMemo(() => toFormValues(FIELDS[direction], null), [direction]);
  const stock = article?.quantity ?? 0;
  const schema = useMemo(
    () =>
      direction === 'decrement'
        ? ZStockChange.refine((body) => body.quantity <= stock, {
            path: ['quantity'],
            message: 'safeActions.moreThanStock',
          })
        : ZStockChange,
    [direction, stock],
  );
  const preview = (values: FormValues) => {
    const after = stockAfter(stock, direction, String(values.quantity ?? ''));
    return (
      <Alert severity={after !== null && after < 0 ? 'warning' : 'info'} sx={{ mt: 2 }} data-testid="stock-preview">
        {t('safeActions.currentStock', { stock: formatNumber(stock, i18n.language) })}
        {after !== null && ` — ${t('safeActions.stockAfter', { stock: formatNumber(after, i18n.language) })}`}
      </Alert>
    );
  };
  return (
    <ResourceForm<TStockChange>
      open={article !== null}
      mode="create"
      title={t(`articles.${direction}Title`, { reference: article?.reference ?? '' })}
      fields={FIELDS[direction]}
      schema={schema}
      initialValues={initialValues}
      submitLabel={t(`actions.${direction}`)}
      preview={preview}
      onClose={onClose}
      onSubmit={async (body) => {
        if (!article) return;
        await changeStock({ id: article.id, direction, body }).unwrap();
        toast.success(t(direction === 'increment' ? 'messages.incremented' : 'messages.decremented'));
        onClose();
      }}
    />
  );
};
