import { sql } from 'drizzle-orm';
import type { TEinvoicingSettings, TEinvoicingSettingsInput, TEinvoicingTest } from '@tagstock/contract';
import { queryRows, withPlatform, withTenant, type Db, type Tx } from '../../db/client';
import { logActivity } from '../../platform/activity-log';
import { tenantScope, type AuthContext } from '../../platform/auth';
import { badRequest, conflict } from '../../platform/errors';
import type { SecretBox } from '../../platform/secrets';
import { companyForDocuments } from '../company/company.service';
import { PlatformError, type PlatformAdapter } from './platform/adapter';
import { createAfnorAdapter } from './platform/afnor-adapter';

type SettingsRow = {
  enabled: boolean;
  baseUrl: string;
  tokenUrl: string | null;
  clientId: string;
  clientSecret: string | null;
  organizationId: string | null;
  webhookSecret: string | null;
  webhookUid: string | null;
  cursor: string | null;
};

const columns = sql`enabled, base_url as "baseUrl", token_url as "tokenUrl", client_id as "clientId",
  client_secret as "clientSecret", organization_id as "organizationId", webhook_secret as "webhookSecret",
  webhook_uid as "webhookUid", cursor`;

export async function readSettings(tx: Tx, tenantId: number): Promise<SettingsRow | undefined> {
  const [row] = await queryRows<SettingsRow>(
    tx,
    sql`select ${columns} from einvoicing_settings where tenant_id = ${tenantId}`,
  );
  return row;
}

const shown = (row: SettingsRow | undefined): TEinvoicingSettings => ({
  configured: !!row,
  enabled: row?.enabled ?? false,
  baseUrl: row?.baseUrl ?? null,
  tokenUrl: row?.tokenUrl ?? null,
  clientId: row?.clientId ?? null,
  hasClientSecret: !!row?.clientSecret,
  organizationId: row?.organizationId ?? null,
  webhookSubscribed: !!row?.webhookUid,
});

/** A connection to a tenant's platform, as its settings describe it. */
export type Connection = { tenantId: number; adapter: PlatformAdapter; settings: SettingsRow };

/** How a tenant's adapter is made (tests and the bench hand the platform a shorter timeout). */
export type AdapterFactory = (settings: SettingsRow & { clientSecret: string }) => PlatformAdapter;

export const afnorAdapterFactory: AdapterFactory = (s) =>
  createAfnorAdapter({
    baseUrl: s.baseUrl,
    ...(s.tokenUrl ? { tokenUrl: s.tokenUrl } : {}),
    clientId: s.clientId,
    clientSecret: s.clientSecret,
    ...(s.organizationId ? { organizationId: s.organizationId } : {}),
  });

/** A platform's failure as the tenant reads it: what went wrong, never a secret. */
export const platformMessage = (err: unknown) =>
  err instanceof PlatformError ? `${err.kind}: ${err.message}` : err instanceof Error ? err.message : String(err);

/**
 * The platform settings of each tenant (secrets sealed at rest, never returned), the connection built from them,
 * and the connection test of the company screen.
 */
