import { sql } from 'drizzle-orm';
import { ZConsumer, ZConsumerInput, type TConsumer, type TConsumerInput } from '@tagstock/contract';
import type { Db } from '../../db/client';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { stamps } from './rfid.repository';
import { consumers } from './rfid.schema';

/** People and services that articles and tags are attributed to. */
export function consumerResource(db: Db) {
  const service = createCrudService<TConsumer, TConsumerInput>(db, {
    entity: 'consumer',
    table: consumers,
    idColumn: sql`c.id`,
    list: (tenantId) => ({
      columns: sql`c.id, c.name, c.kind, c.email, c.phone, c.note,
        ((select count(*) from attributions x where x.consumer_id = c.id)
          + (select count(*) from category_attributions x where x.consumer_id = c.id))::int as "attributionCount",
        ${stamps('c')}`,
      from: sql`from consumers c`,
      where: [sql`c.tenant_id = ${tenantId}`],
      search: [sql`c.name`, sql`c.email`, sql`c.note`],
      sort: { name: sql`c.name`, kind: sql`c.kind`, createdAt: sql`c.created_at` },
      defaultSort: 'name:asc',
      tieBreaker: sql`c.id`,
    }),
    toValues: (input) => input,
    errors: { inUse: 'This consumer still has attributions: end or delete them first' },
  });
  const routes = crudRoutes({
    path: '/consumers',
    resource: 'consumers',
    tag: 'consumers',
    service,
    item: ZConsumer,
    input: ZConsumerInput,
  });
  return { service, routes };
}
