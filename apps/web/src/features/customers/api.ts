import type { TCustomer, TCustomerGroup, TCustomerGroupInput, TCustomerInput } from '@tagstock/contract';
import { createResourceApi } from '../../app/resource-api';
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
