import * as types from './document-types';
import type { TDocumentKind } from './documents';

/** A descriptor among the exports of document-types.ts. */
type DocumentKinds = Extract<(typeof types)[keyof typeof types], TDocumentKind>;

const isKind = (value: unknown): value is DocumentKinds =>
  typeof value === 'object' && value !== null && (value as Partial<TDocumentKind>).documentKind === true;

/** Every document type's descriptor, found among the exports of document-types.ts, by name (whatever the bundler). */
export const DOCUMENT_KINDS: readonly DocumentKinds[] = Object.values(types)
  .filter(isKind)
  .sort((a, b) => a.name.localeCompare(b.name));

/**
 * A shared catalogue (permission resources, activity-log entities) built from its base list and what the document
 * types add, each once, base first: the literal union of both stays the catalogue's type.
 */
export const withDocumentKinds = <B extends string, A extends string>(base: readonly B[], added: readonly A[]) =>
  [...new Set<B | A>([...base, ...added])] as readonly (B | A)[];

/** The resources and the entities the document types register. */
export const DOCUMENT_RESOURCES = DOCUMENT_KINDS.map((k) => k.resource);
type LoggedBy<K> = K extends { entity: infer E; logs: readonly (infer L)[] }
  ? E | L
  : K extends { entity: infer E }
    ? E
    : never;
export const DOCUMENT_ENTITIES = DOCUMENT_KINDS.flatMap((k): LoggedBy<DocumentKinds>[] => [
  k.entity,
  ...('logs' in k ? k.logs : []),
]);
