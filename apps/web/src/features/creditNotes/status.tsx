import type { TCreditNoteStatus } from '@tagstock/contract';
import type { HistoryVocabulary } from '../../components/DocumentHistory';
import { statusChip } from '../../components/StatusChip';
import { historyLabels } from '../logs/log-format';

export const CreditNoteStatusChip = statusChip<TCreditNoteStatus>(
  { draft: 'info', issued: 'success' },
  'creditNotes.statuses',
  'credit-note-status',
);

export const CREDIT_NOTE_HISTORY: HistoryVocabulary = {
  events: 'creditNotes.events',
  statuses: { status: 'creditNotes.statuses' },
  labels: historyLabels('credit_note'),
  title: 'creditNotes.history',
  empty: 'creditNotes.noHistory',
};
