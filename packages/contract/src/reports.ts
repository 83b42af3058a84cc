import { z } from 'zod';
import { ZListQuery } from './common';
import { isoDate, required, str, text } from './fields';

/**
 * Reports (DESIGN §4c): a structured query over a semantic layer of measures and dimensions declared once. The API
 * generates the SQL from its registry (nothing a user or a model writes is executed); the builder and the
 * natural-language parser both produce a `TReportQuery`. Labels and synonyms (French and English, singular and
 * plural) are what the parser matches words against.
 */

export const REPORT_UNITS = ['money', 'quantity', 'count'] as const;
export type TReportUnit = (typeof REPORT_UNITS)[number];

/** The tenants' day: periods, presets and day/week/month groupings are read in it. */
export const REPORT_TIME_ZONE = 'Europe/Paris';

export const REPORT_DIMENSION_IDS = [
  'day',
  'week',
  'month',
  'quarter',
  'year',
  'article',
  'category',
  'supplier',
  'customer',
  'customer_group',
  'consumer',
  'attribution',
  'location',
  'reason',
  'status',
  'document_type',
] as const;
export type TReportDimensionId = (typeof REPORT_DIMENSION_IDS)[number];
export const ZReportDimensionId = z.enum(REPORT_DIMENSION_IDS);

/** The groupings by time, offered by every measure that has a date. */
export const REPORT_TIME_DIMENSIONS = [
  'day',
  'week',
  'month',
  'quarter',
  'year',
] as const satisfies readonly TReportDimensionId[];

type Labels = { fr: string; en: string };
type Synonyms = { fr: readonly string[]; en: readonly string[] };

export type TReportDimensionDef = { label: Labels; synonyms: Synonyms };

export const REPORT_DIMENSIONS: Record<TReportDimensionId, TReportDimensionDef> = {
  day: {
    label: { fr: 'Jour', en: 'Day' },
    synonyms: {
      fr: ['jour', 'jours', 'par jour', 'journalier', 'quotidien', 'date'],
      en: ['day', 'days', 'daily', 'per day', 'date'],
    },
  },
  week: {
    label: { fr: 'Semaine', en: 'Week' },
    synonyms: {
      fr: ['semaine', 'semaines', 'hebdomadaire', 'par semaine'],
      en: ['week', 'weeks', 'weekly', 'per week'],
    },
  },
  month: {
    label: { fr: 'Mois', en: 'Month' },
    synonyms: { fr: ['mois', 'mensuel', 'mensuelle', 'par mois'], en: ['month', 'months', 'monthly', 'per month'] },
  },
  quarter: {
    label: { fr: 'Trimestre', en: 'Quarter' },
    synonyms: {
      fr: ['trimestre', 'trimestres', 'trimestriel', 'par trimestre'],
      en: ['quarter', 'quarters', 'quarterly'],
    },
  },
  year: {
    label: { fr: 'Année', en: 'Year' },
    synonyms: {
      fr: ['année', 'années', 'an', 'ans', 'annuel', 'annuelle', 'exercice'],
      en: ['year', 'years', 'yearly', 'annual'],
    },
  },
  article: {
    label: { fr: 'Article', en: 'Article' },
    synonyms: {
      fr: [
        'article',
        'articles',
        'produit',
        'produits',
        'référence',
        'références',
        'ref',
        'désignation',
        'item',
        'items',
      ],
      en: ['article', 'articles', 'product', 'products', 'item', 'items', 'reference', 'references', 'sku', 'skus'],
    },
  },
  category: {
    label: { fr: 'Catégorie', en: 'Category' },
    synonyms: {
      fr: ['catégorie', 'catégories', 'famille', 'familles', 'rayon', 'rayons'],
      en: ['category', 'categories', 'family', 'families', 'product category'],
    },
  },
  supplier: {
    label: { fr: 'Fournisseur', en: 'Supplier' },
    synonyms: {
      fr: ['fournisseur', 'fournisseurs', 'fourni', 'vendeur'],
      en: ['supplier', 'suppliers', 'vendor', 'vendors', 'seller'],
    },
  },
  customer: {
    label: { fr: 'Client', en: 'Customer' },
    synonyms: {
      fr: ['client', 'clients', 'clientèle', 'acheteur', 'acheteurs'],
      en: ['customer', 'customers', 'client', 'clients', 'buyer', 'buyers'],
    },
  },
  customer_group: {
    label: { fr: 'Groupe de clients', en: 'Customer group' },
    synonyms: {
      fr: ['groupe de clients', 'groupes de clients', 'groupe client', 'groupes clients', 'groupe'],
      en: ['customer group', 'customer groups', 'client group', 'group', 'groups'],
    },
  },
  consumer: {
    label: { fr: 'Consommateur', en: 'Consumer' },
    synonyms: {
      fr: ['consommateur', 'consommateurs', 'bénéficiaire', 'bénéficiaires', 'utilisateur final', 'porteur'],
      en: ['consumer', 'consumers', 'recipient', 'recipients', 'holder', 'end user'],
    },
  },
  attribution: {
    label: { fr: 'Attribution', en: 'Attribution' },
    synonyms: {
      fr: ['attribution', 'attributions', 'affectation', 'affectations', 'détenteur'],
      en: ['attribution', 'attributions', 'assignment', 'assignments', 'assignee'],
    },
  },
  location: {
    label: { fr: 'Lecteur / emplacement', en: 'Reader / location' },
    synonyms: {
      fr: [
        'emplacement',
        'emplacements',
        'lecteur',
        'lecteurs',
        'portique',
        'portiques',
        'lieu',
        'lieux',
        'zone',
        'zones',
      ],
      en: ['location', 'locations', 'reader', 'readers', 'gate', 'gates', 'place', 'zone', 'zones'],
    },
  },
  reason: {
    label: { fr: 'Motif', en: 'Reason' },
    synonyms: {
      fr: ['motif', 'motifs', 'raison', 'raisons', 'cause', 'causes'],
      en: ['reason', 'reasons', 'cause', 'causes', 'motive'],
    },
  },
  status: {
    label: { fr: 'Statut', en: 'Status' },
    synonyms: {
      fr: ['statut', 'statuts', 'état', 'états', 'situation'],
      en: ['status', 'statuses', 'state', 'states'],
    },
  },
  document_type: {
    label: { fr: 'Type de document', en: 'Document type' },
    synonyms: {
      fr: ['type de document', 'types de document', 'type de pièce', 'document', 'documents', 'origine', 'source'],
      en: ['document type', 'document types', 'document', 'documents', 'source', 'origin'],
    },
  },
};

