// `npm run seed:large [-- --tenant Demo --articles 100000 --suppliers 2000 --customers 20000 --orders 100000]`
// Fills one tenant through set-based SQL (generate_series), not row by row. Stop the server first when the
// database is the embedded one: PGlite cannot be shared by two processes.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase, queryRows, withPlatform, withTenant, type Database } from '../db/client';
import { moveStock } from '../modules/stock/stock.service';
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
  database: Pick<Database, 'db' | 'owner'>,
  opts: { tenant: string; articles: number; suppliers: number; customers: number; orders?: number },
) {
  const { db } = database;
  const [tenant] = await withPlatform(db, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from tenants where name = ${opts.tenant}`),
  );
  if (!tenant) throw new Error(`No tenant named ${opts.tenant}`);
  const t = tenant.id;
  const cities = textArray(CITIES);
  await withTenant(db, t, async (tx) => {
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
             (array['S','M','L','XL',null])[1 + g % 5], 0, p, 20, round(p * 1.2, 2), 10,
             ${cat?.id ?? null}::int, ${range!.lo}::int + g % greatest(1, ${range!.hi}::int - ${range!.lo}::int + 1)
      from generate_series(1, ${opts.articles}::int) g, lateral (select round((1 + (g * 7919) % 50000 / 100.0)::numeric, 2) as p) price`);
    // Opening stock through the one stock path: g % 250 units for REF-g, a chunk of articles per call.
    const created = await queryRows<{ id: number; reference: string }>(
      tx,
      sql`select id, reference from articles where tenant_id = ${t} and reference like 'REF-%' and quantity = 0 order by id`,
    );
    const opening = created
      .map((a) => ({ articleId: a.id, delta: Number(a.reference.slice(4)) % 250, reason: 'opening' as const }))
      .filter((c) => c.delta > 0);
    for (let i = 0; i < opening.length; i += 10_000)
      await moveStock(tx, { tenantId: t, userId: null }, opening.slice(i, i + 10_000));
    await tx.execute(sql`
      insert into customers (tenant_id, name, contact, city, country, email, customer_category)
      select ${t}, 'Client ' || lpad(g::text, 6, '0'), 'Acheteur ' || g, (${cities})[1 + g % 16], 'France',
             'client' || g || '@exemple.fr', (array['Entreprise','Artisan','Collectivité','Santé'])[1 + g % 4]
      from generate_series(1, ${opts.customers}::int) g`);
  });
  if (opts.orders) await seedPurchaseOrders(database, t, opts.orders);
  // VACUUM (the owner's right) also flushes the GIN pending lists filled by the bulk insert, which searches would otherwise scan.
  for (const table of ['articles', 'suppliers', 'customers', 'purchase_orders', 'purchase_order_lines'])
    await database.owner.execute(sql`vacuum analyze ${sql.identifier(table)}`);
}

/**
 * `count` purchase orders of ten lines over the last two years, set-based: numbered per year like the service
 * numbers them (and the counters follow), a tenth in progress, a sixth canceled, the rest sent; totals from the
 * lines; the per-reference counts of the dashboard filled from them. No stock moves (nothing is received).
 */
