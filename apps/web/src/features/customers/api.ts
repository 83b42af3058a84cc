import type { TCustomer, TCustomerGroup, TCustomerGroupInput, TCustomerInput } from '@tagstock/contract';
import { createResourceApi } from '../../app/resource-api';

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

export const useGroupOptions = () =>
  customerGroupsApi.useList({ page: 1, limit: 100, sort: 'name:asc' }).data?.items.map((g) => ({
    value: String(g.id),
    label: g.name,
  })) ?? [];
