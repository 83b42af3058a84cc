import type { TCategory, TCategoryInput } from '@tagstock/contract';
import { createResourceApi } from '../../app/resource-api';
import { referenceOf } from '../../components/reference-source';

export const categoriesApi = createResourceApi<TCategory, TCategoryInput>({
  name: 'categories',
  path: '/categories',
  tag: 'Categories',
  invalidates: ['Articles'],
});

export const categoryRef = referenceOf(categoriesApi, (c) => c.name, 'name:asc');
