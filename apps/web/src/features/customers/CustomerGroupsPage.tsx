import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink, LoadError } from '../../components/BackLink';
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
  const { data: group, isLoading, error } = customerGroupsApi.useGet(id);
  const filters = useMemo(() => ({ groupId: id }), [id]);
  if (isLoading) return <Loading />;
  if (error || !group) return <LoadError error={error} to="/admin/customerGroups" label={t('customerGroups.title')} />;
  return (
    <>
      <BackLink to="/admin/customerGroups" label={t('customerGroups.title')} />
      <CustomersPage filters={filters} title={t('customerGroups.members', { name: group.name })} />
    </>
  );
};
