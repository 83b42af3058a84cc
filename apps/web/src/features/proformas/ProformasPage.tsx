import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PROFORMA_STATUSES, type TProformaSummary } from '@tagstock/contract';
import { FilterSelect } from '../../components/FilterSelect';
import { formatDate, formatMoney } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import type { ResourceColumn } from '../../components/resource-columns';
import { ResourceTable } from '../../components/ResourceTable';
import { useUrlFilters } from '../../components/use-list-params';
import { useCanWrite } from '../../components/use-permission';
import { customerRef } from '../customers/api';
import { proformasApi } from './api';
import { ProformaStatusChip } from './status';

const useColumns = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo<ResourceColumn<TProformaSummary>[]>(
    () => [
      { field: 'number', card: 'primary', headerName: t('proformas.number'), width: 160 },
      { field: 'customerName', card: 'secondary', headerName: t('fields.customer'), flex: 1, minWidth: 180 },
      {
        field: 'proformaDate',
        card: 'secondary',
        headerName: t('proformas.proformaDate'),
        width: 125,
        valueFormatter: (value: string) => formatDate(value, language),
      },
      {
        field: 'validUntil',
        hideBelow: 'lg',
        headerName: t('proformas.validUntil'),
        width: 125,
        valueFormatter: (value: string | null) => formatDate(value, language),
      },
      {
        field: 'totalNet',
        hideBelow: 'md',
        headerName: t('purchaseOrders.totalNet'),
        type: 'number',
        width: 130,
        valueFormatter: (value: string) => formatMoney(value, language),
      },
      {
        field: 'totalGross',
        card: 'secondary',
        headerName: t('invoices.totalGross'),
        type: 'number',
        width: 130,
        valueFormatter: (value: string) => formatMoney(value, language),
      },
      {
        field: 'status',
        card: 'status',
        headerName: t('fields.status'),
        width: 150,
        renderCell: ({ row }) => <ProformaStatusChip status={row.status} />,
      },
    ],
    [t, language],
  );
};

/** `/admin/proformas`: the proformas, filtered by status and customer (kept in the URL). */
export const ProformasPage = () => {
  const { t } = useTranslation();
  const canWrite = useCanWrite('invoices');
  const { searchParams, setFilter } = useUrlFilters();
  const status = searchParams.get('status') ?? '';
  const customerId = searchParams.get('customerId') ?? '';
  const filters = useMemo(
    () => ({ status: status || undefined, customerId: customerId || undefined }),
    [status, customerId],
  );
  const columns = useColumns();
  return (
    <Box>
      <PageHeader
        title={t('proformas.title')}
        subtitle={t('proformas.subtitle')}
        actions={
          canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/admin/proformas/new">
              {t('proformas.new')}
            </Button>
          )
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <FilterSelect
          label={t('fields.status')}
          allLabel={t('proformas.allStatuses')}
          value={status}
          options={PROFORMA_STATUSES.map((s) => ({ value: s, label: t(`proformas.statuses.${s}`) }))}
          width={200}
          onChange={(v) => setFilter('status', v)}
        />
        <ReferenceSelect
          source={customerRef}
          size="small"
          label={t('fields.customer')}
          emptyLabel={t('invoices.allCustomers')}
          value={customerId}
          width={240}
          onChange={(v) => setFilter('customerId', v)}
        />
      </Stack>
      <ResourceTable<TProformaSummary>
        label={t('proformas.title')}
        columns={columns}
        useList={proformasApi.useList}
        filters={filters}
        defaultSort="proformaDate:desc"
        emptyText={t('proformas.empty')}
        countKey="proformas.count"
        detailPath={(row) => `/admin/proformas/${row.id}`}
      />
    </Box>
  );
};
