import type { TCreditNoteStatus } from '@tagstock/contract';
import type { HistoryVocabulary } from '../../components/DocumentHistory';
import { statusChip } from '../../components/StatusChip';
import { SALES_HISTORY_LABELS } from '../invoices/status';

export const CreditNoteStatusChip = statusChip<TCreditNoteStatus>(
  { draft: 'info', issued: 'success' },
  'creditNotes.statuses',
  'credit-note-status',
);

export const CREDIT_NOTE_HISTORY: HistoryVocabulary = {
  events: 'creditNotes.events',
  statuses: { status: 'creditNotes.statuses' },
  labels: SALES_HISTORY_LABELS,
  title: 'creditNotes.history',
  empty: 'creditNotes.noHistory',
};
