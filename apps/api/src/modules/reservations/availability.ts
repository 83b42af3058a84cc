import { sql, type SQL } from 'drizzle-orm';
import { RESERVATION_TIME_ZONE } from '@tagstock/contract';

/** The tenants' day: a reservation holds through its `until` day. */
export const reservationDay = sql`(now() at time zone ${RESERVATION_TIME_ZONE})::date`;

/** A reservation (alias `r`) that still holds units: active and not past its day (whether the job ran or not). */
export const holding = (r = 'r'): SQL => {
  const a = sql.raw(r);
  return sql`(${a}.status = 'active' and ${a}.until >= ${reservationDay})`;
};

/** The units of the article aliased `a` held by reservations (served by the partial index on active ones). */
export const reservedOf = (a = 'a'): SQL => {
  const t = sql.raw(a);
  return sql`coalesce((select sum(rv.quantity) from reservations rv
    where rv.tenant_id = ${t}.tenant_id and rv.article_id = ${t}.id and ${holding('rv')}), 0)::int`;
};

/** On hand minus reserved, of the article aliased `a`. */
export const availableOf = (a = 'a'): SQL => sql`(${sql.raw(a)}.quantity - ${reservedOf(a)})`;
