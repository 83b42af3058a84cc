import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  ZEpcHex,
  ZTag,
  ZTagBind,
  ZTagBindReport,
  ZTagInput,
  ZTagListQuery,
  type TTag,
  type TTagBind,
  type TTagBindReport,
  type TTagInput,
  type TTagListQuery,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows, withTenant, type Db } from '../../db/client';
import { callerTenant, type AuthContext } from '../../platform/auth';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { registerUsage } from '../../platform/usages';
import { translateDbError } from '../../platform/db-errors';
import { badRequest, fieldErrorOf } from '../../platform/errors';
import type { ListSpec } from '../../platform/pagination';
import { articles } from '../articles/articles.schema';
import { tagColumns, tagFrom, tagSort, withGs1 } from './rfid.repository';
import { tagFamilies, tags } from './rfid.schema';

/** Tags (EPCs) bound to articles, with their GS1 reading; binding a list of EPCs at once. */
export function tagResource(db: Db) {
  registerUsage(tagFamilies, { resource: 'tags', table: tags, column: tags.familyId });
  type TTagRow = Omit<TTag, 'gtin' | 'serial'>;
  const tagCrud = createCrudService<TTagRow, TTagInput, TTagInput, TTagListQuery>(db, {
    entity: 'tag',
    table: tags,
    idColumn: sql`t.id`,
    list: (tenantId, q): ListSpec => ({
      columns: tagColumns,
      from: tagFrom,
      where: [
        sql`t.tenant_id = ${tenantId}`,
        ...(q.articleId ? [sql`t.article_id = ${q.articleId}`] : []),
        ...(q.familyId ? [sql`t.family_id = ${q.familyId}`] : []),
        ...(q.status ? [sql`t.status = ${q.status}`] : []),
      ],
      search: [sql`t.epc`, sql`t.tid`, sql`a.reference`, sql`a.designation`],
      sort: tagSort,
      defaultSort: 'epc:asc',
      tieBreaker: sql`t.id`,
    }),
    toValues: (input) => input,
    references: { familyId: tagFamilies, articleId: articles },
    errors: { unique: { tags_tenant_epc_uq: 'epc' }, inUse: 'This tag is used by attributions' },
  });
  const service = {
    findOne: tagCrud.findOne,
    list: async (auth: AuthContext, q: TTagListQuery) => {
      const page = await tagCrud.list(auth, q);
      return { ...page, items: page.items.map(withGs1) };
    },
    get: async (auth: AuthContext, id: number) => withGs1(await tagCrud.get(auth, id)),
    create: async (auth: AuthContext, input: TTagInput) => withGs1(await tagCrud.create(auth, input)),
    update: async (auth: AuthContext, id: number, input: TTagInput) => withGs1(await tagCrud.update(auth, id, input)),
    remove: tagCrud.remove,
    usage: tagCrud.usage,
  };

  /**
   * Binds a list of EPCs to one article in one transaction: creates unknown EPCs, rebinds known ones. EPCs of
   * another article are named first and move only with `move` (the user confirmed it).
   */
  const bind = (auth: AuthContext, body: TTagBind): Promise<TTagBindReport> =>
    withTenant(db, callerTenant(auth), async (tx) => {
      const tenantId = callerTenant(auth);
      const [article] = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.id, body.articleId), eq(articles.tenantId, tenantId)));
      if (!article)
        throw badRequest('unknown_reference', 'Unknown articleId', [
          { field: 'articleId', message: 'not found', code: 'not_found' },
        ]);
      if (body.familyId !== null) {
        const [family] = await tx
          .select({ id: tagFamilies.id })
          .from(tagFamilies)
          .where(and(eq(tagFamilies.id, body.familyId), eq(tagFamilies.tenantId, tenantId)));
        if (!family)
          throw badRequest('unknown_reference', 'Unknown familyId', [
            { field: 'familyId', message: 'not found', code: 'not_found' },
          ]);
      }
      const invalid: TTagBindReport['invalid'] = [];
      const epcs = new Set<string>();
      body.epcs.forEach((raw, i) => {
        if (!raw.trim()) return;
        const parsed = ZEpcHex.safeParse(raw);
        if (parsed.success) epcs.add(parsed.data);
        else {
          const issue = parsed.error.issues[0];
          const message = issue?.message ?? 'invalid EPC';
          invalid.push({
            line: i + 1,
            epc: raw,
            message,
            code: fieldErrorOf({ keyword: issue?.code ?? '', message }).code,
          });
        }
      });
      const none = { created: 0, rebound: 0, unchanged: 0, invalid };
      if (epcs.size === 0) return { applied: true, ...none, conflicts: [] };
      const elsewhere = await tx
        .select({
          epc: tags.epc,
          articleId: articles.id,
          reference: articles.reference,
          designation: articles.designation,
        })
        .from(tags)
        .innerJoin(articles, and(eq(articles.id, tags.articleId), eq(articles.tenantId, tenantId)))
        .where(and(eq(tags.tenantId, tenantId), inArray(tags.epc, [...epcs]), ne(tags.articleId, body.articleId)))
        .orderBy(articles.reference, tags.epc);
      const byArticle = new Map<number, TTagBindReport['conflicts'][number]>();
      for (const { epc, ...article } of elsewhere) {
        const entry = byArticle.get(article.articleId);
        if (entry) entry.epcs.push(epc);
        else byArticle.set(article.articleId, { ...article, epcs: [epc] });
      }
      const conflicts = [...byArticle.values()];
      if (conflicts.length > 0 && !body.move) return { applied: false, ...none, conflicts };
      const values = [...epcs].map((epc) => sql`(${tenantId}::int, ${epc}::text)`);
      const rows = await queryRows<{ inserted: boolean }>(
        tx,
        sql`insert into tags (tenant_id, epc, article_id, family_id)
            select v.tenant_id, v.epc, ${body.articleId}::int, ${body.familyId}::int from (values ${sql.join(values, sql`, `)}) as v(tenant_id, epc)
            on conflict (tenant_id, epc) do update
              set article_id = excluded.article_id, family_id = coalesce(excluded.family_id, tags.family_id), updated_at = now()
              where tags.article_id is distinct from excluded.article_id
                 or (excluded.family_id is not null and tags.family_id is distinct from excluded.family_id)
            returning (xmax = 0) as inserted`,
      );
      const created = rows.filter((r) => r.inserted).length;
      return {
        applied: true,
        created,
        rebound: rows.length - created,
        unchanged: epcs.size - rows.length,
        invalid,
        conflicts,
      };
    });

  const bindRoutes: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/tags/bind',
      {
        schema: { tags: ['tags'], body: ZTagBind, response: { 200: ZTagBindReport } },
        preHandler: app.requirePermission('tags.write'),
      },
      (req) => bind(req.auth, req.body).catch((err: unknown) => translateDbError(err, {})),
    );
  };

  const routes = [
    bindRoutes,
    crudRoutes({
      path: '/tags',
      resource: 'tags',
      tag: 'tags',
      service,
      item: ZTag,
      input: ZTagInput,
      query: ZTagListQuery,
    }),
  ];
  return { service, routes };
}
