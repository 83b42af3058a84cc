import { sql } from 'drizzle-orm';
import { ZReason, ZReasonInput, type TReason, type TReasonInput } from '@tagstock/contract';
import type { Db } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { reasons } from './reasons.schema';

export function reasonsModule(db: Db) {
  const service = createCrudService<TReason, TReasonInput>(db, {
    entity: 'reason',
    table: reasons,
    idColumn: sql`r.id`,
    list: (tenantId) => ({
      columns: sql`r.id, r.label, r.kind, ${isoUtc(sql`r.created_at`)} as "createdAt", ${isoUtc(sql`r.updated_at`)} as "updatedAt"`,
      from: sql`from reasons r`,
      where: [sql`r.tenant_id = ${tenantId}`],
      search: [sql`r.label`],
      sort: { label: sql`r.label`, kind: sql`r.kind`, createdAt: sql`r.created_at` },
      defaultSort: 'label:asc',
      tieBreaker: sql`r.id`,
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
