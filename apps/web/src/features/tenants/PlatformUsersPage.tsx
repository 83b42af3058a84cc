import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { TPlatformUser } from '@tagstock/contract';
import { PageHeader } from '../../components/PageHeader';
import { ResourceTable } from '../../components/ResourceTable';
import type { ResourceColumn } from '../../components/resource-columns';
import { useUrlFilters } from '../../components/use-list-params';
import { platformUsersApi } from './api';
import { TenantFilter } from './TenantFilter';

/** Users of every tenant, with their tenant: the super admin's read-only view, filtered by tenant and searched. */
export const PlatformUsersPage = () => {
  const { t } = useTranslation();
  const { searchParams } = useUrlFilters();
  const tenantId = searchParams.get('tenantId') ?? '';
  const filters = useMemo(() => ({ tenantId: tenantId || undefined }), [tenantId]);
  const columns = useMemo<ResourceColumn<TPlatformUser>[]>(
    () => [
      { field: 'name', headerName: t('fields.name'), flex: 1, minWidth: 160, card: 'primary' },
      { field: 'email', headerName: t('fields.email'), flex: 1, minWidth: 200, card: 'secondary' },
      {
        field: 'tenantName',
        headerName: t('fields.tenant'),
        width: 180,
        valueGetter: (_v, row) => row.tenantName ?? t('platformUsers.platform'),
      },
      { field: 'roleName', headerName: t('fields.role'), width: 160, sortable: false, hideBelow: 'md' },
      {
        field: 'disabled',
        headerName: t('platformUsers.state'),
        width: 120,
        sortable: false,
        valueGetter: (_v, row) => t(row.disabled ? 'platformUsers.disabled' : 'platformUsers.active'),
      },
    ],
    [t],
  );
  return (
    <>
      <PageHeader title={t('platformUsers.title')} subtitle={t('platformUsers.subtitle')} />
      <Box sx={{ mb: 2 }}>
        <TenantFilter />
      </Box>
      <ResourceTable
        label={t('platformUsers.title')}
        columns={columns}
        useList={platformUsersApi.useList as never}
        filters={filters}
        defaultSort="name:asc"
        emptyText={t('platformUsers.empty')}
        countKey="platformUsers.count"
      />
    </>
  );
};