export type TReportMeasureDef = {
  label: Labels;
  unit: TReportUnit;
  /** The dimensions it can be grouped or filtered by (the time ones only when it has a date). */
  dimensions: readonly TReportDimensionId[];
  synonyms: Synonyms;
};

const TIME = REPORT_TIME_DIMENSIONS;
const ITEM = ['article', 'category', 'supplier'] as const;
const BUYER = ['customer', 'customer_group'] as const;

export const REPORT_MEASURE_IDS = [
  'stock_quantity',
  'stock_value',
  'purchases_ordered',
  'purchases_received',
  'received_invoices',
  'sales_excl_tax',
  'sales_incl_tax',
  'payments',
  'amount_not_paid',
  'credit_notes',
  'movements_in',
  'movements_out',
  'outputs',
  'deliveries',
  'reservations',
  'unauthorized_exits',
  'inventory_gap_quantity',
  'inventory_gap_value',
] as const;
export type TReportMeasureId = (typeof REPORT_MEASURE_IDS)[number];
export const ZReportMeasureId = z.enum(REPORT_MEASURE_IDS);

export const REPORT_MEASURES: Record<TReportMeasureId, TReportMeasureDef> = {
  stock_quantity: {
    label: { fr: 'Quantité en stock', en: 'Stock quantity' },
    unit: 'quantity',
    dimensions: [...ITEM],
    synonyms: {
      fr: [
        'stock',
        'stocks',
        'quantité en stock',
        'quantités en stock',
        'stock disponible',
        'niveau de stock',
        'unités en stock',
        'inventaire permanent',
      ],
      en: [
        'stock',
        'stock quantity',
        'stock level',
        'stock levels',
        'on hand',
        'quantity on hand',
        'units in stock',
        'inventory level',
      ],
    },
  },
  stock_value: {
    label: { fr: 'Valeur du stock', en: 'Stock value' },
    unit: 'money',
    dimensions: [...ITEM],
    synonyms: {
      fr: [
        'valeur du stock',
        'valeur de stock',
        'valorisation',
        'valorisation du stock',
        'stock valorisé',
        'valeur des stocks',
      ],
      en: ['stock value', 'stock valuation', 'inventory value', 'inventory valuation', 'value of stock', 'stock worth'],
    },
  },
  purchases_ordered: {
    label: { fr: 'Achats commandés HT', en: 'Purchases ordered (excl. tax)' },
    unit: 'money',
    dimensions: [...TIME, ...ITEM, 'status'],
    synonyms: {
      fr: [
        'achats',
        'achat',
        'commandes fournisseurs',
        'commande fournisseur',
        'achats commandés',
        'bons de commande',
        'bdc',
        'montant commandé',
      ],
      en: [
        'purchases',
        'purchase',
        'purchase orders',
        'purchases ordered',
        'ordered',
        'po',
        'pos',
        'spend',
        'procurement',
      ],
    },
  },
  purchases_received: {
    label: { fr: 'Achats reçus HT', en: 'Purchases received (excl. tax)' },
    unit: 'money',
    dimensions: [...TIME, ...ITEM],
    synonyms: {
      fr: [
        'achats reçus',
        'réceptions',
        'réception',
        'marchandises reçues',
        'livraisons fournisseurs',
        'entrées fournisseurs',
      ],
      en: ['purchases received', 'receipts', 'receipt', 'goods received', 'received goods', 'receptions'],
    },
  },
  received_invoices: {
    label: { fr: 'Factures fournisseurs HT', en: 'Supplier invoices (excl. tax)' },
    unit: 'money',
    dimensions: [...TIME, 'supplier'],
    synonyms: {
      fr: [
        'factures fournisseurs',
        'facture fournisseur',
        'factures reçues',
        'facture reçue',
        'factures d’achat',
        "factures d'achat",
        'charges',
      ],
      en: [
        'supplier invoices',
        'supplier invoice',
        'received invoices',
        'received invoice',
        'purchase invoices',
        'bills',
        'payables',
      ],
    },
  },
  sales_excl_tax: {
    label: { fr: 'Ventes HT', en: 'Sales (excl. tax)' },
    unit: 'money',
    dimensions: [...TIME, ...ITEM, ...BUYER],
    synonyms: {
      fr: [
        'ventes ht',
        'vente ht',
        'ventes',
        'vente',
        'ca',
        'ca ht',
        "chiffre d'affaires",
        'chiffre d’affaires',
        "chiffre d'affaires ht",
        'chiffres d’affaires',
        'facturé ht',
        'montant facturé',
        'factures',
        'facturation',
        'vendu',
        'vendus',
        'vendue',
        'vendues',
      ],
      en: [
        'sales',
        'sale',
        'sales excl. tax',
        'sales excluding tax',
        'net sales',
        'revenue',
        'revenues',
        'turnover',
        'invoiced',
        'invoices',
        'billing',
        'sold',
      ],
    },
  },
  sales_incl_tax: {
    label: { fr: 'Ventes TTC', en: 'Sales (incl. tax)' },
    unit: 'money',
    dimensions: [...TIME, ...ITEM, ...BUYER],
    synonyms: {
      fr: [
        'ventes ttc',
        'vente ttc',
        'ca ttc',
        "chiffre d'affaires ttc",
        'chiffre d’affaires ttc',
        'facturé ttc',
        'montant ttc',
      ],
      en: [
        'sales incl. tax',
        'sales including tax',
        'gross sales',
        'revenue incl. tax',
        'gross revenue',
        'sales with tax',
      ],
    },
  },
  payments: {
    label: { fr: 'Encaissements', en: 'Payments received' },
    unit: 'money',
    dimensions: [...TIME, ...BUYER],
    synonyms: {
      fr: [
        'encaissements',
        'encaissement',
        'paiements',
        'paiement',
        'règlements',
        'règlement',
        'reçu',
        'montant encaissé',
        'recettes',
      ],
      en: ['payments', 'payment', 'payments received', 'collections', 'cash received', 'receipts of payment', 'paid'],
    },
  },
  amount_not_paid: {
    label: { fr: 'Reste à payer', en: 'Amount not paid' },
    unit: 'money',
    dimensions: [...TIME, ...BUYER, 'status'],
    synonyms: {
      fr: [
        'impayés',
        'impayé',
        'reste à payer',
        'restant dû',
        'reste dû',
        'encours',
        'encours client',
        'créances',
        'non payé',
        'factures en retard',
        'retards de paiement',
        'factures impayées',
        'factures non payées',
      ],
      en: [
        'unpaid',
        'amount not paid',
        'outstanding',
        'amount due',
        'balance due',
        'receivables',
        'overdue',
        'overdue invoices',
        'not paid',
        'unpaid invoices',
      ],
    },
  },
  credit_notes: {
    label: { fr: 'Avoirs HT', en: 'Credit notes (excl. tax)' },
    unit: 'money',
    dimensions: [...TIME, ...BUYER],
    synonyms: {
      fr: ['avoirs', 'avoir', 'avoirs ht', 'notes de crédit', 'remboursements', 'retours clients'],
      en: ['credit notes', 'credit note', 'credits', 'refunds', 'credit memos', 'returns'],
    },
  },
  movements_in: {
    label: { fr: 'Entrées de stock', en: 'Stock movements in' },
    unit: 'quantity',
    dimensions: [...TIME, ...ITEM, 'reason', 'document_type'],
    synonyms: {
      fr: [
        'entrées',
        'entrée',
        'entrées de stock',
        'mouvements entrants',
        'mouvement entrant',
        'entrées en stock',
        'réapprovisionnements',
      ],
      en: ['movements in', 'stock in', 'incoming', 'inbound', 'inflows', 'stock increases', 'stock movements in'],
    },
  },
  movements_out: {
    label: { fr: 'Sorties de stock', en: 'Stock movements out' },
    unit: 'quantity',
    dimensions: [...TIME, ...ITEM, 'reason', 'document_type'],
    synonyms: {
      fr: [
        'sorties de stock',
        'mouvements sortants',
        'mouvement sortant',
        'sorties du stock',
        'consommations',
        'diminutions de stock',
      ],
      en: ['movements out', 'stock out', 'outgoing', 'outbound', 'outflows', 'stock decreases', 'stock movements out'],
    },
  },
  outputs: {
    label: { fr: 'Bons de sortie', en: 'Stock outputs' },
    unit: 'quantity',
    dimensions: [...TIME, ...ITEM, 'reason', 'consumer', ...BUYER],
    synonyms: {
      fr: [
        'sorties',
        'sortie',
        'bons de sortie',
        'bon de sortie',
        'sorties validées',
        'articles sortis',
        'consommation',
      ],
      en: ['outputs', 'output', 'stock outputs', 'issues', 'stock issues', 'goods issued', 'withdrawals'],
    },
  },
  deliveries: {
    label: { fr: 'Livraisons', en: 'Deliveries' },
    unit: 'quantity',
    dimensions: [...TIME, ...ITEM, ...BUYER],
    synonyms: {
      fr: ['livraisons', 'livraison', 'livré', 'livrés', 'bons de livraison', 'bon de livraison', 'bl', 'expéditions'],
      en: ['deliveries', 'delivery', 'delivered', 'delivery notes', 'delivery note', 'shipments', 'shipped'],
    },
  },
  reservations: {
    label: { fr: 'Réservations', en: 'Reservations' },
    unit: 'quantity',
    dimensions: [...TIME, ...ITEM, ...BUYER, 'status', 'document_type'],
    synonyms: {
      fr: ['réservations', 'réservation', 'réservé', 'réservés', 'unités réservées', 'stock réservé'],
      en: ['reservations', 'reservation', 'reserved', 'reserved units', 'holds', 'allocated stock'],
    },
  },
  unauthorized_exits: {
    label: { fr: 'Sorties non autorisées', en: 'Unauthorized exits' },
    unit: 'count',
    dimensions: [...TIME, ...ITEM, 'location'],
    synonyms: {
      fr: [
        'sorties non autorisées',
        'sortie non autorisée',
        'sortis sans autorisation',
        'sorties sans autorisation',
        'alarmes',
        'alarme',
        'vols',
        'vol',
        'sorties interdites',
      ],
      en: [
        'unauthorized exits',
        'unauthorized exit',
        'unauthorised exits',
        'alarms',
        'alarm',
        'thefts',
        'theft',
        'exits without authorization',
      ],
    },
  },
  inventory_gap_quantity: {
    label: { fr: 'Écarts d’inventaire (quantité)', en: 'Inventory gaps (quantity)' },
    unit: 'quantity',
    dimensions: [...TIME, ...ITEM, 'attribution'],
    synonyms: {
      fr: [
        'écarts d’inventaire',
        "écarts d'inventaire",
        'écart d’inventaire',
        'écarts',
        'écart',
        'manquants',
        'écarts en quantité',
        'démarque',
      ],
      en: ['inventory gaps', 'inventory gap', 'stock gaps', 'gaps', 'discrepancies', 'count differences', 'shrinkage'],
    },
  },
  inventory_gap_value: {
    label: { fr: 'Écarts d’inventaire (valeur)', en: 'Inventory gaps (value)' },
    unit: 'money',
    dimensions: [...TIME, ...ITEM, 'attribution'],
    synonyms: {
      fr: [
        'valeur des écarts',
        'écarts en valeur',
        'valeur des écarts d’inventaire',
        "valeur des écarts d'inventaire",
        'démarque en valeur',
        'perte',
      ],
      en: ['gap value', 'inventory gap value', 'value of gaps', 'shrinkage value', 'discrepancy value', 'loss'],
    },
  },
};

