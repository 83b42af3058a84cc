import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZCustomerGroupInput, type TCustomerGroup } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import { Loading } from '../../components/Loading';
import { NAMED_FIELDS, namedColumns } from '../categories/CategoriesPage';
import { customerGroupsApi } from './api';
import { CustomersPage } from './CustomersPage';
import type { ResourceColumn } from '../../components/resource-columns';

export const CustomerGroupsPage = () => {
  const { t } = useTranslation();
  const columns = useMemo<ResourceColumn<TCustomerGroup>[]>(
    () => namedColumns<TCustomerGroup>(t, { field: 'memberCount', headerName: t('fields.memberCount') }),
    [t],
  );
  return (
    <CrudPage
      domain="customerGroups"
      resource="customers"
      api={customerGroupsApi}
      columns={columns}
      fields={NAMED_FIELDS}
      createSchema={ZCustomerGroupInput}
      defaultSort="name:asc"
      detailPath={(row) => `/admin/customerGroups/${row.id}`}
    />
  );
};

/** The members of a group: the customers list filtered by groupId. */
export const CustomerGroupMembersPage = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data: group, isLoading, isError } = customerGroupsApi.useGet(id);
  const filters = useMemo(() => ({ groupId: id }), [id]);
  if (isLoading) return <Loading />;
  if (isError || !group) return <Alert severity="error">{t('errors.loadFailed')}</Alert>;
  return (
    <>
      <Button component={RouterLink} to="/admin/customerGroups" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('customerGroups.title')}
      </Button>
      <CustomersPage filters={filters} title={t('customerGroups.members', { name: group.name })} />
    </>
  );
};
