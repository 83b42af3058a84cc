import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TUsage } from '@tagstock/contract';
import type { Tx } from '../db/client';

/** Rows of another resource that name a record: counted before a delete, so the user knows first. */
export type UsageRef = {
  /** The referencing resource's name, as the web translates it (`articles`, `customers`…). */
  resource: string;
  table: PgTable & { tenantId: PgColumn };
  column: PgColumn;
};

// Keyed by the referring column too: building the app twice in one process registers each usage once.
const registry = new Map<PgTable, Map<PgColumn, UsageRef>>();

/**
 * Declares that `ref.column` names rows of `referenced`. The referring module calls it when it is built, so the
 * referenced module never imports the modules that point at it.
 */
export function registerUsage(referenced: PgTable, ref: UsageRef): void {
  const refs = registry.get(referenced) ?? new Map<PgColumn, UsageRef>();
  refs.set(ref.column, ref);
  registry.set(referenced, refs);
}

/**
 * How many of the tenant's rows of each registered resource name record `id` of `referenced` (only those in use),
 * by resource name: the answer does not depend on the order modules were built in.
 */
export async function countUsages(
  tx: Tx,
  referenced: PgTable,
  tenantId: number,
  id: number,
): Promise<TUsage['usages']> {
  const refs = [...(registry.get(referenced)?.values() ?? [])].sort((a, b) => a.resource.localeCompare(b.resource));
  const usages: TUsage['usages'] = [];
  for (const ref of refs) {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(ref.table)
      .where(and(eq(ref.column, id), eq(ref.table.tenantId, tenantId)));
    if (row && row.count > 0) usages.push({ resource: ref.resource, count: row.count });
  }
  return usages;
}
