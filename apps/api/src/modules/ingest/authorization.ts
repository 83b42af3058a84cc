import type { TExitReason } from '@tagstock/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryPrepared, queryRows, type Tx } from '../../db/client';
import { jsonRows } from '../../db/sql-fragments';

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
 * `covers` answers, for each exit of a batch, a short description of what covers it, or null; `missing`
 * names it in the reason text. One query per authorizer and batch, however many exits it holds.
 */
export type ExitAuthorizer = {
  /** Stable: the web translates the reason from it (`exitReason.missing.<name>`). */
  name: string;
  /**
   * Where it stands among the others (lower first): each sees only the exits earlier ones left uncovered, so the
   * narrower covers go first (attribution 0, output 10, delivery note 20) whatever order the modules start in.
   */
  rank: number;
  missing: string;
  covers(tx: Tx, exits: ExitContext[]): Promise<(string | null)[]>;
  /**
   * The same answer as a query, for the batch's one statement of every authorizer (`authorizeExitsAlong`): its rows
   * are (i, cover) for the exits of `exits` it covers, `exits` being a query of the columns of `exitRows`.
   */
  coversSql?(exits: SQL): SQL;
  /** The English text of a cover, for the stored message (default: the cover itself). */
  describe?(cover: string): string;
  /** The whole stored message of an exit it covers (default: `Authorized: ` and the description). */
  message?(cover: string): string;
  /**
   * Keeps what left under its covers (a delivery note ticks its lines), in the batch's transaction once its
   * movements are written: one call per batch with every exit it covered.
   */
  record?(tx: Tx, covered: CoveredExit[]): Promise<void>;
};

/** An exit an authorizer covered, with its tag movement. */
export type CoveredExit = {
  tenantId: number;
  tagId: number;
  articleId: number | null;
  cover: string;
  movementId: number;
};

export type ExitAuthorization = { isAuthorized: boolean; message: string; reason: TExitReason };

/**
 * The exits of a batch as a query: i (their position), tenant, tag, article, category, at. The exit's day (UTC) is
 * what attributions are compared with.
 */
export const exitRows = (exits: ExitContext[]): SQL =>
  sql`select * from ${jsonRows(
    exits.map((e, i) => ({
      i,
      tenant: e.tenantId,
      tag: e.tagId,
      article: e.articleId,
      category: e.categoryId,
      at: e.at.toISOString(),
    })),
  )} as v(i int, tenant int, tag int, article int, category int, at timestamptz)`;

/** An authorizer's `covers` from its `coversSql`: one query, planned at each call (see `authorizeExitsAlong`). */
export async function coversBySql(
  tx: Tx,
  coversSql: (exits: SQL) => SQL,
  exits: ExitContext[],
): Promise<(string | null)[]> {
  const rows = await queryRows<{ i: number; cover: string }>(
    tx,
    sql`select c.i, c.cover from (${coversSql(exitRows(exits))}) c(i, cover)`,
  );
  const covered = new Map(rows.map((r) => [r.i, r.cover]));
  return exits.map((_, i) => covered.get(i) ?? null);
}

/** Attributions of the tag, of its article, or of its article's category, active on the day of the exit. */
export const attributionAuthorizer: ExitAuthorizer = {
  name: 'attribution',
  rank: 0,
  missing: 'no active attribution of this tag, its article or its category',
  covers: (tx, exits) => coversBySql(tx, attributionAuthorizer.coversSql!, exits),
  coversSql: (exits) =>
    sql`select v.i, h.holder
        from (select x.*, (x.at at time zone 'UTC')::date as d from (${exits}) x) v
        cross join lateral (
          select coalesce(co.name, x.location) as holder from (
            select consumer_id, location from attributions
              where tenant_id = v.tenant and (tag_id = v.tag or article_id = v.article)
                and start_date <= v.d and (end_date is null or end_date >= v.d)
            union all
            select consumer_id, location from category_attributions
              where tenant_id = v.tenant and category_id = v.category
                and start_date <= v.d and (end_date is null or end_date >= v.d)
          ) x left join consumers co on co.id = x.consumer_id and co.tenant_id = v.tenant limit 1
        ) h`,
  describe: (holder) => `attributed to ${holder}`,
};

const authorizers: ExitAuthorizer[] = [attributionAuthorizer];

/** Other modules (stock outputs, reservations, delivery notes) add what covers an exit here, once at start-up. */
export function registerExitAuthorizer(a: ExitAuthorizer): void {
  if (authorizers.some((x) => x.name === a.name)) return;
  authorizers.push(a);
  authorizers.sort((x, y) => x.rank - y.rank);
}

/** The verdict from each authorizer's answer: the first cover authorizes; otherwise the reason lists what was missing. */
export function verdict(answers: { authorizer: ExitAuthorizer; cover: string | null }[]): ExitAuthorization {
  const covered = answers.find((a) => a.cover !== null);
  if (covered) {
    const cover = covered.cover!;
    return {
      isAuthorized: true,
      message: covered.authorizer.message?.(cover) ?? `Authorized: ${covered.authorizer.describe?.(cover) ?? cover}`,
      reason: { code: 'authorized', params: { by: covered.authorizer.name, cover } },
    };
  }
  const missing = answers.map((a) => a.authorizer.missing).join('; ');
  return {
    isAuthorized: false,
    message: `${missing.charAt(0).toUpperCase()}${missing.slice(1)}`,
    reason: { code: 'not_covered', params: { missing: answers.map((a) => a.authorizer.name) } },
  };
}