/**
 * The `status` values of `amount_not_paid`: paid, not yet due, or overdue by so many days past the due date (read
 * in REPORT_TIME_ZONE). A filter on them names these ids.
 */
export const REPORT_PAYMENT_STATUSES = [
  'paid',
  'due',
  'overdue_1_30',
  'overdue_31_60',
  'overdue_61_90',
  'overdue_over_90',
] as const;
export type TReportPaymentStatus = (typeof REPORT_PAYMENT_STATUSES)[number];
export const REPORT_OVERDUE_STATUSES = [
  'overdue_1_30',
  'overdue_31_60',
  'overdue_61_90',
  'overdue_over_90',
] as const satisfies readonly TReportPaymentStatus[];

/**
 * Labels of the codes a dimension's values may be (statuses, kinds of document, kinds of stock change): a report
 * shows them in the user's language; filters still name the codes. A value not listed shows as it is.
 */
export const REPORT_VALUE_LABELS: Partial<Record<TReportDimensionId, Record<string, Labels>>> = {
  status: {
    paid: { fr: 'Payée', en: 'Paid' },
    due: { fr: 'Non échue', en: 'Not yet due' },
    overdue_1_30: { fr: 'En retard de 1 à 30 jours', en: 'Overdue 1–30 days' },
    overdue_31_60: { fr: 'En retard de 31 à 60 jours', en: 'Overdue 31–60 days' },
    overdue_61_90: { fr: 'En retard de 61 à 90 jours', en: 'Overdue 61–90 days' },
    overdue_over_90: { fr: 'En retard de plus de 90 jours', en: 'Overdue over 90 days' },
    // Purchase orders.
    in_progress: { fr: 'En cours', en: 'In progress' },
    done: { fr: 'Terminée', en: 'Done' },
    canceled: { fr: 'Annulée', en: 'Canceled' },
    // Reservations.
    active: { fr: 'Active', en: 'Active' },
    released: { fr: 'Libérée', en: 'Released' },
    expired: { fr: 'Expirée', en: 'Expired' },
  } satisfies Record<TReportPaymentStatus, Labels> & Record<string, Labels>,
  document_type: {
    purchase_order: { fr: 'Bon de commande', en: 'Purchase order' },
    output: { fr: 'Bon de sortie', en: 'Stock output' },
    delivery_note: { fr: 'Bon de livraison', en: 'Delivery note' },
    invoice: { fr: 'Facture', en: 'Invoice' },
    proforma: { fr: 'Proforma', en: 'Proforma' },
    credit_note: { fr: 'Avoir', en: 'Credit note' },
    inventory: { fr: 'Inventaire', en: 'Inventory' },
    tag_movement: { fr: 'Passage au portique', en: 'Gate crossing' },
    tag: { fr: 'Tag', en: 'Tag' },
  },
  reason: {
    manual: { fr: 'Modification manuelle', en: 'Manual change' },
    opening: { fr: 'Stock initial', en: 'Opening stock' },
    import: { fr: 'Import', en: 'Import' },
    rfid: { fr: 'RFID', en: 'RFID' },
    receipt: { fr: 'Réception', en: 'Receipt' },
    delivery: { fr: 'Livraison', en: 'Delivery' },
    output: { fr: 'Sortie', en: 'Output' },
    inventory: { fr: 'Ajustement d’inventaire', en: 'Inventory adjustment' },
  },
};

