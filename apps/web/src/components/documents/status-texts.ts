import type { HistoryVocabulary } from '../DocumentHistory';
import { historyLabels } from '../../features/logs/log-format';

/**
 * A document type's status and transition texts are shared (`documents.statuses.<status>`,
 * `documents.transitions.<status>.<part>`) unless the type says something else under its own prefix
 * (`outputs.statuses.canceled`): these are the keys to try, the type's first.
 */
export const statusKeys = (prefix: string, status: string): string[] => [
  `${prefix}.${status}`,
  `documents.statuses.${status}`,
];

/** `part`: action (the button), title and confirm (the dialog), done (the toast). */
export const transitionKeys = (texts: string, to: string, part: 'action' | 'title' | 'confirm' | 'done'): string[] => [
  `${texts}.transitions.${to}.${part}`,
  `documents.transitions.${to}.${part}`,
];

/**
 * A document type's history as most types tell it: the documents' words for its events and the section
 * (`documents.events`, `.history`, `.noHistory`), its status names (`<name>.statuses`), the activity log's names
 * of its entity's fields, then `labels` of its own.
 */
export const documentHistory = (
  name: string,
  entity: string,
  labels: Record<string, string> = {},
): HistoryVocabulary => ({
  events: 'documents.events',
  statuses: { status: `${name}.statuses` },
  labels: { ...historyLabels(entity), ...labels },
  title: 'documents.history',
  empty: 'documents.noHistory',
});
