import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OUTPUT_STATUSES, type TOutputSummary } from '@tagstock/contract';
import { useAppSelector } from '../../app/hooks';
import { formatDate, formatNumber } from '../../components/format';
import { DocumentListPage, statusFilter } from '../../components/documents/DocumentListPage';
import type { ResourceColumn } from '../../components/resource-columns';
import { useCanWrite } from '../../components/use-permission';
import { REASONS_FOR } from '../reasons/api';
import { outputsApi } from './api';
import { MotifsCard } from './MotifsCard';
import { OutputStatusChip } from './status';

const useColumns = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo<ResourceColumn<TOutputSummary>[]>(
    () => [
      {
        field: 'number',
        card: 'primary',
        headerName: t('outputs.number'),
        width: 160,
        valueFormatter: (value: string | null) => value ?? t('outputs.draft'),
      },
      {
        field: 'outputDate',
        card: 'secondary',
        headerName: t('outputs.outputDate'),
        width: 125,
        valueFormatter: (value: string) => formatDate(value, language),
      },
      { field: 'reasonLabel', card: 'secondary', headerName: t('fields.reason'), flex: 1, minWidth: 160 },
      {
        field: 'recipient',
        card: 'secondary',
        hideBelow: 'md',
        headerName: t('outputs.recipient'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueGetter: (_value: unknown, row: TOutputSummary) => row.consumerName ?? row.customerName ?? '—',
      },
      {
        field: 'status',
        card: 'status',
        headerName: t('fields.status'),
        width: 140,
        renderCell: ({ row }) => <OutputStatusChip status={row.status} />,
      },
      {
        field: 'units',
        card: 'secondary',
        headerName: t('outputs.units'),
        type: 'number',
        width: 100,
        valueFormatter: (value: number) => formatNumber(value, language),
      },
      {
        field: 'epcCount',
        hideBelow: 'lg',
        headerName: t('outputs.epcCount'),
        type: 'number',
        width: 100,
        sortable: false,
        valueFormatter: (value: number) => formatNumber(value, language),
      },
    ],
    [t, language],
  );
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
