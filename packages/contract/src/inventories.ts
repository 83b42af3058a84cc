import { z } from 'zod';
import { ZListQuery } from './common';
import { documentKind, nextStatuses, STATUS_NOTE_MAX, type TDocumentTransition } from './documents';
import { id, optionalText, quantity, stamp } from './fields';

/**
 * Inventories (SPEC: start date, end date, status, Finished): a count of the stock in a scope. Draft (its scope may
 * change) → Started (numbered `INV-2026-000001`; the theoretical stock and the expected tags are snapshot; handheld
 * sessions, fixed readers' reads in the scope and manual counts count) → Finished (results frozen; the gaps applied
 * to the stock if asked, once; the missing tags suspected lost) or Canceled.
 */
export const INVENTORY_STATUSES = ['draft', 'started', 'finished', 'canceled'] as const;
export const ZInventoryStatus = z.enum(INVENTORY_STATUSES);
export type TInventoryStatus = z.infer<typeof ZInventoryStatus>;
export const INVENTORY_KIND = documentKind({
  name: 'inventories',
  resource: 'inventories',
  entity: 'inventory',
  logs: ['lost_article'],
  statuses: INVENTORY_STATUSES,
});

/**
 * What an inventory counts: the whole stock, the tags at a location (the readers named by `ids`, and the handheld
 * sessions uploaded under their location), the articles of categories, or the articles and tags attributed to
 * consumers (`ids`).
 */
export const INVENTORY_SCOPE_KINDS = ['all', 'location', 'categories', 'attributions'] as const;
export type TInventoryScopeKind = (typeof INVENTORY_SCOPE_KINDS)[number];
export const INVENTORY_SCOPE_IDS_MAX = 200;
export const ZInventoryScope = z
  .strictObject({
    kind: z.enum(INVENTORY_SCOPE_KINDS),
    ids: z.array(id()).max(INVENTORY_SCOPE_IDS_MAX).optional(),
  })
  .superRefine((scope, ctx) => {
    const needsIds = scope.kind !== 'all';
    if (needsIds && !scope.ids?.length)
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'required', params: { code: 'required' } });
  })
  .transform((scope) => ({ kind: scope.kind, ids: scope.kind === 'all' ? [] : [...new Set(scope.ids)] }));
export type TInventoryScopeInput = z.input<typeof ZInventoryScope>;
export type TInventoryScope = z.output<typeof ZInventoryScope>;

export const ZInventoryInput = z.strictObject({
  scope: ZInventoryScope,
  notes: optionalText(2000),
});
export type TInventoryInput = z.input<typeof ZInventoryInput>;

/** The totals of an inventory's lines (and of the EPCs seen that are bound to no article). */
export const ZInventoryTotals = z.object({
  /** Articles in the inventory (its lines). */
  articles: z.number().int(),
  theoretical: z.number().int(),
  counted: z.number().int(),
  /** Units short (a positive number) and over. */
  missing: z.number().int(),
  surplus: z.number().int(),
  /** Counted − theoretical, in units and at the articles' cost (decimal string). */
  gap: z.number().int(),
  gapValue: z.string(),
  tagsExpected: z.number().int(),
  tagsFound: z.number().int(),
  tagsMissing: z.number().int(),
  tagsUnexpected: z.number().int(),
  /** EPCs seen that are bound to no article. */
  tagsUnknown: z.number().int(),
});
export type TInventoryTotals = z.infer<typeof ZInventoryTotals>;

export const ZInventorySummary = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  status: ZInventoryStatus,
  scopeKind: z.enum(INVENTORY_SCOPE_KINDS),
  scopeIds: z.array(z.number().int()),
  /** The scope's names (locations, categories, consumers), for lists and printouts. */
  scopeNames: z.array(z.string()),
  notes: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** When the gaps were applied to the stock (finishing with adjustments). */
  adjustedAt: z.string().nullable(),
  articles: z.number().int(),
  theoretical: z.number().int(),
  counted: z.number().int(),
  gap: z.number().int(),
  gapValue: z.string(),
  ...stamp,
});
export type TInventorySummary = z.infer<typeof ZInventorySummary>;

export const ZInventory = ZInventorySummary.extend({
  totals: ZInventoryTotals,
  createdByName: z.string().nullable(),
});
export type TInventory = z.infer<typeof ZInventory>;

export const ZInventoryListQuery = ZListQuery.extend({ status: ZInventoryStatus.optional() });
export type TInventoryListQuery = z.infer<typeof ZInventoryListQuery>;

