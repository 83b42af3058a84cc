/**
 * The document kit as a type's declaration uses it (`import { … } from '../../platform/documents/kit'`): the
 * declaration's types, header fields, lists, transitions, unpriced lines and the exit gate.
 */
export * from './document-type';
export * from './document-list';
export * from './gate';
export * from './header-fields';
export * from './status-machine';
export * from './unpriced-lines';
