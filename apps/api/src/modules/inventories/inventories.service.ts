import { sql } from 'drizzle-orm';
import * as C from '@tagstock/contract';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client';
import { isoUtc, moneyText } from '../../db/sql-fragments';
import * as kit from '../../platform/documents/kit';
import { badRequest } from '../../platform/errors';
import { formatDate, type PdfLanguage } from '../../platform/pdf/pdf-format';
import { companyForDocuments } from '../company/company.service';
import { keepGapGroups } from './gaps';
import { suspectMissing } from './lost-articles';
import {
  applyAdjustments,
  recomputeLines,
  refreshCount,
  snapshot,
  takeInReads,
  type CountedInventory,
} from './reconcile';
import { inventories, inventoryLines } from './inventories.schema';

type Input = z.output<typeof C.ZInventoryInput>;
type Locked = kit.LockedDocument<C.TInventoryStatus> & CountedInventory;

/** Lines printed on the PDF: those with a gap, the largest in value first. */
const PDF_LINES_MAX = 2000;
const PDF = {
  title: { fr: 'Inventaire', en: 'Inventory' },
  scope: { fr: 'Périmètre', en: 'Scope' },
  all: { fr: 'Tout le stock', en: 'Whole stock' },
  started: { fr: 'Commencé le', en: 'Started' },
  finished: { fr: 'Terminé le', en: 'Finished' },
  totals: { fr: 'Théorique / compté', en: 'Theoretical / counted' },
  gap: { fr: 'Écart (valeur)', en: 'Gap (value)' },
  detail: { fr: 'théorique {t} · compté {c} · écart {g}', en: 'theoretical {t} · counted {c} · gap {g}' },
  more: { fr: 'lignes avec un écart de plus ne sont pas imprimées', en: 'more lines with a gap are not printed' },
} satisfies Record<string, Record<PdfLanguage, string>>;

/** The scope's names: its readers' locations, its categories or its consumers. */
const scopeNames = sql`case o.scope_kind
    when 'location' then (select array_agg(distinct r.location) from readers r
      where r.tenant_id = o.tenant_id and r.id = any(o.scope_ids))
    when 'categories' then (select array_agg(c.name order by c.name) from categories c
      where c.tenant_id = o.tenant_id and c.id = any(o.scope_ids))
    when 'attributions' then (select array_agg(c.name order by c.name) from consumers c
      where c.tenant_id = o.tenant_id and c.id = any(o.scope_ids))
  end`;
const FIELDS = kit.headerFields(inventories, [
  'scopeKind',
  'scopeIds',
  'notes',
  'startedAt',
  'finishedAt',
  'adjustedAt',
  'theoretical',
  'counted',
  'gap',
  'createdAt',
  'updatedAt',
]);
const summaryColumns = sql`o.id, o.number, o.status, ${FIELDS.select}, coalesce(${scopeNames}, '{}') as "scopeNames",
  o.article_count as articles, ${moneyText(sql`o.gap_value`)} as "gapValue"`;

const totalsSelect = sql`json_build_object('articles', o.article_count, 'theoretical', o.theoretical,
  'counted', o.counted, 'missing', o.missing, 'surplus', o.surplus, 'gap', o.gap,
  'gapValue', ${moneyText(sql`o.gap_value`)}, 'tagsExpected', o.tags_expected, 'tagsFound', o.tags_found,
  'tagsMissing', o.tags_missing, 'tagsUnexpected', o.tags_unexpected, 'tagsUnknown', o.tags_unknown)`;

function listSpec(tenantId: number | null, q: Record<string, unknown>) {
  return kit.documentList(tenantId, q, {
    columns: summaryColumns,
    from: sql`from inventories o`,
    equals: { status: sql`o.status` },
    search: [sql`o.number`, sql`o.notes`],
    sort: {
      ...kit.columnsOf({ number: 'number', status: 'status', createdAt: 'created_at', gap: 'gap' }),
      ...FIELDS.columns(['startedAt', 'finishedAt', 'theoretical', 'counted']),
      gapValue: sql`o.gap_value`,
    },
    defaultSort: 'createdAt:desc',
  });
}

