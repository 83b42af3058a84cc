import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OUTPUT_STATUSES, type TOutputSummary } from '@tagstock/contract';
import { useAppSelector } from '../../app/hooks';
import { FilterSelect } from '../../components/FilterSelect';
import { formatDate, formatNumber } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import type { ResourceColumn } from '../../components/resource-columns';
import { ResourceTable } from '../../components/ResourceTable';
import { useUrlFilters } from '../../components/use-list-params';
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
  const canWrite = useCanWrite('outputs');
  const idClient = useAppSelector((s) => s.authentification.loggedInUser?.IDClient ?? null);
  const { searchParams, setFilter } = useUrlFilters();
  const status = searchParams.get('status') ?? '';
  const reasonId = searchParams.get('reasonId') ?? '';
  const filters = useMemo(() => ({ status: status || undefined, reasonId: reasonId || undefined }), [status, reasonId]);
  const columns = useColumns();
  return (
    <Box>
      <PageHeader
        title={t('outputs.title')}
        subtitle={t('outputs.subtitle')}
        actions={
          canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/admin/outputs/new">
              {t('outputs.new')}
            </Button>
          )
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <FilterSelect
          label={t('fields.status')}
          allLabel={t('outputs.allStatuses')}
          value={status}
          options={OUTPUT_STATUSES.map((s) => ({ value: s, label: t(`outputs.statuses.${s}`) }))}
          width={200}
          onChange={(v) => setFilter('status', v)}
        />
        <ReferenceSelect
          source={REASONS_FOR.decrement}
          size="small"
          label={t('fields.reason')}
          emptyLabel={t('outputs.allReasons')}
          value={reasonId}
          width={240}
          onChange={(v) => setFilter('reasonId', v)}
        />
      </Stack>
      <ResourceTable<TOutputSummary>
        label={t('outputs.title')}
        columns={columns}
        useList={outputsApi.useList}
        filters={filters}
        defaultSort="outputDate:desc"
        emptyText={t('outputs.empty')}
        countKey="outputs.count"
        detailPath={(row) => `/admin/outputs/${row.id}`}
        searchLabel={t('outputs.search')}
      />
      {idClient && <MotifsCard idClient={idClient} testId="outputs-motifs" />}
    </Box>
  );
};
