import { sql } from 'drizzle-orm';
import { ZSupplier, ZSupplierInput, type TSupplier, type TSupplierInput } from '@tagstock/contract';
import type { Db } from '../../db/client';
import type { z } from 'zod';
import { contactExport, contactInput, contactImportSpec } from '../../platform/contact-import';
import { importExportRoutes } from '../../platform/import-export';
import { contactSearch, contactSelect, contactSort } from '../../db/sql-fragments';
import type { ListSpec } from '../../platform/pagination';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { suppliers } from './suppliers.schema';

const list = (tenantId: number): ListSpec => ({
  columns: sql`${contactSelect('s')},
      (select count(*)::int from articles a where a.supplier_id = s.id) as "articleCount"`,
  from: sql`from suppliers s`,
  where: [sql`s.tenant_id = ${tenantId}`],
  search: contactSearch('s'),
  sort: contactSort('s'),
  defaultSort: 'name:asc',
  tieBreaker: sql`s.id`,
});

/** Import and export of suppliers: rows match by name. */
export const supplierImportSpec = contactImportSpec<TSupplierInput, undefined>({
  path: '/suppliers',
  resource: 'suppliers',
  name: 'suppliers',
  table: suppliers,
  tableName: 'suppliers',
  extraColumns: [],
  list,
  exportColumns: contactExport('s'),
  schema: ZSupplierInput as z.ZodType<TSupplierInput>,
  lookups: async () => undefined,
  toInput: (values) => ({ input: contactInput(values), errors: [] }),
});

export function suppliersModule(db: Db) {
  const service = createCrudService<TSupplier, TSupplierInput>(db, {
    entity: 'supplier',
    table: suppliers,
    idColumn: sql`s.id`,
    list,
    toValues: (input) => input,
    logged: true,
    errors: { inUse: 'This supplier still has articles or orders: move or delete them first' },
  });
  const transfer = importExportRoutes(db, supplierImportSpec);
  const routes = [
    transfer,
    crudRoutes({
      path: '/suppliers',
      resource: 'suppliers',
      tag: 'suppliers',
      service,
      item: ZSupplier,
      input: ZSupplierInput,
    }),
  ];
  return { service, routes };
}
