import { sql } from 'drizzle-orm';
import { ZSupplier, ZSupplierInput, type TSupplier, type TSupplierInput } from '@tagstock/contract';
import type { Db } from '../../db/client';
import { contactSearch, contactSelect, contactSort } from '../../db/sql-fragments';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { suppliers } from './suppliers.schema';

export function suppliersModule(db: Db) {
  const service = createCrudService<TSupplier, TSupplierInput>(db, {
    entity: 'supplier',
    table: suppliers,
    idColumn: sql`s.id`,
    list: (tenantId) => ({
      columns: sql`${contactSelect('s')},
        (select count(*)::int from articles a where a.supplier_id = s.id) as "articleCount"`,
      from: sql`from suppliers s`,
      where: [sql`s.tenant_id = ${tenantId}`],
      search: contactSearch('s'),
      sort: contactSort('s'),
      defaultSort: 'name:asc',
      tieBreaker: sql`s.id`,
    }),
    toValues: (input) => input,
    errors: { inUse: 'This supplier still has articles: move or delete them first' },
  });
  const routes = crudRoutes({
    path: '/suppliers',
    resource: 'suppliers',
    tag: 'suppliers',
    service,
    item: ZSupplier,
    input: ZSupplierInput,
  });
  return { service, routes };
}
