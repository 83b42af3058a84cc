import type { TCustomer, TCustomerGroup, TCustomerGroupInput, TCustomerInput } from '@tagstock/contract';
import type { TFunction } from 'i18next';
import { createResourceApi } from '../../app/resource-api';
import type { ListFilter } from '../../components/ListFilters';
import { referenceOf } from '../../components/reference-source';

export const customersApi = createResourceApi<TCustomer, TCustomerInput>({
  name: 'customers',
  path: '/customers',
  tag: 'Customers',
  invalidates: ['CustomerGroups'],
});

export const customerGroupsApi = createResourceApi<TCustomerGroup, TCustomerGroupInput>({
  name: 'customerGroups',
  path: '/customer-groups',
  tag: 'CustomerGroups',
  invalidates: ['Customers'],
});

export const customerGroupRef = referenceOf(customerGroupsApi, (g) => g.name, 'name:asc');
export const customerRef = referenceOf(customersApi, (c) => c.name, 'name:asc');

/** A sales document list's customer filter (`customerId` in the URL). */
export const customerFilter = (t: TFunction): ListFilter => ({
  param: 'customerId',
  label: t('fields.customer'),
  allLabel: t('invoices.allCustomers'),
  source: customerRef,
  width: 240,
});