export const REPORT_PERIOD_PRESETS = [
  'this_month',
  'last_month',
  'this_year',
  'last_year',
  'last_30_days',
  'last_12_months',
] as const;
export type TReportPeriodPreset = (typeof REPORT_PERIOD_PRESETS)[number];

export const REPORT_MEASURES_MAX = 5;
export const REPORT_DIMENSIONS_MAX = 3;
export const REPORT_FILTERS_MAX = 10;
export const REPORT_FILTER_VALUES_MAX = 50;
export const REPORT_LIMIT_MAX = 10_000;
export const REPORT_LIMIT_DEFAULT = 1_000;
/** Rows an XLSX download holds at most (its query's own limit when it has one); a longer report is cut and says so. */
export const REPORT_XLSX_ROWS_MAX = 1_000_000;
/** A period runs over at most this many days (ten years and a bit). */
export const REPORT_PERIOD_DAYS_MAX = 3700;
export const REPORT_NAME_MAX = 200;
export const REPORT_QUESTION_MAX = 500;
/** Natural-language tries a tenant has per month unless the super admin set another number. */
export const REPORT_TRIES_DEFAULT = 50;

export const ZReportPeriod = z.union([
  z.strictObject({ from: isoDate(), to: isoDate() }),
  z.strictObject({ preset: z.enum(REPORT_PERIOD_PRESETS) }),
]);
export type TReportPeriod = z.infer<typeof ZReportPeriod>;

