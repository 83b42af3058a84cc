import { sql } from 'drizzle-orm';
import type { TActivityAction, TActivityEntity } from '@tagstock/contract';
import type { Tx } from '../db/client';
import { activityLog, type TChange } from '../db/schema';

export type LogEntry = {
  tenantId: number;
  userId: number | null;
  entity: TActivityEntity;
  entityId: number | null;
  action: TActivityAction;
  summary: string;
  changes?: TChange[];
};

/** Writes one activity-log entry; call it inside the transaction of the change it records. */
export async function logActivity(tx: Tx, entry: LogEntry): Promise<void> {
  await tx.insert(activityLog).values({ ...entry, changes: entry.changes ?? [] });
}

/**
 * The log `l` with its author `u`, joined only among the entry's tenant's users: a platform user (the super admin)
 * is never joined, whatever the row-level security, so a tenant never reads the platform's people.
 */
export const logWithAuthor = sql`activity_log l left join users u on u.id = l.user_id and u.tenant_id = l.tenant_id`;

/** Whether an entry's author is the platform's team: a user, but none of the entry's tenant. */
export const byPlatform = sql`(l.user_id is not null and u.id is null)`;

/** Field-by-field differences between two versions of a record (timestamps ignored). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): TChange[] {
  const ignored = new Set(['updatedAt', 'createdAt']);
  return Object.keys(after)
    .filter((k) => !ignored.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));
}
