import type { TSupplier, TSupplierInput } from '@tagstock/contract';
import { createResourceApi } from '../../app/resource-api';

export const suppliersApi = createResourceApi<TSupplier, TSupplierInput>({
  name: 'suppliers',
  path: '/suppliers',
  tag: 'Suppliers',
  invalidates: ['Articles'],
});

/** Choices for a supplier select. */
export const useSupplierOptions = () =>
  suppliersApi.useList({ page: 1, limit: 100, sort: 'name:asc' }).data?.items.map((s) => ({
    value: String(s.id),
    label: s.name,
  })) ?? [];
