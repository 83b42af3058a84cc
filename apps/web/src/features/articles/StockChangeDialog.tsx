import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ZStockChange, type TArticle, type TStockChange } from '@tagstock/contract';
import { ResourceForm, toFormValues, type FieldDef } from '../../components/ResourceForm';
import { reasonsApi } from '../reasons/api';
import { useChangeStockMutation, type StockDirection } from './api';

/** Only the reasons the server accepts for this direction ('both' fits either). */
const useReasonOptions = (direction: StockDirection) => {
  const { data } = reasonsApi.useList({ page: 1, limit: 100, sort: 'label:asc' });
  return (data?.items ?? [])
    .filter((reason) => reason.kind === direction || reason.kind === 'both')
    .map((reason) => ({ value: String(reason.id), label: reason.label }));
};

const useIncrementReasons = () => useReasonOptions('increment');
const useDecrementReasons = () => useReasonOptions('decrement');

const fieldsFor = (direction: StockDirection): FieldDef[] => [
  { name: 'quantity', labelKey: 'fields.quantity', kind: 'number', required: true, half: true },
  {
    name: 'reasonId',
    labelKey: 'fields.reason',
    kind: 'select',
    required: true,
    half: true,
    useOptions: direction === 'increment' ? useIncrementReasons : useDecrementReasons,
  },
  { name: 'note', labelKey: 'fields.note', kind: 'textarea' },
];
const FIELDS = { increment: fieldsFor('increment'), decrement: fieldsFor('decrement') };

/** Quantities change only here: increment or decrement with a reason (the server refuses a negative stock). */
export const StockChangeDialog = ({
  article,
  direction,
  onClose,
}: {
  article: TArticle | null;
  direction: StockDirection;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [changeStock] = useChangeStockMutation();
  const initialValues = useMemo(() => toFormValues(FIELDS[direction], null), [direction]);
  return (
    <ResourceForm<TStockChange>
      open={article !== null}
      mode="create"
      title={t(`articles.${direction}Title`, { reference: article?.reference ?? '' })}
      fields={FIELDS[direction]}
      schema={ZStockChange}
      initialValues={initialValues}
      submitLabel={t(`actions.${direction}`)}
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
