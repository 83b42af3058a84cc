import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PLATFORM_ORDER_STATUSES,
  type TPlatformOrderAdminSummary,
  type TPlatformOrderSummary,
} from '@tagstock/contract';
import { statusKeys } from '../../components/documents/status-texts';
import { FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { ResourceTable } from '../../components/ResourceTable';
import { formatDate, formatMoney, formatNumber } from '../../components/format';
import type { ResourceColumn } from '../../components/resource-columns';
import { useUrlFilters } from '../../components/use-list-params';
import { useCanWrite } from '../../components/use-permission';
import { TenantFilter } from '../tenants/TenantFilter';
import { adminPlatformOrdersApi, platformOrdersApi } from './api';
import { PlatformOrderStatusChip } from './shared';

/** Columns shared by the tenant's list and the super admin's. */
const usePlatformOrderColumns = <T extends TPlatformOrderSummary>(): ResourceColumn<T>[] => {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  return useMemo<ResourceColumn<T>[]>(
    () => [
      { field: 'number', card: 'primary', headerName: t('platformOrders.number'), width: 170 },
      {
        field: 'orderDate',
        card: 'secondary',
        headerName: t('platformOrders.orderDate'),
        width: 130,
        valueFormatter: (v: string) => formatDate(v, lang),
      },
      {
        field: 'status',
        card: 'status',
        headerName: t('fields.status'),
        width: 150,
        renderCell: ({ row }) => <PlatformOrderStatusChip status={row.status} />,
      },
      {
        field: 'lineCount',
        hideBelow: 'xl',
        headerName: t('platformOrders.lineCount'),
        width: 90,
        type: 'number',
        sortable: false,
      },
      {
        field: 'totalNet',
        hideBelow: 'lg',
        headerName: t('platformOrders.totalNet'),
        width: 140,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: string) => formatMoney(v, lang),
      },
      {
        field: 'totalGross',
        headerName: t('platformOrders.totalGross'),
        width: 140,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: string) => formatMoney(v, lang),
      },
      {
        field: 'registeredTags',
        hideBelow: 'md',
        headerName: t('platformOrders.registeredTags'),
        width: 130,
        type: 'number',
        valueFormatter: (v: number) => formatNumber(v, lang),
      },
    ],
    [t, lang],
  );
};

const StatusFilter = () => {
  const { t } = useTranslation();
  const { searchParams, setFilter } = useUrlFilters();
  return (
    <FilterSelect
      label={t('fields.status')}
      allLabel={t('platformOrders.allStatuses')}
      value={searchParams.get('status') ?? ''}
      options={PLATFORM_ORDER_STATUSES.map((s) => ({ value: s, label: t(statusKeys('platformOrders.statuses', s)) }))}
      width={200}
      onChange={(v) => setFilter('status', v)}
    />
  );
};

/** `/superAdmin/bdcRb` (SPEC `allBondeCommandeRb`): every tenant's orders, with the tenant column and filter. */
export const AdminPlatformOrdersPage = () => {
  const { t } = useTranslation();
  const base = usePlatformOrderColumns<TPlatformOrderAdminSummary>();
  const columns = useMemo<ResourceColumn<TPlatformOrderAdminSummary>[]>(
    () => [{ field: 'tenantName', headerName: t('fields.tenant'), width: 170 }, ...base],
    [t, base],
  );
  const { searchParams } = useUrlFilters();
  const tenantId = searchParams.get('tenantId') ?? '';
  const status = searchParams.get('status') ?? '';
  const filters = useMemo(() => ({ tenantId: tenantId || undefined, status: status || undefined }), [tenantId, status]);
  return (
    <>
      <PageHeader title={t('platformOrders.adminTitle')} subtitle={t('platformOrders.adminSubtitle')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TenantFilter />
        <StatusFilter />
      </Stack>
      <ResourceTable
        label={t('platformOrders.adminTitle')}
        columns={columns}
        useList={adminPlatformOrdersApi.useList as never}
        filters={filters}
        defaultSort="orderDate:desc"
        emptyText={t('platformOrders.empty')}
        countKey="platformOrders.count"
        detailPath={(row) => `/superAdmin/bdcRb/${row.id}`}
      />
    </>
  );
};

/** `/admin/bdcRb` (SPEC `bonDeCommandeRb`): the tenant's orders to the platform operator. */
export const PlatformOrdersPage = () => {
  const { t } = useTranslation();
  const canWrite = useCanWrite('platformOrders');
  const columns = usePlatformOrderColumns<TPlatformOrderSummary>();
  const { searchParams } = useUrlFilters();
  const status = searchParams.get('status') ?? '';
  const filters = useMemo(() => ({ status: status || undefined }), [status]);
  return (
    <>
      <PageHeader
        title={t('platformOrders.title')}
        subtitle={t('platformOrders.subtitle')}
        actions={
          canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/admin/bdcRb/new">
              {t('platformOrders.new')}
            </Button>
          )
        }
      />
      <Box sx={{ mb: 2 }}>
        <StatusFilter />
      </Box>
      <ResourceTable
        label={t('platformOrders.title')}
        columns={columns}
        useList={platformOrdersApi.useList as never}
        filters={filters}
        defaultSort="orderDate:desc"
        emptyText={t('platformOrders.empty')}
        countKey="platformOrders.count"
        detailPath={(row) => `/admin/bdcRb/${row.id}`}
      />
    </>
  );
};
