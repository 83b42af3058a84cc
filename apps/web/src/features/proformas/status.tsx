import type { TProformaStatus } from '@tagstock/contract';
import type { HistoryVocabulary } from '../../components/DocumentHistory';
import { statusChip } from '../../components/StatusChip';
import { historyLabels } from '../logs/log-format';

export const ProformaStatusChip = statusChip<TProformaStatus>(
  { open: 'info', converted: 'success', canceled: 'default' },
  'proformas.statuses',
  'proforma-status',
);

export const PROFORMA_HISTORY: HistoryVocabulary = {
  events: 'proformas.events',
  statuses: { status: 'proformas.statuses' },
  // The invoice it became: named, the page links to it (a draft has no number yet).
  labels: historyLabels('proforma'),
  title: 'proformas.history',
  empty: 'proformas.noHistory',
};
