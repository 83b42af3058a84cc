import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';

/** What an OUT at an exit gate is checked against. */
export type ExitContext = {
  tenantId: number;
  tagId: number;
  articleId: number | null;
  categoryId: number | null;
  at: Date;
};

/**
 * One way an exit can be covered (an attribution, an open stock output, a reservation, a delivery note…).
 * `covers` answers a short description of what covers it, or null; `missing` names it in the reason text.
 */
export type ExitAuthorizer = {
  name: string;
  missing: string;
  covers(tx: Tx, c: ExitContext): Promise<string | null>;
};

export type ExitAuthorization = { isAuthorized: boolean; message: string };

const day = (at: Date) => at.toISOString().slice(0, 10);

/** Attributions of the tag, of its article, or of its article's category, active on the day of the exit. */
export const attributionAuthorizer: ExitAuthorizer = {
  name: 'attribution',
  missing: 'no active attribution of this tag, its article or its category',
  async covers(tx, c) {
    const d = day(c.at);
    const [row] = await queryRows<{ holder: string }>(
      tx,
      sql`select coalesce(co.name, x.location) as holder from (
            select consumer_id, location from attributions
              where (tag_id = ${c.tagId} or article_id = ${c.articleId})
                and start_date <= ${d}::date and (end_date is null or end_date >= ${d}::date)
            union all
            select consumer_id, location from category_attributions
              where category_id = ${c.categoryId}
                and start_date <= ${d}::date and (end_date is null or end_date >= ${d}::date)
          ) x left join consumers co on co.id = x.consumer_id limit 1`,
    );
    return row ? `attributed to ${row.holder}` : null;
  },
};

const authorizers: ExitAuthorizer[] = [attributionAuthorizer];

/** Other modules (stock outputs, reservations, delivery notes) add what covers an exit here, once at start-up. */
export function registerExitAuthorizer(a: ExitAuthorizer): void {
  if (!authorizers.some((x) => x.name === a.name)) authorizers.push(a);
}

/** The verdict from each authorizer's answer: the first cover authorizes; otherwise the reason lists what was missing. */
export function verdict(answers: { authorizer: ExitAuthorizer; cover: string | null }[]): ExitAuthorization {
  const covered = answers.find((a) => a.cover !== null);
  if (covered) return { isAuthorized: true, message: `Authorized: ${covered.cover}` };
  const missing = answers.map((a) => a.authorizer.missing).join('; ');
  return { isAuthorized: false, message: `${missing.charAt(0).toUpperCase()}${missing.slice(1)}` };
}

/** The one check of an OUT at an exit gate. */
export async function authorizeExit(
  tx: Tx,
  c: ExitContext,
  list: readonly ExitAuthorizer[] = authorizers,
): Promise<ExitAuthorization> {
  const answers: { authorizer: ExitAuthorizer; cover: string | null }[] = [];
  for (const authorizer of list) {
    const cover = await authorizer.covers(tx, c);
    answers.push({ authorizer, cover });
    if (cover !== null) break;
  }
  return verdict(answers);
}