const LOCK_COLUMNS = sql`scope_kind as "scopeKind", scope_ids as "scopeIds", started_at::text as "startedAt",
  counted_until::float8 as "countedUntil"`;

/** Locks a started inventory and takes in the reads that arrived since it was last read. */
export async function refreshStarted(tx: Tx, tenantId: number, id: number) {
  const [inv] = await queryRows<Locked>(
    tx,
    sql`select id, tenant_id as "tenantId", number, status, ${LOCK_COLUMNS} from inventories
        where id = ${id} and tenant_id = ${tenantId} and status = 'started' for update`,
  );
  if (inv) await refreshCount(tx, inv);
  return inv;
}

async function findOne(tx: Tx, tenantId: number | null, id: number): Promise<C.TInventory | undefined> {
  // A started inventory is brought up to date when it is read (handheld uploads, readers' reads since).
  if (tenantId !== null) await refreshStarted(tx, tenantId, id);
  const [row] = await queryRows<C.TInventory>(
    tx,
    sql`select ${summaryColumns}, ${totalsSelect} as totals, u.name as "createdByName"
        from inventories o left join users u on u.id = o.created_by
        where o.id = ${id}${tenantId === null ? sql`` : sql` and o.tenant_id = ${tenantId}`}`,
  );
  return row;
}

const SCOPE_TABLES = { location: 'readers', categories: 'categories', attributions: 'consumers' } as const;

/** The scope's ids, each checked in the caller's tenant (its readers, categories or consumers). */
async function write(ctx: kit.DocumentContext, input: Input): Promise<kit.WrittenDocument> {
  const { kind, ids } = input.scope;
  if (kind !== 'all') {
    const [row] = await queryRows<{ n: number }>(
      ctx.tx,
      sql`select count(*)::int as n from ${sql.identifier(SCOPE_TABLES[kind])}
          where tenant_id = ${ctx.tenantId} and id = any(${sql`array[${sql.join(
            ids.map((i) => sql`${i}::int`),
            sql`, `,
          )}]`})`,
    );
    if (row!.n !== ids.length)
      throw badRequest('unknown_reference', `Unknown ${SCOPE_TABLES[kind]} in the scope`, [
        { field: 'scope.ids', message: 'not found', code: 'not_found' },
      ]);
  }
  return { header: { scope_kind: kind, scope_ids: `{${ids.join(',')}}`, notes: input.notes }, lines: [] };
}