export function createEinvoicingSettings(
  db: Db,
  box: SecretBox,
  options: { adapter?: AdapterFactory; callbackUrl?: (tenantId: number) => string | null } = {},
) {
  const scoped = tenantScope(db);
  const makeAdapter = options.adapter ?? afnorAdapterFactory;

  const adapterOf = (settings: SettingsRow) =>
    makeAdapter({ ...settings, clientSecret: box.open(settings.clientSecret ?? '') });

  /** The tenant's connection when its platform is enabled; null otherwise. */
  async function connection(tx: Tx, tenantId: number): Promise<Connection | null> {
    const settings = await readSettings(tx, tenantId);
    if (!settings?.enabled || !settings.clientSecret) return null;
    return { tenantId, adapter: adapterOf(settings), settings };
  }

  /** Every tenant whose platform is enabled (the poll reads each one's incoming flows). */
  const enabledTenants = () =>
    withPlatform(db, (tx) =>
      queryRows<{ tenantId: number }>(
        tx,
        sql`select tenant_id as "tenantId" from einvoicing_settings where enabled and client_secret is not null
            order by tenant_id`,
      ),
    );

  /**
   * Subscribes the platform's webhook (it calls us when a flow arrives), once per settings: best effort, the poll
   * reads the flows anyway. A new subscription replaces the old one.
   */
  async function subscribe(tenantId: number): Promise<void> {
    const callbackUrl = options.callbackUrl?.(tenantId);
    if (!callbackUrl) return;
    const conn = await withTenant(db, tenantId, (tx) => connection(tx, tenantId));
    if (!conn || conn.settings.webhookUid) return;
    const { uid, secret } = await conn.adapter.subscribeWebhook({ callbackUrl, direction: 'In' });
    await withTenant(db, tenantId, (tx) =>
      tx.execute(
        sql`update einvoicing_settings set webhook_uid = ${uid}, webhook_secret = ${box.seal(secret)}, updated_at = now()
            where tenant_id = ${tenantId}`,
      ),
    );
  }

  return {
    connection,
    enabledTenants,
    subscribe,
    /** At start: the tenants connected without a webhook subscription get one (best effort). */
    subscribeAll: async () => {
      for (const { tenantId } of await enabledTenants()) await subscribe(tenantId).catch(() => undefined);
    },
    /** The key the platform signs its webhook calls to this tenant with. */
    webhookSecret: (tx: Tx, tenantId: number) =>
      readSettings(tx, tenantId).then((s) => (s?.webhookSecret ? box.open(s.webhookSecret) : null)),

    get: (auth: AuthContext) => scoped(auth, async (tx, tenantId) => shown(await readSettings(tx, tenantId))),

    async save(auth: AuthContext, input: TEinvoicingSettingsInput): Promise<TEinvoicingSettings> {
      const saved = await scoped(auth, async (tx, tenantId) => {
        const before = await readSettings(tx, tenantId);
        const secret = input.clientSecret ? box.seal(input.clientSecret) : (before?.clientSecret ?? null);
        if (input.enabled && !secret)
          throw badRequest('validation_failed', 'A client secret is needed to connect to the platform', [
            { field: 'clientSecret', message: 'required', code: 'required' },
          ]);
        // Another platform or account: the old webhook subscription and cursor mean nothing there.
        const moved =
          !!before && (before.baseUrl !== input.baseUrl || before.clientId !== input.clientId || !!input.clientSecret);
        await tx.execute(
          sql`insert into einvoicing_settings (tenant_id, enabled, base_url, token_url, client_id, client_secret,
                organization_id, updated_by)
              values (${tenantId}, ${input.enabled}, ${input.baseUrl}, ${input.tokenUrl}, ${input.clientId}, ${secret},
                ${input.organizationId}, ${auth.userId})
              on conflict (tenant_id) do update set enabled = excluded.enabled, base_url = excluded.base_url,
                token_url = excluded.token_url, client_id = excluded.client_id, client_secret = excluded.client_secret,
                organization_id = excluded.organization_id, updated_by = excluded.updated_by, updated_at = now()
                ${moved ? sql`, webhook_uid = null, webhook_secret = null, cursor = null` : sql``}`,
        );
        await logActivity(tx, {
          tenantId,
          userId: auth.userId,
          entity: 'company',
          entityId: null,
          action: 'updated',
          summary: input.enabled ? 'Approved platform connected' : 'Approved platform settings saved (not connected)',
          changes: [
            { field: 'einvoicingEnabled', from: before?.enabled ?? false, to: input.enabled },
            ...(before?.baseUrl !== input.baseUrl
              ? [{ field: 'einvoicingBaseUrl', from: before?.baseUrl ?? null, to: input.baseUrl }]
              : []),
            ...(input.clientSecret ? [{ field: 'einvoicingClientSecret', from: null, to: '(changed)' }] : []),
          ],
        });
        return { tenantId, settings: shown(await readSettings(tx, tenantId)) };
      });
      if (saved.settings.enabled) await subscribe(saved.tenantId).catch(() => undefined);
      return scoped(auth, async (tx, tenantId) => shown(await readSettings(tx, tenantId)));
    },

    /** The company screen's "test the connection": the platform's healthcheck, then the company in its directory. */
    async test(auth: AuthContext): Promise<TEinvoicingTest> {
      const { settings, siren, tenantId } = await scoped(auth, async (tx, tenantId) => ({
        tenantId,
        settings: await readSettings(tx, tenantId),
        siren: (await companyForDocuments(tx, tenantId)).siren,
      }));
      if (!settings?.clientSecret)
        throw conflict('einvoicing_not_configured', 'The approved platform is not set up for this company');
      const adapter = adapterOf(settings);
      const checks: TEinvoicingTest['checks'] = [];
      let company: TEinvoicingTest['company'] = null;
      try {
        await adapter.health();
        checks.push({ check: 'health', ok: true, message: null });
      } catch (err) {
        checks.push({ check: 'health', ok: false, message: platformMessage(err) });
      }
      if (!siren) checks.push({ check: 'directory', ok: false, message: 'The company settings have no SIREN' });
      else
        try {
          const [found, line] = await Promise.all([adapter.lookupSiren(siren), adapter.lookupAddressee(siren)]);
          if (found) company = { siren: found.siren, name: found.name, canReceive: !!line?.canReceive };
          checks.push({
            check: 'directory',
            ok: !!found,
            message: found ? null : `SIREN ${siren} is not in the platform's directory`,
          });
        } catch (err) {
          checks.push({ check: 'directory', ok: false, message: platformMessage(err) });
        }
      const ok = checks.every((c) => c.ok);
      if (ok && settings.enabled) await subscribe(tenantId).catch(() => undefined);
      return { ok, checks, company };
    },
  };
}

export type EinvoicingSettingsService = ReturnType<typeof createEinvoicingSettings>;
