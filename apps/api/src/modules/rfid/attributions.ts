import { sql } from 'drizzle-orm';
import {
  ZAttribution,
  ZAttributionInput,
  ZAttributionListQuery,
  type TAttribution,
  type TAttributionInput,
  type TAttributionListQuery,
} from '@tagstock/contract';
import type { Db } from '../../db/client';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { registerUsage } from '../../platform/usages';
import { articles } from '../articles/articles.schema';
import { stamps } from './rfid.repository';
import { attributions, consumers, tags } from './rfid.schema';

/** An attribution (alias `a`) active today: started, not yet ended. */
export const activeToday = (a: string) =>
  sql`(${sql.raw(a)}.start_date <= current_date and (${sql.raw(a)}.end_date is null or ${sql.raw(a)}.end_date >= current_date))`;

/** The holder and period columns shared by attributions and category attributions (consumer joined as `co`). */
export const holderColumns = (a: string) => {
  const x = sql.raw(a);
  return sql`${x}.consumer_id as "consumerId", co.name as "consumerName", ${x}.location,
    to_char(${x}.start_date, 'YYYY-MM-DD') as "startDate", to_char(${x}.end_date, 'YYYY-MM-DD') as "endDate",
    ${x}.note, ${activeToday(a)} as active, ${stamps(a)}`;
};

/** Articles or tags handed to a consumer or a location for a period: their exits are authorized. */
export function attributionResource(db: Db) {
  registerUsage(consumers, { resource: 'attributions', table: attributions, column: attributions.consumerId });
  const service = createCrudService<TAttribution, TAttributionInput, TAttributionInput, TAttributionListQuery>(db, {
    entity: 'attribution',
    table: attributions,
    idColumn: sql`at.id`,
    list: (tenantId, q) => ({
      columns: sql`at.id, ${holderColumns('at')}, at.article_id as "articleId",
        coalesce(a.reference, ta.reference) as "articleReference", coalesce(a.designation, ta.designation) as "articleDesignation",
        at.tag_id as "tagId", t.epc`,
      from: sql`from attributions at left join consumers co on co.id = at.consumer_id
        left join articles a on a.id = at.article_id left join tags t on t.id = at.tag_id
        left join articles ta on ta.id = t.article_id`,
      where: [
        sql`at.tenant_id = ${tenantId}`,
        ...(q.consumerId ? [sql`at.consumer_id = ${q.consumerId}`] : []),
        ...(q.active === 'true' ? [activeToday('at')] : q.active === 'false' ? [sql`not ${activeToday('at')}`] : []),
      ],
      search: [sql`co.name`, sql`at.location`, sql`a.reference`, sql`a.designation`, sql`t.epc`, sql`at.note`],
      sort: {
        consumerName: sql`co.name`,
        location: sql`at.location`,
        startDate: sql`at.start_date`,
        endDate: sql`at.end_date`,
        articleReference: sql`coalesce(a.reference, ta.reference)`,
        createdAt: sql`at.created_at`,
      },
      defaultSort: 'startDate:desc',
      tieBreaker: sql`at.id`,
    }),
    toValues: (input) => input,
    references: { consumerId: consumers, articleId: articles, tagId: tags },
  });
  const routes = crudRoutes({
    path: '/attributions',
    resource: 'attributions',
    tag: 'attributions',
    service,
    item: ZAttribution,
    input: ZAttributionInput,
    query: ZAttributionListQuery,
  });
  return { service, routes };
}