/** The transitions look at nothing but the status. */
export type TInventoryState = object;
/** Draft → Started → Finished; a draft or a started inventory may be canceled. A draft is also deleted. */
export const INVENTORY_TRANSITIONS: readonly TDocumentTransition<TInventoryStatus, TInventoryState>[] = [
  { from: 'draft', to: 'started' },
  { from: 'started', to: 'finished' },
  { from: 'draft', to: 'canceled' },
  { from: 'started', to: 'canceled' },
];
export const inventoryNextStatuses = (inventory: { status: TInventoryStatus }) =>
  nextStatuses(INVENTORY_TRANSITIONS, inventory as TInventoryState & { status: TInventoryStatus });

export const ZInventoryStatusChange = z.strictObject({
  status: z.enum(['started', 'finished', 'canceled']),
  /** Finishing: apply the gaps to the stock (reason "inventory"), once. */
  applyAdjustments: z.boolean().default(false),
  note: optionalText(STATUS_NOTE_MAX),
});
export type TInventoryStatusChange = z.input<typeof ZInventoryStatusChange>;

/** A line: one article, its theoretical stock, what was counted (tags seen + manual count) and the gap. */
export const ZInventoryLine = z.object({
  articleId: z.number().int(),
  reference: z.string(),
  designation: z.string(),
  categoryName: z.string().nullable(),
  theoretical: z.number().int(),
  counted: z.number().int(),
  /** Whether anything counted it (a tag expected or seen, or a manual count): an uncounted line has no gap. */
  isCounted: z.boolean(),
  gap: z.number().int(),
  /** The article's cost (its purchase price, else its price excl. tax) and the gap at that cost. */
  unitCost: z.string(),
  gapValue: z.string(),
  tagsExpected: z.number().int(),
  tagsFound: z.number().int(),
  tagsMissing: z.number().int(),
  tagsUnexpected: z.number().int(),
  /** Units counted by hand (untagged items); null: none typed. */
  manual: z.number().int().nullable(),
  /** Set when the line was rescanned: only the reads after it count. */
  rescannedAt: z.string().nullable(),
});
export type TInventoryLine = z.infer<typeof ZInventoryLine>;

export const INVENTORY_GAP_FILTERS = ['all', 'missing', 'surplus'] as const;
export const ZInventoryLinesQuery = ZListQuery.extend({
  gap: z.enum(INVENTORY_GAP_FILTERS).default('all'),
});
export type TInventoryLinesQuery = z.input<typeof ZInventoryLinesQuery>;

/** The tags of one line, by what the count made of them. */
export const INVENTORY_TAG_STATES = ['found', 'missing', 'unexpected', 'unknown'] as const;
export type TInventoryTagState = (typeof INVENTORY_TAG_STATES)[number];
export const ZInventoryTag = z.object({
  epc: z.string(),
  tagId: z.number().int().nullable(),
  state: z.enum(INVENTORY_TAG_STATES),
  /** Where it was expected (its last location at the start) and where and when the count saw it. */
  expectedLocation: z.string().nullable(),
  seenLocation: z.string().nullable(),
  seenAt: z.string().nullable(),
});
export type TInventoryTag = z.infer<typeof ZInventoryTag>;
export const ZInventoryTagsQuery = ZListQuery.extend({
  articleId: id().optional(),
  state: z.enum(INVENTORY_TAG_STATES).optional(),
});

export const INVENTORY_COUNT_LINES_MAX = 5000;
/** Manual counts (untagged items), typed or imported: each replaces the article's manual count; null clears it. */
export const ZInventoryCounts = z.strictObject({
  lines: z
    .array(z.strictObject({ articleId: id(), quantity: quantity().max(1_000_000).nullable() }))
    .min(1)
    .max(INVENTORY_COUNT_LINES_MAX),
});
export type TInventoryCounts = z.input<typeof ZInventoryCounts>;

// Gaps (SPEC "inventory gaps"): by article, attribution or category, compared with the previous inventory.
export const GAP_GROUPINGS = ['article', 'attribution', 'category'] as const;
export type TGapGrouping = (typeof GAP_GROUPINGS)[number];
export const ZGapsQuery = z.strictObject({
  /** None: the last finished inventory. */
  inventoryId: id().optional(),
  by: z.enum(GAP_GROUPINGS).default('article'),
});
export const ZGapRow = z.object({
  /** The article, category or consumer id; null: no category, or held by no one (or by a location only). */
  key: z.number().int().nullable(),
  /** Its name (an attribution to a location only: the location). */
  label: z.string(),
  theoretical: z.number().int(),
  counted: z.number().int(),
  gap: z.number().int(),
  gapValue: z.string(),
  /** The same group in the previous finished inventory; null when it had none. */
  previousGap: z.number().int().nullable(),
  previousGapValue: z.string().nullable(),
});
export type TGapRow = z.infer<typeof ZGapRow>;
export const ZGaps = z.object({
  inventory: z
    .object({ id: z.number().int(), number: z.string().nullable(), finishedAt: z.string().nullable() })
    .nullable(),
  previous: z
    .object({ id: z.number().int(), number: z.string().nullable(), finishedAt: z.string().nullable() })
    .nullable(),
  by: z.enum(GAP_GROUPINGS),
  /** Groups with a gap (in this inventory or the previous one), the largest gaps in value first. */
  rows: z.array(ZGapRow),
});
export type TGaps = z.infer<typeof ZGaps>;

