import * as C from '@tagstock/contract';
import { contractErrors, serverErrors as serverFieldErrors, type DraftErrors } from '../../components/documents/lines';
import { headerOf } from '../../components/documents/unpriced-draft';

const FIELDS = ['scopeKind', 'scopeIds', 'notes'] as const;
/** The scope's ids as a comma-separated list ('' for none). */
export type InventoryHeader = Record<(typeof FIELDS)[number], string>;
export type InventoryDraft = { header: InventoryHeader };

export const draftOf = (inventory: C.TInventory | null): InventoryDraft => ({
  header: { ...headerOf(FIELDS, inventory), scopeKind: inventory?.scopeKind ?? 'all' },
});

export const idsOf = (text: string): number[] => (text ? text.split(',').map(Number) : []);

export const bodyOf = ({ header }: InventoryDraft): C.TInventoryInput => ({
  scope: { kind: header.scopeKind as C.TInventoryScopeKind, ids: idsOf(header.scopeIds) },
  notes: header.notes.trim() || null,
});

const REQUIRED = { ids: 'inventories.validation.selectScope' };
/** The contract's paths (`scope.ids`) → the header's fields. */
const onFields = (errors: DraftErrors): DraftErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([path, key]) => [
      path.replace(/^scope\.ids(\.\d+)?$/, 'scopeIds').replace(/^scope\.kind$/, 'scopeKind'),
      key,
    ]),
  );

/** The body and the contract's errors by header field (none when valid). */
export const check = (draft: InventoryDraft) => ({
  body: bodyOf(draft),
  errors: onFields(contractErrors(C.ZInventoryInput, bodyOf(draft), [], REQUIRED)),
});

export const serverErrors = (error: unknown): DraftErrors => onFields(serverFieldErrors(error, [], REQUIRED));

/** A manual count as typed: empty clears it; otherwise the contract's quantity, or the key of its error. */
export const countOf = (articleId: number, text: string): { body: C.TInventoryCounts } | { error: string } => {
  const typed = text.trim();
  const body = { lines: [{ articleId, quantity: typed === '' ? null : Number(typed) }] };
  return C.ZInventoryCounts.safeParse(body).success ? { body } : { error: 'inventories.validation.count' };
};
