import { sql } from 'drizzle-orm';
import { ZCategory, ZCategoryInput, type TCategory, type TCategoryInput } from '@tagstock/contract';
import type { Db } from '../../db/client';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { tenantList } from '../../platform/pagination';
import { categories } from './categories.schema';

export function categoriesModule(db: Db) {
  const service = createCrudService<TCategory, TCategoryInput>(db, {
    entity: 'category',
    table: categories,
    idColumn: sql`c.id`,
    list: tenantList({
      table: 'categories',
      alias: 'c',
      columns: sql`c.id, c.name, c.description, c.nature,
        (select count(*)::int from articles a where a.category_id = c.id) as "articleCount"`,
      search: [sql`c.name`, sql`c.description`],
      sort: { name: sql`c.name` },
      defaultSort: 'name:asc',
    }),
    toValues: (input) => input,
    errors: {
      unique: { categories_tenant_name_uq: 'name' },
      inUse: 'This category is used by articles: move them to another category first',
    },
  });
  const routes = crudRoutes({
    path: '/categories',
    resource: 'categories',
    tag: 'categories',
    service,
    item: ZCategory,
    input: ZCategoryInput,
  });
  return { service, routes };
}
