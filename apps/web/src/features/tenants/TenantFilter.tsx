import { useTranslation } from 'react-i18next';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import { useUrlFilters } from '../../components/use-list-params';
import { tenantRef } from './api';

/** The super admin's tenant filter of a list across tenants, kept in the URL (`tenantId`). */
export const TenantFilter = () => {
  const { t } = useTranslation();
  const { searchParams, setFilter } = useUrlFilters();
  return (
    <ReferenceSelect
      source={tenantRef}
      size="small"
      label={t('fields.tenant')}
      emptyLabel={t('platform.allTenants')}
      value={searchParams.get('tenantId') ?? ''}
      width={240}
      onChange={(v) => setFilter('tenantId', v)}
    />
  );
};