// Lost articles: tags missed by N inventories in a row, or not seen by any reader for X days.
export const LOST_ARTICLE_STATUSES = ['suspected', 'lost', 'found'] as const;
export type TLostArticleStatus = (typeof LOST_ARTICLE_STATUSES)[number];
export const ZLostArticlesQuery = ZListQuery.extend({
  status: z.enum(LOST_ARTICLE_STATUSES).default('suspected'),
});
export const LOST_ARTICLE_CAUSES = ['inventory', 'unseen'] as const;
export const ZLostArticle = z.object({
  tagId: z.number().int(),
  epc: z.string(),
  articleId: z.number().int().nullable(),
  reference: z.string().nullable(),
  designation: z.string().nullable(),
  status: z.enum(LOST_ARTICLE_STATUSES),
  /** Why it is suspected: missed by inventories (how many in a row, the last one), or unseen for days. */
  cause: z.enum(LOST_ARTICLE_CAUSES),
  missedInventories: z.number().int(),
  inventoryId: z.number().int().nullable(),
  inventoryNumber: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  lastLocation: z.string().nullable(),
  suspectedAt: z.string(),
  decidedAt: z.string().nullable(),
  foundAt: z.string().nullable(),
});
export type TLostArticle = z.infer<typeof ZLostArticle>;
export const ZTagIdParams = z.strictObject({ tagId: id() });
export const ZLostArticleStatusChange = z.strictObject({ status: z.enum(['lost', 'found']) });
export type TLostArticleStatusChange = z.input<typeof ZLostArticleStatusChange>;

/** Sent to the tenant's room when a reader sees a tag suspected or confirmed lost (`lost-article-found`). */
export const ZLostArticleFound = z.object({
  tagId: z.number().int(),
  epc: z.string(),
  articleId: z.number().int().nullable(),
  designation: z.string().nullable(),
  location: z.string().nullable(),
  /** Confirmed lost before: its unit came back into stock. */
  wasLost: z.boolean(),
});
export type TLostArticleFound = z.infer<typeof ZLostArticleFound>;

/** The tenant's rules: suspected after N inventories in a row missed it, or X days unseen by any reader. */
export const ZLostArticleSettings = z.strictObject({
  missedInventories: z.coerce.number().int().min(1).max(20),
  unseenDays: z.coerce.number().int().min(1).max(3650),
});
export type TLostArticleSettings = z.infer<typeof ZLostArticleSettings>;

// Dashboard (SPEC §7): latest-inventaire-count, sum-ecart, sum-ecart-en-valeur, ecartAttribution, getinventory.
const ZInventoryRef = z.object({
  inventoryId: z.number().int(),
  number: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
/** Theoretical vs actual of the last finished inventory (null: none finished yet). */
export const ZLatestInventoryCount = ZInventoryRef.extend({
  theoretical: z.number().int(),
  counted: z.number().int(),
}).nullable();
export const ZSumEcart = ZInventoryRef.extend({
  missing: z.number().int(),
  surplus: z.number().int(),
  gap: z.number().int(),
}).nullable();
export const ZSumEcartValue = ZInventoryRef.extend({
  missingValue: z.string(),
  surplusValue: z.string(),
  gapValue: z.string(),
}).nullable();
/** Top 5 gaps by attribution (the largest in value, short or over) of the last finished inventory. */
export const ZEcartAttribution = z.array(ZGapRow);
/** The last finished inventories (at most 6, oldest first): theoretical vs actual, for a chart. */
export const ZGetInventory = z.array(
  ZInventoryRef.extend({ theoretical: z.number().int(), counted: z.number().int(), gap: z.number().int() }),
);
export type TLatestInventoryCount = z.infer<typeof ZLatestInventoryCount>;
export type TSumEcart = z.infer<typeof ZSumEcart>;
export type TSumEcartValue = z.infer<typeof ZSumEcartValue>;
export type TGetInventory = z.infer<typeof ZGetInventory>;
