import { sql } from 'drizzle-orm';
import {
  ZAttributionListQuery,
  ZCategoryAttribution,
  ZCategoryAttributionInput,
  type TAttributionListQuery,
  type TCategoryAttribution,
  type TCategoryAttributionInput,
} from '@tagstock/contract';
import type { Db } from '../../db/client';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { registerUsage } from '../../platform/usages';
import { categories } from '../categories/categories.schema';
import { activeToday, holderColumns } from './attributions';
import { categoryAttributions, consumers } from './rfid.schema';

/** A whole category handed to a consumer or a location for a period. */
export function categoryAttributionResource(db: Db) {
  registerUsage(consumers, {
    resource: 'categoryAttributions',
    table: categoryAttributions,
    column: categoryAttributions.consumerId,
  });
  const service = createCrudService<
    TCategoryAttribution,
    TCategoryAttributionInput,
    TCategoryAttributionInput,
    TAttributionListQuery
  >(db, {
    entity: 'category attribution',
    table: categoryAttributions,
    idColumn: sql`ca.id`,
    list: (tenantId, q) => ({
      columns: sql`ca.id, ${holderColumns('ca')}, ca.category_id as "categoryId", c.name as "categoryName"`,
      from: sql`from category_attributions ca left join consumers co on co.id = ca.consumer_id
        join categories c on c.id = ca.category_id`,
      where: [
        sql`ca.tenant_id = ${tenantId}`,
        ...(q.consumerId ? [sql`ca.consumer_id = ${q.consumerId}`] : []),
        ...(q.active === 'true' ? [activeToday('ca')] : q.active === 'false' ? [sql`not ${activeToday('ca')}`] : []),
      ],
      search: [sql`co.name`, sql`ca.location`, sql`c.name`, sql`ca.note`],
      sort: {
        consumerName: sql`co.name`,
        categoryName: sql`c.name`,
        location: sql`ca.location`,
        startDate: sql`ca.start_date`,
        endDate: sql`ca.end_date`,
        createdAt: sql`ca.created_at`,
      },
      defaultSort: 'startDate:desc',
      tieBreaker: sql`ca.id`,
    }),
    toValues: (input) => input,
    references: { consumerId: consumers, categoryId: categories },
  });
  const routes = crudRoutes({
    path: '/category-attributions',
    resource: 'attributions',
    tag: 'attributions',
    service,
    item: ZCategoryAttribution,
    input: ZCategoryAttributionInput,
    query: ZAttributionListQuery,
  });
  return { service, routes };
}
