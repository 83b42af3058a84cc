import { sql } from 'drizzle-orm';
import type { TList, TListQuery, TTenant } from '@tagstock/contract';
import type { Tx } from '../../db/client';
import { paginate, type ListSpec } from '../../platform/pagination';
import { isoUtc } from '../../db/sql-fragments';

const tenantList: ListSpec = {
  columns: sql`t.id, t.name, ${isoUtc(sql`t.created_at`)} as "createdAt",
    (select count(*)::int from users u where u.tenant_id = t.id) as "userCount"`,
  from: sql`from tenants t`,
  search: [sql`t.name`],
  sort: { name: sql`t.name`, createdAt: sql`t.created_at` },
  defaultSort: 'name:asc',
  tieBreaker: sql`t.id`,
};

export const tenantsRepository = {
  list: (db: Tx, q: TListQuery): Promise<TList<TTenant>> => paginate<TTenant>(db, tenantList, q),
};
