import { priceWithTax } from '@tagstock/contract/money';
import { newReaderSecret } from '../modules/rfid/rfid.repository';
import { moveStock } from '../modules/stock/stock.service';
import {
  articles,
  categories,
  consumers,
  customerGroups,
  customers,
  readers,
  reasons,
  suppliers,
  tagFamilies,
  tags,
} from '../db/schema';
import type { Tx } from '../db/client';

const SUPPLIERS = [
  {
    name: 'Textiles du Nord',
    contact: 'Sophie Lambert',
    address: '12 rue de la Filature',
    postcode: '59100',
    city: 'Roubaix',
    country: 'France',
    vatNumber: 'FR32512345678',
    phone: '+33 3 20 45 67 89',
    email: 'commandes@textilesdunord.fr',
  },
  {
    name: 'Atelier Lyonnais de Protection',
    contact: 'Marc Girard',
    address: '8 quai Perrache',
    postcode: '69002',
    city: 'Lyon',
    country: 'France',
    vatNumber: 'FR45498765432',
    phone: '+33 4 78 12 34 56',
    email: 'contact@alp-securite.fr',
  },
  {
    name: 'Bretagne Outillage',
    contact: 'Anne Le Goff',
    address: 'ZA de Kerlann',
    postcode: '29200',
    city: 'Brest',
    country: 'France',
    vatNumber: 'FR78443322110',
    phone: '+33 2 98 44 55 66',
    email: 'ventes@bretagne-outillage.fr',
  },
];

const CATEGORIES = [
  { name: 'Vêtements de travail', description: 'Tenues et uniformes' },
  { name: 'Équipements de protection', description: 'EPI : casques, gants, lunettes' },
  { name: 'Outillage', description: 'Outils à main et électroportatifs' },
];

// [reference, designation, size, price HT, VAT, quantity, alert, category index, supplier index]
const ARTICLES: [string, string, string | null, string, string, number, number, number, number | null][] = [
  ['VT-PAN-42', 'Pantalon de travail multipoches', '42', '34.90', '20', 48, 10, 0, 0],
  ['VT-PAN-44', 'Pantalon de travail multipoches', '44', '34.90', '20', 6, 10, 0, 0],
  ['VT-VES-M', 'Veste haute visibilité classe 2', 'M', '52.50', '20', 25, 5, 0, 0],
  ['VT-BLO-L', 'Blouse coton blanche', 'L', '21.00', '20', 60, 15, 0, 0],
  ['EPI-GAN-9', 'Gants anti-coupure niveau 5', '9', '12.40', '20', 120, 30, 1, 1],
  ['EPI-CAS-01', 'Casque de chantier ventilé', null, '18.75', '20', 3, 8, 1, 1],
  ['EPI-LUN-01', 'Lunettes de protection anti-buée', null, '9.90', '20', 80, 20, 1, 1],
  ['EPI-BOU-01', 'Bouchons d’oreilles (boîte de 200)', null, '27.60', '20', 14, 5, 1, 1],
  ['OUT-PER-18', 'Perceuse-visseuse 18 V', null, '129.00', '20', 9, 3, 2, 2],
  ['OUT-CLE-SET', 'Jeu de clés mixtes 12 pièces', null, '44.90', '20', 17, 4, 2, 2],
  ['OUT-MET-5', 'Mètre ruban 5 m', null, '8.30', '20', 2, 6, 2, null],
];

const GROUPS = [
  { name: 'Grands comptes', description: 'Clients avec contrat cadre' },
  { name: 'Collectivités', description: 'Mairies et services publics' },
];

const CUSTOMERS = [
  {
    name: 'Boulangerie Moreau',
    contact: 'Julien Moreau',
    address: '3 place du Marché',
    postcode: '35000',
    city: 'Rennes',
    country: 'France',
    vatNumber: 'FR43362275869',
    siren: '362275869',
    phone: '+33 2 99 11 22 33',
    email: 'julien@boulangerie-moreau.fr',
    customerCategory: 'Artisan',
    group: null,
  },
  {
    name: 'Mairie de Villeurbanne',
    contact: 'Service achats',
    address: 'Place Lazare-Goujon',
    postcode: '69100',
    city: 'Villeurbanne',
    country: 'France',
    vatNumber: null,
    siren: '530530419',
    phone: '+33 4 78 03 67 67',
    email: 'achats@mairie-villeurbanne.fr',
    customerCategory: 'Collectivité',
    group: 1,
  },
  {
    name: 'BTP Rhône-Alpes',
    contact: 'Karim Benali',
    address: '45 avenue Jean-Jaurès',
    postcode: '69007',
    city: 'Lyon',
    country: 'France',
    vatNumber: 'FR86749008934',
    siren: '749008934',
    deliveryAddress: 'Chantier Part-Dieu, 12 boulevard Vivier-Merle',
    deliveryPostcode: '69003',
    deliveryCity: 'Lyon',
    deliveryCountry: 'France',
    phone: '+33 4 72 00 11 22',
    email: 'k.benali@btp-ra.fr',
    customerCategory: 'Entreprise',
    group: 0,
    parentCompany: 'Groupe Construire',
  },
  {
    name: 'Clinique Saint-Joseph',
    contact: 'Nathalie Roux',
    address: '18 rue des Lilas',
    postcode: '13008',
    city: 'Marseille',
    country: 'France',
    vatNumber: 'FR80353246119',
    siren: '353246119',
    phone: '+33 4 91 22 33 44',
    email: 'logistique@clinique-stjoseph.fr',
    customerCategory: 'Santé',
    group: 0,
  },
];

