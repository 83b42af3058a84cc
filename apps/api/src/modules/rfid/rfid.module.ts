import { and, eq, sql } from 'drizzle-orm';
import {
  ZPlatformListQuery,
  ZPlatformReader,
  ZPlatformTerminal,
  type TPlatformReader,
  type TPlatformTerminal,
  listOf,
  ZAttribution,
  ZAttributionInput,
  ZAttributionListQuery,
  ZCategoryAttribution,
  ZCategoryAttributionInput,
  ZConsumer,
  ZConsumerInput,
  ZEpcHex,
  ZIdParams,
  ZListQuery,
  ZOk,
  ZReader,
  ZReaderInput,
  ZReaderWithSecret,
  ZTag,
  ZTagBind,
  ZTagBindReport,
  ZTagFamily,
  ZTagFamilyInput,
  ZTagInput,
  ZTagListQuery,
  ZTerminal,
  ZTerminalInput,
  type TAttribution,
  type TAttributionInput,
  type TAttributionListQuery,
  type TCategoryAttribution,
  type TCategoryAttributionInput,
  type TConsumer,
  type TConsumerInput,
  type TListQuery,
  type TReader,
  type TReaderInput,
  type TReaderWithSecret,
  type TTag,
  type TTagBind,
  type TTagBindReport,
  type TTagFamily,
  type TTagFamilyInput,
  type TTagInput,
  type TTagListQuery,
  type TTerminal,
  type TTerminalInput,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows, withTenant, type Db } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { callerTenant, type AuthContext } from '../../platform/auth';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { translateDbError } from '../../platform/db-errors';
import { badRequest, notFound } from '../../platform/errors';
import { articles } from '../articles/articles.schema';
import { users } from '../auth/auth.schema';
import { categories } from '../categories/categories.schema';
import { newReaderSecret, stamps, tagColumns, tagFrom, tagSort, withGs1 } from './rfid.repository';
import { paginate, platformList, tenantList, type ListSpec, type TenantListOptions } from '../../platform/pagination';
import { tagLogRoutes } from './tag-logs';
import { attributions, categoryAttributions, consumers, readers, tagFamilies, tags, terminals } from './rfid.schema';

const activeToday = (a: string) =>
  sql`(${sql.raw(a)}.start_date <= current_date and (${sql.raw(a)}.end_date is null or ${sql.raw(a)}.end_date >= current_date))`;
const holderColumns = (a: string) => {
  const x = sql.raw(a);
  return sql`${x}.consumer_id as "consumerId", co.name as "consumerName", ${x}.location,
    to_char(${x}.start_date, 'YYYY-MM-DD') as "startDate", to_char(${x}.end_date, 'YYYY-MM-DD') as "endDate",
    ${x}.note, ${activeToday(a)} as active, ${stamps(a)}`;
};

const READER_LIST: TenantListOptions = {
  table: 'readers',
  alias: 'r',
  columns: sql`r.id, r.name, r.vendor, r.hostname, r.mac, r.location, r.role, r.antennas,
    r.heartbeat_timeout_seconds as "heartbeatTimeoutSeconds", r.presence_window_seconds as "presenceWindowSeconds",
    r.direction_window_seconds as "directionWindowSeconds", r.online, ${isoUtc(sql`r.last_heard_at`)} as "lastHeardAt"`,
  search: [sql`r.name`, sql`r.location`, sql`r.hostname`, sql`r.mac`],
  sort: {
    name: sql`r.name`,
    location: sql`r.location`,
    role: sql`r.role`,
    online: sql`r.online`,
    lastHeardAt: sql`r.last_heard_at`,
  },
  defaultSort: 'name:asc',
};

const TERMINAL_LIST: TenantListOptions = {
  table: 'terminals',
  alias: 'te',
  columns: sql`te.id, te.model, te.imei, te.manufacturer, te.user_id as "userId", u.name as "userName",
    ${isoUtc(sql`te.last_sync_at`)} as "lastSyncAt"`,
  joins: sql`left join users u on u.id = te.user_id`,
  search: [sql`te.model`, sql`te.imei`, sql`te.manufacturer`, sql`u.name`],
  sort: { model: sql`te.model`, imei: sql`te.imei`, userName: sql`u.name`, lastSyncAt: sql`te.last_sync_at` },
  defaultSort: 'model:asc',
};

