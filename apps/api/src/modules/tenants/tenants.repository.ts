import { sql } from 'drizzle-orm';
import { REPORT_TRIES_DEFAULT, type TList, type TListQuery, type TTenant } from '@tagstock/contract';
import { queryRows, type Tx } from '../../db/client';
import { paginate, type ListSpec } from '../../platform/pagination';
import { isoUtc } from '../../db/sql-fragments';
import { notFound } from '../../platform/errors';
import { setTriesLimit, triesMonth } from '../reports/reports.service';

const columns = () => sql`t.id, t.name, ${isoUtc(sql`t.created_at`)} as "createdAt",
    (select count(*)::int from users u where u.tenant_id = t.id) as "userCount",
    coalesce((select s.report_tries_limit from report_settings s where s.tenant_id = t.id), ${REPORT_TRIES_DEFAULT})
      as "reportTriesLimit",
    coalesce((select r.used from report_tries r where r.tenant_id = t.id and r.month = ${triesMonth()}), 0)
      as "reportTriesUsed"`;

const tenantList = (): ListSpec => ({
  columns: columns(),
  from: sql`from tenants t`,
  search: [sql`t.name`],
  sort: { name: sql`t.name`, createdAt: sql`t.created_at` },
  defaultSort: 'name:asc',
  tieBreaker: sql`t.id`,
});

const findOne = async (db: Tx, id: number) =>
  (await queryRows<TTenant>(db, sql`select ${columns()} from tenants t where t.id = ${id}`))[0];

/** Platform work (the super admin), in a platform transaction. */
export const tenantsRepository = {
  list: (db: Tx, q: TListQuery): Promise<TList<TTenant>> => paginate<TTenant>(db, tenantList(), q),
  /** Sets a tenant's monthly natural-language report questions. */
  setReportTries: async (db: Tx, id: number, limit: number): Promise<TTenant> => {
    if (!(await findOne(db, id))) throw notFound('tenant');
    await setTriesLimit(db, id, limit);
    return (await findOne(db, id))!;
  },
};