export const ZReportFilter = z.strictObject({
  dimension: ZReportDimensionId,
  op: z.enum(['eq', 'in']),
  values: z
    .array(text(200).pipe(z.string().min(1)))
    .min(1)
    .max(REPORT_FILTER_VALUES_MAX),
});
export type TReportFilter = z.infer<typeof ZReportFilter>;

export const ZReportSort = z.strictObject({
  by: z.union([ZReportMeasureId, ZReportDimensionId]),
  dir: z.enum(['asc', 'desc']),
});

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;

export const ZReportQuery = z
  .strictObject({
    measures: z.array(ZReportMeasureId).min(1).max(REPORT_MEASURES_MAX),
    dimensions: z.array(ZReportDimensionId).max(REPORT_DIMENSIONS_MAX).default([]),
    filters: z.array(ZReportFilter).max(REPORT_FILTERS_MAX).default([]),
    period: ZReportPeriod,
    sort: ZReportSort.optional(),
    limit: z.number().int().min(1).max(REPORT_LIMIT_MAX).optional(),
  })
  .superRefine((q, ctx) => {
    if (!unique(q.measures)) ctx.addIssue({ code: 'custom', path: ['measures'], message: 'a measure is named twice' });
    if (!unique(q.dimensions))
      ctx.addIssue({ code: 'custom', path: ['dimensions'], message: 'a dimension is named twice' });
    for (const m of q.measures) {
      const supported = REPORT_MEASURES[m].dimensions;
      q.dimensions.forEach((d, i) => {
        if (!supported.includes(d))
          ctx.addIssue({
            code: 'custom',
            path: ['dimensions', i],
            message: `the measure ${m} cannot be grouped by ${d}`,
          });
      });
      q.filters.forEach((f, i) => {
        if (!supported.includes(f.dimension))
          ctx.addIssue({
            code: 'custom',
            path: ['filters', i, 'dimension'],
            message: `the measure ${m} cannot be filtered by ${f.dimension}`,
          });
      });
    }
    q.filters.forEach((f, i) => {
      if (f.op === 'eq' && f.values.length !== 1)
        ctx.addIssue({ code: 'custom', path: ['filters', i, 'values'], message: 'eq takes exactly one value' });
    });
    if ('from' in q.period) {
      const { from, to } = q.period;
      if (from > to)
        ctx.addIssue({ code: 'custom', path: ['period', 'to'], message: 'the period ends before it starts' });
      else if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > REPORT_PERIOD_DAYS_MAX)
        ctx.addIssue({ code: 'custom', path: ['period', 'to'], message: 'the period is too long' });
    }
    if (q.sort && !(q.measures as string[]).includes(q.sort.by) && !(q.dimensions as string[]).includes(q.sort.by))
      ctx.addIssue({ code: 'custom', path: ['sort', 'by'], message: 'sort by a measure or dimension of the query' });
  });