/** Hands each authorizer that keeps what it covered (`record`) the exits of the batch it authorized. */
export async function recordCovered(
  tx: Tx,
  exits: (Omit<CoveredExit, 'cover'> & { reason: TExitReason | null })[],
): Promise<void> {
  for (const authorizer of authorizers) {
    if (!authorizer.record) continue;
    const covered = exits.flatMap((e) =>
      e.reason?.code === 'authorized' && e.reason.params.by === authorizer.name
        ? [{ ...e, cover: String(e.reason.params.cover) }]
        : [],
    );
    if (covered.length) await authorizer.record(tx, covered);
  }
}

/** The one check of the OUTs at exit gates: each authorizer sees the exits that no earlier one covered. */
export async function authorizeExits(
  tx: Tx,
  exits: ExitContext[],
  list: readonly ExitAuthorizer[] = authorizers,
): Promise<ExitAuthorization[]> {
  const answers = exits.map(() => [] as { authorizer: ExitAuthorizer; cover: string | null }[]);
  let open = exits.map((_, i) => i);
  for (const authorizer of list) {
    if (!open.length) break;
    const covers = await authorizer.covers(
      tx,
      open.map((i) => exits[i]!),
    );
    open.forEach((i, k) => answers[i]!.push({ authorizer, cover: covers[k] ?? null }));
    open = open.filter((_, k) => (covers[k] ?? null) === null);
  }
  return answers.map(verdict);
}

/**
 * `authorizeExits` and a query of the batch's own (`alongside`, read after the authorizers' in the same snapshot) in
 * one statement, when every authorizer gives its `coversSql`: each authorizer's query takes the exits the earlier
 * ones left, as in `authorizeExits`. Answers the verdicts and `alongside`'s rows (as JSON: name its columns).
 */
export async function authorizeExitsAlong<T>(
  tx: Tx,
  exits: ExitContext[],
  alongside: SQL | null,
  list: readonly ExitAuthorizer[] = authorizers,
): Promise<{ verdicts: ExitAuthorization[]; rows: T[] }> {
  const rowsOf = sql`(select coalesce(json_agg(x), '[]') from (${alongside ?? sql`select 1 where false`}) x)`;
  if (!exits.length) {
    if (!alongside) return { verdicts: [], rows: [] };
    const [only] = await queryPrepared<{ rows: T[] }>(tx, sql`select ${rowsOf} as rows`);
    return { verdicts: [], rows: only!.rows };
  }
  if (list.some((a) => !a.coversSql)) {
    const verdicts = await authorizeExits(tx, exits, list);
    if (!alongside) return { verdicts, rows: [] };
    const [only] = await queryPrepared<{ rows: T[] }>(tx, sql`select ${rowsOf} as rows`);
    return { verdicts, rows: only!.rows };
  }
  const ctes: SQL[] = [sql`e0 as materialized (${exitRows(exits)})`];
  list.forEach((a, k) => {
    const e = sql.identifier(`e${k}`);
    const c = sql.identifier(`a${k}`);
    if (k > 0)
      ctes.push(
        sql`${e} as materialized (select * from ${sql.identifier(`e${k - 1}`)}
          where i not in (select i from ${sql.identifier(`a${k - 1}`)}))`,
      );
    ctes.push(
      sql`${c} as materialized (select c.i, c.cover::text as cover from (${a.coversSql!(sql`select * from ${e}`)}) c(i, cover))`,
    );
  });
  const all = sql.join(
    list.map((_, k) => sql`select ${k}::int as k, i, cover from ${sql.identifier(`a${k}`)}`),
    sql` union all `,
  );
  // Planned at each batch, not prepared: the covers join tables that grow while a connection lives (the exits a
  // delivery note took, the movements), and a generic plan made when they were small stayed, each batch slower than
  // the last (from ~30 ms to over a second within a 20 s run, measured; planning costs a few milliseconds).
  const [row] = await queryRows<{ covers: [number, number, string][]; rows: T[] }>(
    tx,
    sql`with ${sql.join(ctes, sql`, `)}
        select (select coalesce(json_agg(json_build_array(x.k, x.i, x.cover)), '[]') from (${all}) x) as covers,
               ${rowsOf} as rows`,
  );
  const byAuthorizer = list.map(() => new Map<number, string>());
  for (const [k, i, cover] of row!.covers) byAuthorizer[k]!.set(i, cover);
  const answers = exits.map(() => [] as { authorizer: ExitAuthorizer; cover: string | null }[]);
  let open = exits.map((_, i) => i);
  list.forEach((authorizer, k) => {
    if (!open.length) return;
    for (const i of open) answers[i]!.push({ authorizer, cover: byAuthorizer[k]!.get(i) ?? null });
    open = open.filter((i) => !byAuthorizer[k]!.has(i));
  });
  return { verdicts: answers.map(verdict), rows: row!.rows };
}
