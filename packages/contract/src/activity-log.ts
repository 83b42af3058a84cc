import { z } from 'zod';
import { ACTIVITY_ACTIONS } from './catalog';
import { ZListQuery } from './common';
import { DOCUMENT_ENTITIES, withDocumentKinds } from './document-kinds';

/** The entities the modules other than document types log; each document type registers its own (`documentKind`). */
export const BASE_ACTIVITY_ENTITIES = [
  'article',
  'lot',
  'category',
  'reason',
  'supplier',
  'customer',
  'customer group',
  'payment mode',
  'received_invoice',
  'company',
  'user',
  'role',
  'tag',
  'tag family',
  'consumer',
  'reader',
  'terminal',
  'attribution',
  'category attribution',
  'webhook',
] as const;

/** Every entity any module logs; the log's filter offers them all. */
export const ACTIVITY_ENTITIES = withDocumentKinds(BASE_ACTIVITY_ENTITIES, DOCUMENT_ENTITIES);
export type TActivityEntity = (typeof ACTIVITY_ENTITIES)[number];
const ZActivityEntity = z.enum(ACTIVITY_ENTITIES as [TActivityEntity, ...TActivityEntity[]]);

export const ZActivityLog = z.object({
  id: z.number().int(),
  entity: ZActivityEntity,
  entityId: z.number().int().nullable(),
  action: z.enum(ACTIVITY_ACTIONS),
  summary: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  userName: z.string().nullable(),
  /** Written by the platform's team (the super admin), whose name a tenant does not see. */
  byPlatform: z.boolean(),
  createdAt: z.string(),
});
export type TActivityLog = z.infer<typeof ZActivityLog>;
export const ZActivityLogQuery = ZListQuery.extend({ entity: ZActivityEntity.optional() });
