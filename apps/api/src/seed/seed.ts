import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PERMISSIONS, READ_PERMISSIONS } from '@tagstock/contract';
import { hashPassword } from '../platform/passwords';
import { companySettings, tenants, users } from '../db/schema';
import { queryRows, withPlatform, type Db } from '../db/client';
import { ADMIN_ROLE_NAME, createRole, seedTenantDefaults } from '../modules/tenants/tenant-defaults';
import { seedCatalog } from './seed-catalog';

export type SeedResult = { seeded: boolean; generatedPassword?: string };

/** Seeds an empty database with two tenants, so isolation can be seen, and the platform super admin. */
export async function seedDemo(db: Db, demoPassword?: string): Promise<SeedResult> {
  // Platform work: the seed creates tenants.
  const [existing] = await withPlatform(db, (tx) =>
    queryRows<{ n: number }>(tx, sql`select count(*)::int as n from tenants`),
  );
  if ((existing?.n ?? 0) > 0) return { seeded: false };

  const password = demoPassword ?? randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);

  await withPlatform(db, async (tx) => {
    const [demo] = await tx.insert(tenants).values({ name: 'Demo' }).returning({ id: tenants.id });
    const [acme] = await tx.insert(tenants).values({ name: 'Acme' }).returning({ id: tenants.id });
    for (const tenant of [demo!, acme!]) await seedTenantDefaults(tx, tenant.id);
    const demoAdmin = await createRole(tx, demo!.id, ADMIN_ROLE_NAME, PERMISSIONS);
    const demoReader = await createRole(tx, demo!.id, 'Lecteur', READ_PERMISSIONS);
    // Handheld users read everything and upload counting sessions.
    const demoMobile = await createRole(tx, demo!.id, 'Préparateur mobile', [...READ_PERMISSIONS, 'tags.write']);
    const acmeAdmin = await createRole(tx, acme!.id, ADMIN_ROLE_NAME, PERMISSIONS);

    const [admin] = await tx
      .insert(users)
      .values([
        {
          tenantId: demo!.id,
          email: 'admin@demo.test',
          name: 'Camille Martin',
          passwordHash,
          appType: 'All',
          roleId: demoAdmin,
        },
        {
          tenantId: demo!.id,
          email: 'mobile@demo.test',
          name: 'Lucas Bernard',
          passwordHash,
          appType: 'Mobile',
          roleId: demoMobile,
        },
        {
          tenantId: demo!.id,
          email: 'viewer@demo.test',
          name: 'Léa Dubois',
          passwordHash,
          appType: 'Web',
          roleId: demoReader,
        },
        {
          tenantId: acme!.id,
          email: 'admin@acme.test',
          name: 'Hugo Lefèvre',
          passwordHash,
          appType: 'All',
          roleId: acmeAdmin,
        },
        {
          tenantId: null,
          email: 'super@tagstock.test',
          name: 'Équipe Tagstock',
          passwordHash,
          appType: 'Web',
          rb: true,
        },
      ])
      .returning({ id: users.id });
    await seedCatalog(tx, demo!.id, admin!.id);
    await seedCatalog(tx, acme!.id, null);
    // Everything an invoice must state: a newcomer can issue a valid Factur-X on the first start.
    await tx.insert(companySettings).values({
      tenantId: demo!.id,
      name: 'Démo Distribution',
      address: '8 rue des Entrepreneurs',
      postcode: '59000',
      city: 'Lille',
      country: 'France',
      siren: '631229838',
      vatNumber: 'FR42631229838',
      email: 'facturation@demo-distribution.fr',
      phone: '+33 3 20 12 34 56',
      legalForm: 'SAS',
      shareCapital: '50000.00',
      rcsCity: 'Lille Métropole',
      latePenaltyRate: '12.15',
      supplyKind: 'goods',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPPXXX',
    });
    // The platform's catalogue, what tenants order from the operator (BDC RB).
    await tx.execute(
      sql`insert into platform_products (reference, designation, kind, unit_price, vat_rate) values
            ('RB-TAG-UHF-1000', 'Étiquettes RFID UHF (lot de 1000)', 'tags', 120, 20),
            ('RB-READER-FIX', 'Lecteur RFID fixe 4 antennes', 'reader', 890, 20),
            ('RB-LABEL-ROLL', 'Rouleau d''étiquettes imprimables', 'consumable', 35.5, 20)
          on conflict (reference) do nothing`,
    );
  });
  return demoPassword ? { seeded: true } : { seeded: true, generatedPassword: password };
}
