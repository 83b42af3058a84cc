import type { TOutputRefusal, TOutputStatus } from '@tagstock/contract';
import { documentHistory } from '../../components/documents/status-texts';
import { statusChip } from '../../components/StatusChip';

export const OutputStatusChip = statusChip<TOutputStatus>(
  { draft: 'info', validated: 'success', canceled: 'default' },
  'outputs.statuses',
  'output-status',
);

/** Why the contract refuses a change of status for one output (it changed meanwhile, in another tab). */
export const REFUSAL_KEYS: Record<TOutputRefusal, string> = { no_lines: 'outputs.problems.noLines' };

export const OUTPUT_HISTORY = documentHistory('outputs', 'output', {
  status: 'fields.status',
  reasonId: 'fields.reason',
  outputDate: 'outputs.outputDate',
  consumerId: 'fields.consumer',
  customerId: 'fields.customer',
  notes: 'outputs.notes',
  lines: 'documents.lines',
  units: 'outputs.units',
});
