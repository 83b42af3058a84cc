import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { platformRows, setupTestApp } from '../test/helper';

const ctx = await setupTestApp();
const db = ctx.database.db;

describe('app_grant_new_resource (the permission backfill of a new resource)', () => {
  it('gives read and write to administrators, read to readers, nothing to the others, once', async () => {
    const granted = async () =>
      platformRows<{ role: string; tenant: string; permissions: string[] }>(
        db,
        sql`select r.name as role, t.name as tenant, array_agg(rp.permission order by rp.permission) as permissions
            from role_permissions rp join roles r on r.id = rp.role_id join tenants t on t.id = r.tenant_id
            where rp.permission like 'kitProbe.%' group by r.name, t.name order by t.name, r.name`,
      );
    await platformRows(db, sql`select app_grant_new_resource('kitProbe')`);
    await platformRows(db, sql`select app_grant_new_resource('kitProbe')`);
    expect(await granted()).toEqual([
      { role: 'Administrateur', tenant: 'Acme', permissions: ['kitProbe.read', 'kitProbe.write'] },
      { role: 'Administrateur', tenant: 'Demo', permissions: ['kitProbe.read', 'kitProbe.write'] },
      { role: 'Lecteur', tenant: 'Demo', permissions: ['kitProbe.read'] },
      { role: 'Préparateur mobile', tenant: 'Demo', permissions: ['kitProbe.read'] },
    ]);
    await platformRows(db, sql`delete from role_permissions where permission like 'kitProbe.%' returning 1`);
  });
});
