import type * as C from '@tagstock/contract';
import { baseApi } from '../../app/base-api';
import { createDocumentApi } from '../../app/document-api';
import { documentHistory } from '../../components/documents/status-texts';
import { statusChip } from '../../components/StatusChip';

/** Delivery notes; delivering (or canceling a delivered one) moves the stock and the tags. */
export const deliveryNotesApi = createDocumentApi<
  C.TDeliveryNoteSummary,
  C.TDeliveryNote,
  C.TDeliveryNoteInput,
  C.TDeliveryNoteStatus
>({
  name: 'deliveryNotes',
  path: '/delivery-notes',
  tag: 'DeliveryNotes',
  statusInvalidates: ['Articles', 'Movements', 'Tags'],
});

/** What is left to deliver of an invoice or a proforma (`invoiceId=12` or `proformaId=3`). */
export const { useDeliveryRemainingQuery } = baseApi.injectEndpoints({
  endpoints: (build) => ({
    deliveryRemaining: build.query<C.TDeliveryRemaining, string>({ query: (q) => `/delivery-notes/remaining?${q}` }),
  }),
});

export const DeliveryNoteStatusChip = statusChip<C.TDeliveryNoteStatus>(
  { draft: 'info', ready: 'warning', delivered: 'success', canceled: 'default' },
  'deliveryNotes.statuses',
  'delivery-note-status',
);

export const HISTORY = documentHistory('deliveryNotes', 'delivery_note');
