// `npm run seed:large [-- --tenant Demo --articles 100000 --suppliers 2000 --customers 20000]`
// Fills one tenant through set-based SQL (generate_series), not row by row. Stop the server first when the
// database is the embedded one: PGlite cannot be shared by two processes.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase, queryRows, type Db } from './client';
import { seedDemo } from './seed';

const NOUNS = [
  'Gants',
  'Casque',
  'Veste',
  'Pantalon',
  'Chaussures',
  'Lunettes',
  'Masque',
  'Blouse',
  'Tablier',
  'Gilet',
  'Perceuse',
  'Clé',
  'Tournevis',
  'Marteau',
  'Mètre',
  'Niveau',
  'Scie',
  'Pince',
  'Cutter',
  'Lampe',
];
const ADJECTIVES = [
  'renforcé',
  'anti-coupure',
  'haute visibilité',
  'imperméable',
  'ergonomique',
  'compact',
  'professionnel',
  'léger',
  'isolant',
  'antistatique',
  'ventilé',
  'thermique',
  'nitrile',
  'cuir',
  'coton',
  'inox',
  'magnétique',
  'pliable',
  'rechargeable',
  'étanche',
];
const CITIES = [
  'Paris',
  'Lyon',
  'Marseille',
  'Toulouse',
  'Nantes',
  'Lille',
  'Bordeaux',
  'Rennes',
  'Strasbourg',
  'Nice',
  'Grenoble',
  'Dijon',
  'Angers',
  'Brest',
  'Tours',
  'Reims',
];

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

export async function seedLarge(
  db: Db,
  opts: { tenant: string; articles: number; suppliers: number; customers: number },
) {
  const [tenant] = await queryRows<{ id: number }>(db, sql`select id from tenants where name = ${opts.tenant}`);
  if (!tenant) throw new Error(`No tenant named ${opts.tenant}`);
  const t = tenant.id;
  const cities = textArray(CITIES);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into suppliers (tenant_id, name, contact, city, country, email, phone)
      select ${t}, 'Fournisseur ' || lpad(g::text, 5, '0'), 'Contact ' || g, (${cities})[1 + g % 16], 'France',
             'fournisseur' || g || '@exemple.fr', '+33 1 ' || lpad((g % 100)::text, 2, '0') || ' 00 00 00'
      from generate_series(1, ${opts.suppliers}::int) g`);
    const [range] = await queryRows<{ lo: number; hi: number }>(
      tx,
      sql`select min(id) as lo, max(id) as hi from suppliers where tenant_id = ${t} and name like 'Fournisseur %'`,
    );
    const [cat] = await queryRows<{ id: number }>(
      tx,
      sql`select id from categories where tenant_id = ${t} order by id limit 1`,
    );
    await tx.execute(sql`
      insert into articles (tenant_id, reference, designation, size, quantity, price_ht, vat_rate, price_ttc, stock_alert, category_id, supplier_id)
      select ${t}, 'REF-' || lpad(g::text, 7, '0'),
             (${textArray(NOUNS)})[1 + g % 20] || ' ' || (${textArray(ADJECTIVES)})[1 + (g / 20) % 20] || ' modèle ' || g,
             (array['S','M','L','XL',null])[1 + g % 5], g % 250, p, 20, round(p * 1.2, 2), 10,
             ${cat?.id ?? null}::int, ${range!.lo}::int + g % greatest(1, ${range!.hi}::int - ${range!.lo}::int + 1)
      from generate_series(1, ${opts.articles}::int) g, lateral (select round((1 + (g * 7919) % 50000 / 100.0)::numeric, 2) as p) price`);
    await tx.execute(sql`
      insert into customers (tenant_id, name, contact, city, country, email, customer_category)
      select ${t}, 'Client ' || lpad(g::text, 6, '0'), 'Acheteur ' || g, (${cities})[1 + g % 16], 'France',
             'client' || g || '@exemple.fr', (array['Entreprise','Artisan','Collectivité','Santé'])[1 + g % 4]
      from generate_series(1, ${opts.customers}::int) g`);
  });
  // VACUUM also flushes the GIN pending lists filled by the bulk insert, which searches would otherwise scan.
  for (const table of ['articles', 'suppliers', 'customers'])
    await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
}

const isMain = process.argv[1]?.endsWith('seed-large.ts');
if (isMain) {
  const { values } = parseArgs({
    options: {
      tenant: { type: 'string', default: 'Demo' },
      articles: { type: 'string', default: '100000' },
      suppliers: { type: 'string', default: '2000' },
      customers: { type: 'string', default: '20000' },
    },
  });
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  await database.migrate();
  await seedDemo(database.db, config.demoPassword);
  const t0 = performance.now();
  await seedLarge(database.db, {
    tenant: values.tenant,
    articles: Number(values.articles),
    suppliers: Number(values.suppliers),
    customers: Number(values.customers),
  });
  console.log(`Seeded tenant ${values.tenant} in ${Math.round(performance.now() - t0)} ms`);
  await database.close();
}