const REASONS = [
  { label: 'Réception fournisseur', kind: 'increment' },
  { label: 'Retour client', kind: 'increment' },
  { label: 'Casse', kind: 'decrement' },
  { label: 'Vol ou perte', kind: 'decrement' },
  { label: 'Correction d’inventaire', kind: 'both' },
];

/** Realistic French catalog for a demo tenant. */
export async function seedCatalog(tx: Tx, tenantId: number, userId: number | null): Promise<void> {
  const sup = await tx
    .insert(suppliers)
    .values(SUPPLIERS.map((s) => ({ ...s, tenantId })))
    .returning({ id: suppliers.id });
  const cat = await tx
    .insert(categories)
    .values(CATEGORIES.map((c) => ({ ...c, tenantId })))
    .returning({ id: categories.id });
  await tx.insert(reasons).values(REASONS.map((r) => ({ ...r, tenantId })));
  const art = await tx
    .insert(articles)
    .values(
      ARTICLES.map(([reference, designation, size, priceHt, vatRate, , stockAlert, c, s]) => ({
        tenantId,
        reference,
        designation,
        size,
        priceHt,
        vatRate,
        priceTtc: priceWithTax(priceHt, vatRate),
        stockAlert,
        categoryId: cat[c]!.id,
        supplierId: s === null ? null : sup[s]!.id,
      })),
    )
    .returning({ id: articles.id });
  // Opening stock through the one stock path, like any other stock change.
  await moveStock(
    tx,
    { tenantId, userId },
    art.flatMap((a, i) => {
      const quantity = ARTICLES[i]![5];
      return quantity > 0 ? [{ articleId: a.id, delta: quantity, reason: 'opening' as const }] : [];
    }),
  );
  // RFID: a door gate and a storage reader (their secrets are unknown until an administrator rotates them),
  // a tag family, SGTIN-96 tags on the first articles, and consumers for attributions.
  await tx.insert(readers).values([
    {
      tenantId,
      name: 'Portique quai A',
      vendor: 'zebra',
      mac: '84:24:8D:FC:08:06',
      location: 'Quai A — sortie',
      role: 'exit_gate',
      antennas: [
        { port: 1, side: 'inner' },
        { port: 2, side: 'outer' },
      ],
      secretHash: newReaderSecret().hash,
    },
    {
      tenantId,
      name: 'Réserve',
      vendor: 'impinj',
      hostname: 'impinj-14-11-fb',
      location: 'Réserve principale',
      role: 'storage',
      antennas: [{ port: 1, side: 'none' }],
      secretHash: newReaderSecret().hash,
    },
  ]);
  const [family] = await tx
    .insert(tagFamilies)
    .values({ tenantId, name: 'Étiquettes textiles' })
    .returning({ id: tagFamilies.id });
  await tx.insert(tags).values(
    art.slice(0, 4).flatMap((a, i) =>
      [0, 1].map((k) => ({
        tenantId,
        epc: `30340242201D8C40000${String(i * 10 + k + 1).padStart(5, '0')}`,
        familyId: family!.id,
        articleId: a.id,
      })),
    ),
  );
  await tx.insert(consumers).values([
    { tenantId, name: 'Atelier maintenance', kind: 'service' as const },
    { tenantId, name: 'Nicolas Fabre', kind: 'person' as const, email: 'n.fabre@exemple.fr' },
  ]);
  const grp = await tx
    .insert(customerGroups)
    .values(GROUPS.map((g) => ({ ...g, tenantId })))
    .returning({ id: customerGroups.id });
  await tx
    .insert(customers)
    .values(CUSTOMERS.map(({ group, ...c }) => ({ ...c, tenantId, groupId: group === null ? null : grp[group]!.id })));
}