export type TReportQuery = z.output<typeof ZReportQuery>;
export type TReportQueryInput = z.input<typeof ZReportQuery>;

/** The day of `at` in REPORT_TIME_ZONE, `YYYY-MM-DD`. */
export const reportDayIn = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: REPORT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The days a period covers (`from`, `to` inclusive, `YYYY-MM-DD` in REPORT_TIME_ZONE), presets read at `now`. */
export function reportPeriodDays(period: TReportPeriod, now = new Date()): { from: string; to: string } {
  if ('from' in period) return period;
  const today = reportDayIn(now);
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const minusDays = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  switch (period.preset) {
    case 'this_month':
      return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(lastDayOf(y, m))}` };
    case 'last_month': {
      const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
      return { from: `${py}-${pad(pm)}-01`, to: `${py}-${pad(pm)}-${pad(lastDayOf(py, pm))}` };
    }
    case 'this_year':
      return { from: `${y}-01-01`, to: `${y}-12-31` };
    case 'last_year':
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
    case 'last_30_days':
      return { from: minusDays(29), to: today };
    case 'last_12_months': {
      const [sy, sm] = m === 12 ? [y, 1] : [y - 1, m + 1];
      return { from: `${sy}-${pad(sm)}-01`, to: `${y}-${pad(m)}-${pad(lastDayOf(y, m))}` };
    }
  }
}

export const REPORT_COLUMN_UNITS = [...REPORT_UNITS, 'text', 'date'] as const;

export const ZReportColumn = z.object({
  id: z.union([ZReportMeasureId, ZReportDimensionId]),
  label: z.string(),
  kind: z.enum(['dimension', 'measure']),
  /** Measures: their unit; dimensions: `date` (by day) or `text`. */
  unit: z.enum(REPORT_COLUMN_UNITS),
});
export type TReportColumn = z.infer<typeof ZReportColumn>;

/** A cell: a dimension's label (null: none), a money amount as decimal text, a quantity or count as a number. */
export const ZReportCell = z.union([z.string(), z.number(), z.null()]);
export type TReportCell = z.infer<typeof ZReportCell>;

export const ZReportResult = z.object({
  columns: z.array(ZReportColumn),
  rows: z.array(z.array(ZReportCell)),
  /** Per measure id, over every row of the query (not only those returned): decimal text. */
  totals: z.record(z.string(), z.string()),
  /** Rows returned (at most the limit). */
  rowCount: z.number().int(),
  /** More rows matched than the limit. */
  truncated: z.boolean(),
  /** The days the period covered. */
  period: z.object({ from: z.string(), to: z.string() }),
});
export type TReportResult = z.infer<typeof ZReportResult>;

export const ZReportSchema = z.object({
  measures: z.array(
    z.object({
      id: ZReportMeasureId,
      label: z.object({ fr: z.string(), en: z.string() }),
      unit: z.enum(REPORT_UNITS),
      dimensions: z.array(ZReportDimensionId),
      synonyms: z.object({ fr: z.array(z.string()), en: z.array(z.string()) }),
    }),
  ),
  dimensions: z.array(
    z.object({
      id: ZReportDimensionId,
      label: z.object({ fr: z.string(), en: z.string() }),
      synonyms: z.object({ fr: z.array(z.string()), en: z.array(z.string()) }),
    }),
  ),
  periodPresets: z.array(z.enum(REPORT_PERIOD_PRESETS)),
  limits: z.object({
    measures: z.number().int(),
    dimensions: z.number().int(),
    filters: z.number().int(),
    rows: z.number().int(),
  }),
});
export type TReportSchema = z.infer<typeof ZReportSchema>;

/** The schema the API answers, built from the declarations above. */
export const reportSchema = (): TReportSchema => ({
  measures: REPORT_MEASURE_IDS.map((id) => {
    const m = REPORT_MEASURES[id];
    return {
      id,
      label: m.label,
      unit: m.unit,
      dimensions: [...m.dimensions],
      synonyms: { fr: [...m.synonyms.fr], en: [...m.synonyms.en] },
    };
  }),
  dimensions: REPORT_DIMENSION_IDS.map((id) => {
    const d = REPORT_DIMENSIONS[id];
    return { id, label: d.label, synonyms: { fr: [...d.synonyms.fr], en: [...d.synonyms.en] } };
  }),
  periodPresets: [...REPORT_PERIOD_PRESETS],
  limits: {
    measures: REPORT_MEASURES_MAX,
    dimensions: REPORT_DIMENSIONS_MAX,
    filters: REPORT_FILTERS_MAX,
    rows: REPORT_LIMIT_MAX,
  },
});

export const REPORT_SOURCES = ['builder', 'question'] as const;

/**
 * Running a query: `question` (the natural-language question it was proposed for, then maybe edited as chips) keeps
 * it in the history as a `question` run rather than a `builder` one.
 */
export const ZReportRunInput = z.strictObject({
  query: ZReportQuery,
  question: text(REPORT_QUESTION_MAX).pipe(z.string().min(1)).optional(),
});

export const ZReportHistoryItem = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  query: ZReportQuery,
  rowCount: z.number().int(),
  source: z.enum(REPORT_SOURCES),
  question: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  lastRunAt: z.string(),
});
export type TReportHistoryItem = z.infer<typeof ZReportHistoryItem>;

export const ZReportRename = z.strictObject({
  name: str().trim().min(1, 'required').max(REPORT_NAME_MAX),
});

export const ZReportHistoryQuery = ZListQuery.extend({
  source: z.enum(REPORT_SOURCES).optional(),
});
export type TReportHistoryQuery = z.infer<typeof ZReportHistoryQuery>;

/** A run answers its result and the history entry that keeps it. */
export const ZReportRunResponse = ZReportResult.extend({ historyId: z.number().int() });
export type TReportRunResponse = z.infer<typeof ZReportRunResponse>;

export const ZReportTries = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
});
export type TReportTries = z.infer<typeof ZReportTries>;

export const REPORT_LANGUAGES = ['fr', 'en'] as const;

/** `POST /reports/ask`: a question in French or English, answered with a proposed query (never run by the ask). */
export const ZReportAskInput = z.strictObject({
  question: required(REPORT_QUESTION_MAX),
  language: z.enum(REPORT_LANGUAGES),
});
export type TReportAskInput = z.infer<typeof ZReportAskInput>;

export const ZReportAskResponse = z.object({
  /** The structured query the question was understood as, to show as editable chips; null when not understood. */
  query: ZReportQuery.nullable(),
  /** Who understood it: the offline parser, or the model at `LLM_URL`. */
  engine: z.enum(['parser', 'llm']),
  /** Words of the question that matched nothing (and were not small words). */
  unknownWords: z.array(z.string()),
  /** When not understood, or partly: the closest measures and dimensions to offer. */
  suggestions: z.object({ measures: z.array(ZReportMeasureId), dimensions: z.array(ZReportDimensionId) }),
  /** A sentence in the question's language when the question was not understood or was refused. */
  message: z.string().nullable(),
  remainingTries: z.number().int(),
});
export type TReportAskResponse = z.infer<typeof ZReportAskResponse>;

/** The super admin's setting of a tenant's monthly natural-language tries. */
export const REPORT_TRIES_MAX = 100_000;
export const ZReportTriesLimit = z.strictObject({ limit: z.number().int().min(0).max(REPORT_TRIES_MAX) });
