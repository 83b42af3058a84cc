import { sql } from 'drizzle-orm';
import { ZTerminal, ZTerminalInput, type TTerminal, type TTerminalInput } from '@tagstock/contract';
import type { Db } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { tenantList, type TenantListOptions } from '../../platform/pagination';
import { users } from '../auth/auth.schema';
import { terminals } from './rfid.schema';

export const TERMINAL_LIST: TenantListOptions = {
  table: 'terminals',
  alias: 'te',
  columns: sql`te.id, te.model, te.imei, te.manufacturer, te.user_id as "userId", u.name as "userName",
    ${isoUtc(sql`te.last_sync_at`)} as "lastSyncAt"`,
  joins: sql`left join users u on u.id = te.user_id`,
  search: [sql`te.model`, sql`te.imei`, sql`te.manufacturer`, sql`u.name`],
  sort: { model: sql`te.model`, imei: sql`te.imei`, userName: sql`u.name`, lastSyncAt: sql`te.last_sync_at` },
  defaultSort: 'model:asc',
};

/** Handheld terminals, each optionally assigned to a user. */
export function terminalResource(db: Db) {
  const service = createCrudService<TTerminal, TTerminalInput>(db, {
    entity: 'terminal',
    table: terminals,
    idColumn: sql`te.id`,
    list: tenantList(TERMINAL_LIST),
    toValues: (input) => input,
    references: { userId: users as never },
    errors: { unique: { terminals_tenant_imei_uq: 'imei' } },
  });
  const routes = crudRoutes({
    path: '/terminals',
    resource: 'terminals',
    tag: 'terminals',
    service,
    item: ZTerminal,
    input: ZTerminalInput,
  });
  return { service, routes };
}
