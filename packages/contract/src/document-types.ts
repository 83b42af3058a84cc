/**
 * The document types of the product (DESIGN §4b): each type's contract file, exported here once — the one line
 * a new type adds to the contract. The descriptor each file exports (`documentKind`) registers the type's
 * permission resource, activity-log entity and statuses (`DOCUMENT_KINDS`, document-kinds.ts).
 */
export * from './purchasing';
export * from './platform-orders';
export * from './outputs';
export * from './invoicing';
export * from './delivery-notes';
export * from './inventories';