export function rfidModule(db: Db) {
  const families = createCrudService<TTagFamily, TTagFamilyInput>(db, {
    entity: 'tag family',
    table: tagFamilies,
    idColumn: sql`f.id`,
    list: tenantList({
      table: 'tag_families',
      alias: 'f',
      columns: sql`f.id, f.name, f.counts_in_stock as "countsInStock", f.alarm_on_exit as "alarmOnExit",
        (select count(*)::int from tags t where t.family_id = f.id) as "tagCount"`,
      search: [sql`f.name`],
      sort: { name: sql`f.name` },
      defaultSort: 'name:asc',
    }),
    toValues: (input) => input,
    errors: {
      unique: { tag_families_tenant_name_uq: 'name' },
      inUse: 'This family still has tags: move them to another family first',
    },
  });

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
  const tagService = {
    findOne: tagCrud.findOne,
    list: async (auth: AuthContext, q: TTagListQuery) => {
      const page = await tagCrud.list(auth, q);
      return { ...page, items: page.items.map(withGs1) };
    },
    get: async (auth: AuthContext, id: number) => withGs1(await tagCrud.get(auth, id)),
    create: async (auth: AuthContext, input: TTagInput) => withGs1(await tagCrud.create(auth, input)),
    update: async (auth: AuthContext, id: number, input: TTagInput) => withGs1(await tagCrud.update(auth, id, input)),
    remove: tagCrud.remove,
  };

  /** Binds a list of EPCs to one article in one transaction: creates unknown EPCs, rebinds known ones. */
  const bind = (auth: AuthContext, body: TTagBind): Promise<TTagBindReport> =>
    withTenant(db, callerTenant(auth), async (tx) => {
      const tenantId = callerTenant(auth);
      const [article] = await tx.select({ id: articles.id }).from(articles).where(eq(articles.id, body.articleId));
      if (!article)
        throw badRequest('unknown_reference', 'Unknown articleId', [{ field: 'articleId', message: 'not found' }]);
      if (body.familyId !== null) {
        const [family] = await tx
          .select({ id: tagFamilies.id })
          .from(tagFamilies)
          .where(eq(tagFamilies.id, body.familyId));
        if (!family)
          throw badRequest('unknown_reference', 'Unknown familyId', [{ field: 'familyId', message: 'not found' }]);
      }
      const invalid: TTagBindReport['invalid'] = [];
      const epcs = new Set<string>();
      body.epcs.forEach((raw, i) => {
        if (!raw.trim()) return;
        const parsed = ZEpcHex.safeParse(raw);
        if (parsed.success) epcs.add(parsed.data);
        else invalid.push({ line: i + 1, epc: raw, message: parsed.error.issues[0]?.message ?? 'invalid EPC' });
      });
      if (epcs.size === 0) return { created: 0, rebound: 0, unchanged: 0, invalid };
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
      return { created, rebound: rows.length - created, unchanged: epcs.size - rows.length, invalid };
    });

  type TReaderCreate = TReaderInput & { secretHash?: string };
  const readerCrud = createCrudService<TReader, TReaderInput, TReaderCreate>(db, {
    entity: 'reader',
    table: readers,
    idColumn: sql`r.id`,
    list: tenantList(READER_LIST),
    toValues: (input) => input,
    errors: { unique: { readers_tenant_name_uq: 'name' }, inUse: 'This reader is still referenced' },
  });
  const createReader = async (auth: AuthContext, input: TReaderInput): Promise<TReaderWithSecret> => {
    const { random, hash } = newReaderSecret();
    const reader = await readerCrud.create(auth, { ...input, secretHash: hash });
    return { ...reader, secret: `${reader.id}.${random}` };
  };
  const rotateSecret = (auth: AuthContext, id: number): Promise<TReaderWithSecret> =>
    withTenant(db, callerTenant(auth), async (tx) => {
      const { random, hash } = newReaderSecret();
      const [row] = await tx
        .update(readers)
        .set({ secretHash: hash, updatedAt: new Date() })
        .where(and(eq(readers.id, id), eq(readers.tenantId, callerTenant(auth))))
        .returning({ id: readers.id });
      if (!row) throw notFound('reader');
      const reader = (await readerCrud.findOne(tx, callerTenant(auth), id))!;
      return { ...reader, secret: `${id}.${random}` };
    });

  const terminalCrud = createCrudService<TTerminal, TTerminalInput>(db, {
    entity: 'terminal',
    table: terminals,
    idColumn: sql`te.id`,
    list: tenantList(TERMINAL_LIST),
    toValues: (input) => input,
    references: { userId: users as never },
    errors: { unique: { terminals_tenant_imei_uq: 'imei' } },
  });

  const consumerCrud = createCrudService<TConsumer, TConsumerInput>(db, {
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

  const attributionCrud = createCrudService<TAttribution, TAttributionInput, TAttributionInput, TAttributionListQuery>(
    db,
    {
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
    },
  );

  const categoryAttributionCrud = createCrudService<
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

  const readerRoutes: FastifyPluginAsyncZod = async (app) => {
    const r = app.requirePermission('readers.read');
    const w = app.requirePermission('readers.write');
    const tags = ['readers'];
    app.get(
      '/readers',
      { schema: { tags, querystring: ZListQuery, response: { 200: listOf(ZReader) } }, preHandler: r },
      (req) => readerCrud.list(req.auth, req.query as TListQuery),
    );
    app.get('/readers/:id', { schema: { tags, params: ZIdParams, response: { 200: ZReader } }, preHandler: r }, (req) =>
      readerCrud.get(req.auth, req.params.id),
    );
    app.post(
      '/readers',
      { schema: { tags, body: ZReaderInput, response: { 200: ZReaderWithSecret } }, preHandler: w },
      (req) => createReader(req.auth, req.body),
    );
    app.put(
      '/readers/:id',
      { schema: { tags, params: ZIdParams, body: ZReaderInput, response: { 200: ZReader } }, preHandler: w },
      (req) => readerCrud.update(req.auth, req.params.id, req.body),
    );
    app.delete(
      '/readers/:id',
      { schema: { tags, params: ZIdParams, response: { 200: ZOk } }, preHandler: w },
      async (req) => {
        await readerCrud.remove(req.auth, req.params.id);
        return { ok: true as const };
      },
    );
    app.post(
      '/readers/:id/rotate-secret',
      { schema: { tags, params: ZIdParams, response: { 200: ZReaderWithSecret } }, preHandler: w },
      (req) => rotateSecret(req.auth, req.params.id),
    );
  };

  // The platform's view: every tenant's readers and terminals, for the super admin (read-only).
  const platformRoutes: FastifyPluginAsyncZod = async (app) => {
    const readerList = platformList(READER_LIST);
    const terminalList = platformList(TERMINAL_LIST);
    app.get(
      '/platform/readers',
      {
        schema: { tags: ['platform'], querystring: ZPlatformListQuery, response: { 200: listOf(ZPlatformReader) } },
        preHandler: app.requireSuperAdmin,
      },
      (req) => paginate<TPlatformReader>(db, readerList(req.query.tenantId), req.query),
    );
    app.get(
      '/platform/terminals',
      {
        schema: { tags: ['platform'], querystring: ZPlatformListQuery, response: { 200: listOf(ZPlatformTerminal) } },
        preHandler: app.requireSuperAdmin,
      },
      (req) => paginate<TPlatformTerminal>(db, terminalList(req.query.tenantId), req.query),
    );
  };

  const tagBindRoutes: FastifyPluginAsyncZod = async (app) => {
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
    tagLogRoutes(db),
    crudRoutes({
      path: '/tag-families',
      resource: 'tags',
      tag: 'tags',
      service: families,
      item: ZTagFamily,
      input: ZTagFamilyInput,
    }),
    tagBindRoutes,
    crudRoutes({
      path: '/tags',
      resource: 'tags',
      tag: 'tags',
      service: tagService,
      item: ZTag,
      input: ZTagInput,
      query: ZTagListQuery,
    }),
    readerRoutes,
    platformRoutes,
    crudRoutes({
      path: '/terminals',
      resource: 'terminals',
      tag: 'terminals',
      service: terminalCrud,
      item: ZTerminal,
      input: ZTerminalInput,
    }),
    crudRoutes({
      path: '/consumers',
      resource: 'consumers',
      tag: 'consumers',
      service: consumerCrud,
      item: ZConsumer,
      input: ZConsumerInput,
    }),
    crudRoutes({
      path: '/attributions',
      resource: 'attributions',
      tag: 'attributions',
      service: attributionCrud,
      item: ZAttribution,
      input: ZAttributionInput,
      query: ZAttributionListQuery,
    }),
    crudRoutes({
      path: '/category-attributions',
      resource: 'attributions',
      tag: 'attributions',
      service: categoryAttributionCrud,
      item: ZCategoryAttribution,
      input: ZCategoryAttributionInput,
      query: ZAttributionListQuery,
    }),
  ];
  return { families, tags: tagService, readers: readerCrud, routes };
}
