import { sql } from 'drizzle-orm';
import {
  ZReason,
  ZReasonInput,
  ZReasonListQuery,
  type TReason,
  type TReasonInput,
  type TReasonListQuery,
} from '@tagstock/contract';
import type { Db } from '../../db/client';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { tenantList } from '../../platform/pagination';
import { reasons } from './reasons.schema';

export function reasonsModule(db: Db) {
  const owned = tenantList({
    table: 'reasons',
    alias: 'r',
    columns: sql`r.id, r.label, r.kind`,
    search: [sql`r.label`],
    sort: { label: sql`r.label`, kind: sql`r.kind` },
    defaultSort: 'label:asc',
  });
  const service = createCrudService<TReason, TReasonInput, TReasonInput, TReasonListQuery>(db, {
    entity: 'reason',
    table: reasons,
    idColumn: sql`r.id`,
    // A direction's reasons: its own kind and 'both' (the stock change dialog searches among them).
    list: (tenantId, q) => {
      const spec = owned(tenantId);
      if (!q.kind) return spec;
      return { ...spec, where: [...(spec.where ?? []), sql`r.kind in (${q.kind}, 'both')`] };
    },
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
    query: ZReasonListQuery,
  });
  return { service, routes };
}
