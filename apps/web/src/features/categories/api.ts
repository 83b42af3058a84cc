import type { TCategory, TCategoryInput } from '@tagstock/contract';
import { createResourceApi } from '../../app/resource-api';

export const categoriesApi = createResourceApi<TCategory, TCategoryInput>({
  name: 'categories',
  path: '/categories',
  tag: 'Categories',
  invalidates: ['Articles'],
});

export const useCategoryOptions = () =>
  categoriesApi.useList({ page: 1, limit: 100, sort: 'name:asc' }).data?.items.map((c) => ({
    value: String(c.id),
    label: c.name,
  })) ?? [];
