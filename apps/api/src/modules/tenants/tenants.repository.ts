import { sql } from 'drizzle-orm';
import type { TList, TListQuery, TTenant } from '@tagstock/contract';
import type { Tx } from '../../db/client';
import { paginate, type ListSpec } from '../../platform/pagination';

const tenantList: ListSpec = {
  columns: sql`t.id, t.name, to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt",
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
