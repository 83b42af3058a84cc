import type { TOutputRefusal, TOutputStatus } from '@tagstock/contract';
import type { HistoryVocabulary } from '../../components/DocumentHistory';
import { statusChip } from '../../components/StatusChip';
import { historyLabels } from '../logs/log-format';

export const OutputStatusChip = statusChip<TOutputStatus>(
  { draft: 'info', validated: 'success', canceled: 'default' },
  'outputs.statuses',
  'output-status',
);

/** Why the contract refuses a change of status for one output (it changed meanwhile, in another tab). */
export const REFUSAL_KEYS: Record<TOutputRefusal, string> = { no_lines: 'outputs.problems.noLines' };

export const OUTPUT_HISTORY: HistoryVocabulary = {
  events: 'outputs.events',
  statuses: { status: 'outputs.statuses' },
  // The activity log's labels first (every logged field named), then the screen's own.
  labels: {
    ...historyLabels('output'),
    status: 'fields.status',
    reasonId: 'fields.reason',
    outputDate: 'outputs.outputDate',
    consumerId: 'fields.consumer',
    customerId: 'fields.customer',
    notes: 'outputs.notes',
    lines: 'documents.lines',
    units: 'outputs.units',
  },
  title: 'outputs.history',
  empty: 'outputs.noHistory',
};
