import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OUTPUT_STATUSES, type TOutputSummary } from '@tagstock/contract';
import { useAppSelector } from '../../app/hooks';
import { formatDate, formatNumber } from '../../components/format';
import { DocumentListPage, listColumns, statusFilter } from '../../components/documents/DocumentListPage';
import { useCanWrite } from '../../components/use-permission';
import { REASONS_FOR } from '../reasons/api';
import { outputsApi } from './api';
import { MotifsCard } from './MotifsCard';
import { OutputStatusChip } from './status';

const useColumns = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const column = listColumns<TOutputSummary>(t);
    const count = (value: number) => formatNumber(value, language);
    return [
      column('number', 'outputs.number', {
        card: 'primary',
        width: 160,
        valueFormatter: (value: string | null) => value ?? t('outputs.draft'),
      }),
      column('outputDate', 'outputs.outputDate', {
        width: 125,
        valueFormatter: (value: string) => formatDate(value, language),
      }),
      column('reasonLabel', 'fields.reason', { flex: 1, minWidth: 160 }),
      column('recipient', 'outputs.recipient', {
        hideBelow: 'md',
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueGetter: (_value: unknown, row: TOutputSummary) => row.consumerName ?? row.customerName ?? '—',
      }),
      column('status', 'fields.status', {
        card: 'status',
        width: 140,
        renderCell: ({ row }) => <OutputStatusChip status={row.status} />,
      }),
      column('units', 'outputs.units', { type: 'number', width: 100, valueFormatter: count }),
      // Not on a phone's card.
      column('epcCount', 'outputs.epcCount', {
        card: undefined,
        hideBelow: 'lg',
        type: 'number',
        width: 100,
        sortable: false,
        valueFormatter: count,
      }),
    ];
  }, [t, language]);
};

/** `/admin/outputs`: the stock outputs, filtered by status and reason (kept in the URL), and why stock left. */
export const OutputsPage = () => {
  const { t } = useTranslation();
  const canCreate = useCanWrite('outputs');
  const columns = useColumns();
  const idClient = useAppSelector((s) => s.authentification.loggedInUser?.IDClient ?? null);
  return (
    <DocumentListPage<TOutputSummary>
      texts="outputs"
      path="/admin/outputs"
      canCreate={canCreate}
      filters={[
        statusFilter(t, 'outputs', OUTPUT_STATUSES),
        {
          param: 'reasonId',
          label: t('fields.reason'),
          allLabel: t('outputs.allReasons'),
          source: REASONS_FOR.decrement,
          width: 240,
        },
      ]}
      columns={columns}
      useList={outputsApi.useList}
      defaultSort="outputDate:desc"
      searchLabel={t('outputs.search')}
    >
      {idClient && <MotifsCard idClient={idClient} testId="outputs-motifs" />}
    </DocumentListPage>
  );
};
