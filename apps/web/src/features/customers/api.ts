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

/** The exemption a customer's lines at 0 % take by default (none without a customer, or until it is read). */
export const useCustomerVatExemption = (customerId: string) => {
  const id = Number(customerId);
  const { currentData } = customersApi.useGet(id, { skip: !Number.isInteger(id) || id <= 0 });
  return currentData?.vatExemption ?? null;
};

/** A sales document list's customer filter (`customerId` in the URL). */
export const customerFilter = (t: TFunction): ListFilter => ({
  param: 'customerId',
  label: t('fields.customer'),
  allLabel: t('invoices.allCustomers'),
  source: customerRef,
  width: 240,
});
