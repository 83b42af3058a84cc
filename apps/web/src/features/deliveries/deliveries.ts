import type { TDeliveryNoteSummary, TDeliveryRemaining } from '@tagstock/contract';
import type { DeliverySource } from './api';

/** The delivery notes screens (another feature's routes). */
export const DELIVERY_NOTES_PATH = '/admin/deliveryNotes';

export const notePath = (id: number) => `${DELIVERY_NOTES_PATH}/${id}`;

/** A new delivery note with the lines left to deliver of this invoice or proforma. */
export const newNotePath = (source: DeliverySource) =>
  'invoiceId' in source
    ? `${DELIVERY_NOTES_PATH}/new?invoiceId=${source.invoiceId}`
    : `${DELIVERY_NOTES_PATH}/new?proformaId=${source.proformaId}`;

/** The list of delivery notes, filtered. */
export const notesListPath = (filter: { late?: true; customerId?: number }) =>
  filter.late ? `${DELIVERY_NOTES_PATH}?late=true` : `${DELIVERY_NOTES_PATH}?customerId=${filter.customerId}`;

export type DeliveryTotals = { ordered: number; delivered: number; planned: number; remaining: number };

/** The units of every article: ordered, delivered, on notes not yet delivered, and left to put on a note. */
export const deliveryTotals = (lines: TDeliveryRemaining['lines']): DeliveryTotals =>
  lines.reduce(
    (sum, line) => ({
      ordered: sum.ordered + line.ordered,
      delivered: sum.delivered + line.delivered,
      planned: sum.planned + line.planned,
      remaining: sum.remaining + line.remaining,
    }),
    { ordered: 0, delivered: 0, planned: 0, remaining: 0 },
  );

/**
 * Where the deliveries of an invoice or proforma stand: nothing to deliver (services only), everything delivered,
 * all of it on notes (some not delivered yet), or units left to put on a note (a new note may be made).
 */
export type DeliveryState = 'nothing' | 'delivered' | 'planned' | 'toDeliver';

export const deliveryState = (totals: DeliveryTotals): DeliveryState => {
  if (totals.ordered === 0) return 'nothing';
  if (totals.remaining > 0) return 'toDeliver';
  return totals.delivered >= totals.ordered ? 'delivered' : 'planned';
};

/** The notes still to deliver first (by planned date), then the delivered, the canceled last. */
export const sortNotes = (notes: readonly TDeliveryNoteSummary[]): TDeliveryNoteSummary[] => {
  const rank = { draft: 0, ready: 0, delivered: 1, canceled: 2 } as const;
  return [...notes].sort(
    (a, b) => rank[a.status] - rank[b.status] || a.plannedDate.localeCompare(b.plannedDate) || a.id - b.id,
  );
};
