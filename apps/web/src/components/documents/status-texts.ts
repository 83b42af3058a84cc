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
