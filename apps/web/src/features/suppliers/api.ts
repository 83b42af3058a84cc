import type { TSupplier, TSupplierInput } from '@tagstock/contract';
import { createResourceApi } from '../../app/resource-api';
import { referenceOf } from '../../components/reference-source';

export const suppliersApi = createResourceApi<TSupplier, TSupplierInput>({
  name: 'suppliers',
  path: '/suppliers',
  tag: 'Suppliers',
  invalidates: ['Articles'],
});

/** What a supplier select searches. */
export const supplierRef = referenceOf(suppliersApi, (s) => s.name, 'name:asc');