/** Inventories (INV series, numbered at creation): a scope counted between Started and Finished. */
export const inventoryType: kit.DocumentType<C.TInventoryStatus, C.TInventory, Input, Locked> = {
  entity: 'inventory',
  noun: 'inventory',
  table: 'inventories',
  lines: { table: inventoryLines, parent: inventoryLines.inventoryId },
  series: 'INV',
  numberAt: 'create',
  editable: ['draft'],
  deletable: ['draft'],
  permissions: { read: 'inventories.read', write: 'inventories.write' },
  actions: {
    count: { statuses: ['started'], code: 'document_locked', message: 'Only a started inventory takes counts' },
  },
  transitions: kit.serverTransitions<C.TInventoryStatus, C.TInventoryState, string, Locked>(
    C.INVENTORY_TRANSITIONS,
    'inventories.write',
    {},
    {
      'draft>started': (ctx, inv) => snapshot(ctx.tx, inv),
      // The last reads taken in, every line recomputed, then frozen: the gaps applied if asked, the missing suspected.
      'started>finished': async (ctx, inv, body) => {
        await takeInReads(ctx.tx, inv);
        await recomputeLines(ctx.tx, inv);
        if (body.applyAdjustments === true) await applyAdjustments(ctx.tx, inv, ctx.userId);
        await keepGapGroups(ctx.tx, ctx.tenantId, inv.id);
        await suspectMissing(ctx.tx, ctx.tenantId, inv.id, ctx.userId);
      },
    },
  ),
  stamps: { started: 'started_at', finished: 'finished_at' },
  lockColumns: LOCK_COLUMNS,
  input: C.ZInventoryInput,
  schemas: {
    summary: C.ZInventorySummary,
    full: C.ZInventory,
    listQuery: C.ZInventoryListQuery,
    statusChange: C.ZInventoryStatusChange,
  },
  read: findOne,
  list: listSpec,
  write,
  logged: (inv) => ({ ...FIELDS.logged(inv), scopeNames: inv.scopeNames.join(', ') }),
  created: (inv) => [
    { field: 'scopeKind', from: null, to: inv.scopeKind },
    ...(inv.scopeNames.length ? [{ field: 'scopeNames', from: null, to: inv.scopeNames.join(', ') }] : []),
  ],
  async printable(tx, inv, language, tenantId) {
    const lines = await queryRows<{
      reference: string;
      designation: string;
      t: number;
      c: number;
      g: number;
      v: string;
    }>(
      tx,
      sql`select a.reference, a.designation, l.theoretical as t, l.counted as c, l.gap as g,
            ${moneyText(sql`l.gap_value`)} as v
          from inventory_lines l join articles a on a.id = l.article_id and a.tenant_id = ${tenantId}
          where l.inventory_id = ${inv.id} and l.tenant_id = ${tenantId} and l.gap <> 0
          order by abs(l.gap_value) desc, a.reference limit ${PDF_LINES_MAX + 1}`,
    );
    const more = lines.length > PDF_LINES_MAX;
    const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
    return {
      title: PDF.title[language],
      number: inv.number ?? `#${inv.id}`,
      date: (inv.finishedAt ?? inv.startedAt ?? inv.createdAt).slice(0, 10),
      partyRole: 'tenant',
      party: { name: PDF.scope[language], lines: inv.scopeNames.length ? inv.scopeNames : [PDF.all[language]] },
      fields: [
        ...(inv.startedAt ? [{ label: PDF.started[language], value: formatDate(inv.startedAt, language) }] : []),
        ...(inv.finishedAt ? [{ label: PDF.finished[language], value: formatDate(inv.finishedAt, language) }] : []),
        { label: PDF.totals[language], value: `${inv.theoretical} / ${inv.counted}` },
        { label: PDF.gap[language], value: `${signed(inv.gap)} (${inv.gapValue})` },
      ],
      items: lines.slice(0, PDF_LINES_MAX).map((l) => ({
        reference: l.reference,
        designation: l.designation,
        quantity: l.c,
        detail: PDF.detail[language]
          .replace('{t}', String(l.t))
          .replace('{c}', String(l.c))
          .replace('{g}', `${signed(l.g)} (${l.v})`),
      })),
      notes: [inv.notes, more ? PDF.more[language] : null].filter(Boolean).join('\n') || null,
    };
  },
  company: companyForDocuments,
};

export const lineColumns = sql`l.article_id as "articleId", a.reference, a.designation, c.name as "categoryName",
  l.theoretical, l.counted, l.is_counted as "isCounted", l.gap, ${moneyText(sql`l.unit_cost`)} as "unitCost",
  ${moneyText(sql`l.gap_value`)} as "gapValue", l.tags_expected as "tagsExpected", l.tags_found as "tagsFound",
  l.tags_missing as "tagsMissing", l.tags_unexpected as "tagsUnexpected", l.manual,
  ${isoUtc(sql`l.rescanned_at`)} as "rescannedAt"`;
export const lineFrom = (tenantId: number) => sql`from inventory_lines l
  join articles a on a.id = l.article_id and a.tenant_id = ${tenantId}
  left join categories c on c.id = a.category_id and c.tenant_id = ${tenantId}`;