async function seedPurchaseOrders(database: Pick<Database, 'db'>, t: number, count: number) {
  await withTenant(database.db, t, async (tx) => {
    // Tables just filled have no statistics yet: a nested loop over them would take hours.
    await tx.execute(sql`set local enable_nestloop = off`);
    await tx.execute(
      sql`insert into payment_modes (tenant_id, label) values (${t}, 'Virement') on conflict do nothing`,
    );
    const [refs] = await queryRows<{ mode: number; lo: number; hi: number; slo: number; shi: number }>(
      tx,
      sql`select (select min(id) from payment_modes where tenant_id = ${t}) as mode,
            (select min(id) from articles where tenant_id = ${t}) as lo, (select max(id) from articles where tenant_id = ${t}) as hi,
            (select min(id) from suppliers where tenant_id = ${t}) as slo, (select max(id) from suppliers where tenant_id = ${t}) as shi`,
    );
    if (!refs?.lo || !refs.slo) throw new Error('seed articles and suppliers before orders');
    await tx.execute(sql`
      insert into purchase_orders (tenant_id, number, supplier_id, payment_mode_id, order_date, expected_date, status)
      select ${t}, 'BC-' || extract(year from d)::int || '-' ||
               lpad((row_number() over (partition by extract(year from d) order by d, g)
                     + coalesce((select last_value from document_counters c where c.tenant_id = ${t} and c.series = 'BC'
                                   and c.year = extract(year from d)::int), 0))::text, 6, '0'),
             ${refs.slo}::int + (g * 7) % (${refs.shi}::int - ${refs.slo}::int + 1), ${refs.mode}::int, d, d + 14,
             case when g % 10 = 0 then 'in_progress' when g % 6 = 0 then 'canceled' else 'done' end
      from generate_series(1, ${count}::int) g, lateral (select current_date - (g % 730) as d) day`);
    await tx.execute(sql`
      insert into document_counters (tenant_id, series, year, last_value)
      select ${t}, 'BC', split_part(number, '-', 2)::int, max(split_part(number, '-', 3)::int)
      from purchase_orders where tenant_id = ${t} group by 2, 3
      on conflict (tenant_id, series, year) do update set last_value = excluded.last_value`);
    await tx.execute(sql`
      insert into purchase_order_lines (tenant_id, order_id, position, article_id, reference, designation, quantity,
        unit_price, discount, vat_rate, net_amount)
      select ${t}, o.id, k, a.id, a.reference, a.designation, 1 + (o.id + k) % 20, a.price_ht, 0, a.vat_rate,
             (1 + (o.id + k) % 20) * a.price_ht
      from purchase_orders o cross join generate_series(1, 10) k
      join articles a on a.id = ${refs.lo}::int + (o.id * 31 + k * 7919) % (${refs.hi}::int - ${refs.lo}::int + 1)
      where o.tenant_id = ${t} and o.line_count = 0`);
    await tx.execute(sql`
      update purchase_orders o set total_net = x.net, total_vat = x.vat, total_gross = x.net + x.vat, line_count = x.n,
        ordered_units = x.units
      from (select order_id, sum(net_amount) as net, sum(round(net_amount * vat_rate / 100, 2)) as vat, count(*)::int as n,
              sum(quantity) as units
            from purchase_order_lines where tenant_id = ${t} group by order_id) x
      where o.id = x.order_id and o.tenant_id = ${t} and o.line_count = 0`);
    await tx.execute(sql`
      insert into purchase_reference_counts as c (tenant_id, reference, designation, lines, quantity)
      select ${t}, l.reference, max(l.designation), count(distinct l.order_id), sum(l.quantity)
      from purchase_order_lines l join purchase_orders o on o.id = l.order_id
      where o.tenant_id = ${t} and o.status <> 'canceled' group by l.reference
      on conflict (tenant_id, reference) do update set lines = excluded.lines, quantity = excluded.quantity`);
  });
}

const isMain = process.argv[1]?.endsWith('seed-large.ts');
if (isMain) {
  const { values } = parseArgs({
    options: {
      tenant: { type: 'string', default: 'Demo' },
      articles: { type: 'string', default: '100000' },
      suppliers: { type: 'string', default: '2000' },
      customers: { type: 'string', default: '20000' },
      orders: { type: 'string', default: '100000' },
    },
  });
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    appDatabaseUrl: config.databaseAppUrl,
    appPassword: config.databaseAppPassword,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  await database.migrate();
  await seedDemo(database.db, config.demoPassword);
  const t0 = performance.now();
  await seedLarge(database, {
    tenant: values.tenant,
    articles: Number(values.articles),
    suppliers: Number(values.suppliers),
    customers: Number(values.customers),
    orders: Number(values.orders),
  });
  console.log(`Seeded tenant ${values.tenant} in ${Math.round(performance.now() - t0)} ms`);
  await database.close();
}
