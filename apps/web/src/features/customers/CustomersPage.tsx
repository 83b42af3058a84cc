import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ZCustomerInput, type TCustomer } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import type { ListFilters } from '../../app/resource-api';
import { CONTACT_FIELDS, contactColumns } from '../suppliers/contact';
import { customersApi, customerGroupRef } from './api';
import type { ResourceColumn } from '../../components/resource-columns';

export const CUSTOMER_FIELDS: readonly FieldDef[] = [
  ...CONTACT_FIELDS,
  { name: 'customerCategory', labelKey: 'fields.customerCategory', kind: 'text', half: true },
  { name: 'groupId', labelKey: 'fields.group', kind: 'select', reference: customerGroupRef, half: true },
  // Where goods go when not to the address above: printed on invoices.
  { name: 'deliveryAddress', labelKey: 'fields.deliveryAddress', kind: 'text', section: 'customers.delivery' },
  { name: 'deliveryPostcode', labelKey: 'fields.deliveryPostcode', kind: 'text', half: true },
  { name: 'deliveryCity', labelKey: 'fields.deliveryCity', kind: 'text', half: true },
  { name: 'deliveryCountry', labelKey: 'fields.deliveryCountry', kind: 'text', half: true },
];

export const useCustomerColumns = () => {
  const { t } = useTranslation();
  return useMemo<ResourceColumn<TCustomer>[]>(
    () => [
      ...contactColumns<TCustomer>(t),
      { field: 'customerCategory', hideBelow: 'xl', headerName: t('fields.customerCategory'), width: 130 },
      { field: 'groupName', hideBelow: 'md', card: 'secondary', headerName: t('fields.group'), width: 150 },
    ],
    [t],
  );
};

/** The customers list; with `filters` and a title it is a group's members page. */
export const CustomersPage = ({ filters, title }: { filters?: ListFilters; title?: string }) => {
  const columns = useCustomerColumns();
  return (
    <CrudPage
      domain="customers"
      resource="customers"
      api={customersApi}
      columns={columns}
      fields={CUSTOMER_FIELDS}
      createSchema={ZCustomerInput}
      defaultSort="name:asc"
      createdKey="messages.customerCreated"
      transferMatch={filters ? undefined : 'name'}
      filters={filters}
      newValues={filters?.groupId ? { groupId: filters.groupId } : undefined}
      title={title}
    />
  );
};
