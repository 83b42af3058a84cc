import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, withPlatform, type Db } from '../db/client';
import { secretBox } from '../platform/secrets';

/*
 * The demo's French e-invoicing chain on one machine (PA_SIMULATOR=1): the Demo and Acme tenants each get an
 * account at the local approved-platform simulator and their platform settings point at it; Acme gets a company
 * identity (its SIREN in the simulator's directory) and Demo a customer carrying that SIREN. An invoice Demo
 * issues to that customer arrives in Acme's received invoices, and Acme's statuses come back to Demo.
 */

/** What the seed needs of the simulator (tools/pa-simulator): its address and its accounts. */
export type SimulatorAccounts = {
  url: string;
  control: {
    addAccount(input: { clientId: string; clientSecret: string; siren: string; name: string }): unknown;
    addCompany(input: { siren: string; name: string; line?: 'Enabled' | 'Disabled' | null }): unknown;
  };
};

export const ACME_SIREN = '552100554';
export const ACME_NAME = 'Acme Industrie';
/** A French company on another platform, in the simulator's directory (a SIREN the company screen's examples use). */
export const OTHER_SIREN = '732829320';

export async function connectDemoToSimulator(db: Db, simulator: SimulatorAccounts, secretsKey: string): Promise<void> {
  const box = secretBox(secretsKey);
  await withPlatform(db, async (tx) => {
    const tenants = await queryRows<{ id: number; name: string }>(
      tx,
      sql`select id, name from tenants where name in ('Demo', 'Acme') order by id`,
    );
    const demo = tenants.find((t) => t.name === 'Demo');
    const acme = tenants.find((t) => t.name === 'Acme');
    if (!demo || !acme) return;
    simulator.control.addCompany({ siren: OTHER_SIREN, name: 'Société Exemple', line: 'Enabled' });
    await tx.execute(
      sql`insert into company_settings (tenant_id, name, address, postcode, city, country, siren, vat_number, email,
            legal_form, share_capital, rcs_city, late_penalty_rate, supply_kind)
          values (${acme.id}, ${ACME_NAME}, '12 avenue des Forges', '69007', 'Lyon', 'France', ${ACME_SIREN},
            'FR32552100554', 'comptabilite@acme-industrie.fr', 'SAS', '100000.00', 'Lyon', '12.15', 'goods')
          on conflict (tenant_id) do nothing`,
    );
    const [customer] = await queryRows<{ id: number }>(
      tx,
      sql`select id from customers where tenant_id = ${demo.id} and siren = ${ACME_SIREN}`,
    );
    if (!customer)
      await tx.execute(
        sql`insert into customers (tenant_id, name, kind, address, postcode, city, country, siren, vat_number, email)
            values (${demo.id}, ${ACME_NAME}, 'company', '12 avenue des Forges', '69007', 'Lyon', 'France',
              ${ACME_SIREN}, 'FR32552100554', 'comptabilite@acme-industrie.fr')`,
      );
    const [demoCompany] = await queryRows<{ siren: string | null; name: string }>(
      tx,
      sql`select siren, name from company_settings where tenant_id = ${demo.id}`,
    );
    for (const [tenant, siren, name] of [
      [demo, demoCompany?.siren ?? '631229838', demoCompany?.name ?? 'Démo Distribution'],
      [acme, ACME_SIREN, ACME_NAME],
    ] as const) {
      // A new secret at each start: the simulator keeps its accounts in memory.
      const clientId = `tagstock-${tenant.name.toLowerCase()}`;
      const clientSecret = randomBytes(24).toString('base64url');
      simulator.control.addAccount({ clientId, clientSecret, siren, name });
      await tx.execute(
        sql`insert into einvoicing_settings (tenant_id, enabled, base_url, client_id, client_secret)
            values (${tenant.id}, true, ${simulator.url}, ${clientId}, ${box.seal(clientSecret)})
            on conflict (tenant_id) do update set enabled = true, base_url = excluded.base_url,
              client_id = excluded.client_id, client_secret = excluded.client_secret, webhook_uid = null,
              webhook_secret = null, cursor = null, updated_at = now()`,
      );
    }
  });
}
