import { useMemo } from 'react';
import Box from '@mui/material/Box';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { TPlatformReader, TPlatformTerminal } from '@tagstock/contract';
import type { ResourceApi } from '../../app/resource-api';
import { PageHeader } from '../../components/PageHeader';
import { ResourceTable } from '../../components/ResourceTable';
import { useUrlFilters } from '../../components/use-list-params';
import { TenantFilter } from '../tenants/TenantFilter';
import { platformReadersApi, platformTerminalsApi } from './api';
import { useReaderColumns } from './ReadersPage';
import { useTerminalColumns } from './TerminalsPage';
import type { ResourceColumn } from '../../components/resource-columns';

type OfTenant = GridValidRowModel & { id: number; tenantName: string };

/** A read-only list across every tenant, with the tenant's column and a tenant filter (kept in the URL). */
function PlatformList<R extends OfTenant>(props: {
  domain: 'readers' | 'terminals';
  columns: ResourceColumn<R>[];
  api: ResourceApi<R, never, never>;
  defaultSort: string;
  pollingInterval?: number;
}) {
  const { t } = useTranslation();
  const { searchParams } = useUrlFilters();
  const tenantId = searchParams.get('tenantId') ?? '';
  const columns = useMemo<ResourceColumn<R>[]>(
    () => [{ field: 'tenantName', headerName: t('fields.tenant'), width: 160 }, ...props.columns],
    [t, props.columns],
  );
  const filters = useMemo(() => ({ tenantId: tenantId || undefined }), [tenantId]);
  return (
    <>
      <PageHeader title={t(`platform.${props.domain}.title`)} subtitle={t(`platform.${props.domain}.subtitle`)} />
      <Box sx={{ mb: 2 }}>
        <TenantFilter />
      </Box>
      <ResourceTable
        label={t(`platform.${props.domain}.title`)}
        columns={columns}
        useList={props.api.useList as never}
        filters={filters}
        defaultSort={props.defaultSort}
        emptyText={t(`${props.domain}.empty`)}
        countKey={`${props.domain}.count`}
        pollingInterval={props.pollingInterval}
      />
    </>
  );
}

/** Every tenant's readers with their live status: what the platform operator watches. */
export const PlatformReadersPage = () => (
  <PlatformList<TPlatformReader>
    domain="readers"
    columns={useReaderColumns<TPlatformReader>()}
    api={platformReadersApi}
    defaultSort="tenantName:asc"
    pollingInterval={15_000}
  />
);

export const PlatformTerminalsPage = () => (
  <PlatformList<TPlatformTerminal>
    domain="terminals"
    columns={useTerminalColumns<TPlatformTerminal>()}
    api={platformTerminalsApi}
    defaultSort="tenantName:asc"
  />
);
