import { sql } from 'drizzle-orm';
import { ZCategory, ZCategoryInput, type TCategory, type TCategoryInput } from '@tagstock/contract';
import type { Db } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { categories } from './categories.schema';

export function categoriesModule(db: Db) {
  const service = createCrudService<TCategory, TCategoryInput>(db, {
    entity: 'category',
    table: categories,
    idColumn: sql`c.id`,
    list: (tenantId) => ({
      columns: sql`c.id, c.name, c.description,
        (select count(*)::int from articles a where a.category_id = c.id) as "articleCount",
        ${isoUtc(sql`c.created_at`)} as "createdAt", ${isoUtc(sql`c.updated_at`)} as "updatedAt"`,
      from: sql`from categories c`,
      where: [sql`c.tenant_id = ${tenantId}`],
      search: [sql`c.name`, sql`c.description`],
      sort: { name: sql`c.name`, createdAt: sql`c.created_at` },
      defaultSort: 'name:asc',
      tieBreaker: sql`c.id`,
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
