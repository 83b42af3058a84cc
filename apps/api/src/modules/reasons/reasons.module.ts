import { sql } from 'drizzle-orm';
import { ZReason, ZReasonInput, type TReason, type TReasonInput } from '@tagstock/contract';
import type { Db } from '../../db/client';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { tenantList } from '../../platform/pagination';
import { reasons } from './reasons.schema';

export function reasonsModule(db: Db) {
  const service = createCrudService<TReason, TReasonInput>(db, {
    entity: 'reason',
    table: reasons,
    idColumn: sql`r.id`,
    list: tenantList({
      table: 'reasons',
      alias: 'r',
      columns: sql`r.id, r.label, r.kind`,
      search: [sql`r.label`],
      sort: { label: sql`r.label`, kind: sql`r.kind` },
      defaultSort: 'label:asc',
    }),
    toValues: (input) => input,
    errors: {
      unique: { reasons_tenant_label_uq: 'label' },
      inUse: 'This reason is recorded on stock movements and cannot be deleted',
    },
  });
  const routes = crudRoutes({
    path: '/reasons',
    resource: 'reasons',
    tag: 'reasons',
    service,
    item: ZReason,
    input: ZReasonInput,
  });
  return { service, routes };
}
