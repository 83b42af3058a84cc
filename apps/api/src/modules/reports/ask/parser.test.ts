import { describe, expect, it } from 'vitest';
import { ZReportQuery, type TReportQueryInput } from '@tagstock/contract';
import { closest, editDistance, normalise, parseQuestion, stem, type Language } from './parser';

/** Friday 27 November 2026, noon in Paris: presets stay presets, months and weeks are read from this day. */
const NOW = new Date('2026-11-27T11:00:00Z');
const owed = { from: '2017-01-01', to: '2026-11-27' };

const UNDERSTOOD: [Language, string, TReportQueryInput][] = [
  [
    'fr',
    'ventes HT par mois en 2026 par client',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['month', 'customer'],
      filters: [],
      period: { from: '2026-01-01', to: '2026-12-31' },
    },
  ],
  [
    'fr',
    'top 10 articles sortis sans autorisation ce mois-ci',
    {
      measures: ['unauthorized_exits'],
      dimensions: ['article'],
      filters: [],
      period: { preset: 'this_month' },
      sort: { by: 'unauthorized_exits', dir: 'desc' },
      limit: 10,
    },
  ],
  [
    'en',
    'stock value by category',
    { measures: ['stock_value'], dimensions: ['category'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'factures en retard de plus de 30 jours',
    {
      measures: ['amount_not_paid'],
      dimensions: [],
      filters: [{ dimension: 'status', op: 'in', values: ['overdue_31_60', 'overdue_61_90', 'overdue_over_90'] }],
      period: { from: '2017-01-01', to: '2026-11-27' },
    },
  ],
  [
    'fr',
    'Ventes par client',
    { measures: ['sales_excl_tax'], dimensions: ['customer'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    "chiffre d'affaires par mois",
    { measures: ['sales_excl_tax'], dimensions: ['month'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'Chiffre d’affaires TTC par trimestre l’année dernière',
    { measures: ['sales_incl_tax'], dimensions: ['quarter'], filters: [], period: { preset: 'last_year' } },
  ],
  [
    'fr',
    'CA HT par catégorie cette année',
    { measures: ['sales_excl_tax'], dimensions: ['category'], filters: [], period: { preset: 'this_year' } },
  ],
  [
    'fr',
    'ventes TTC par groupe de clients en 2025',
    {
      measures: ['sales_incl_tax'],
      dimensions: ['customer_group'],
      filters: [],
      period: { from: '2025-01-01', to: '2025-12-31' },
    },
  ],
  [
    'fr',
    'valeur du stock par famille',
    { measures: ['stock_value'], dimensions: ['category'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'quantité en stock par fournisseur',
    { measures: ['stock_quantity'], dimensions: ['supplier'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'stock par article',
    { measures: ['stock_quantity'], dimensions: ['article'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'achats par fournisseur le mois dernier',
    { measures: ['purchases_ordered'], dimensions: ['supplier'], filters: [], period: { preset: 'last_month' } },
  ],
  [
    'fr',
    'commandes fournisseurs par statut',
    { measures: ['purchases_ordered'], dimensions: ['status'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'achats reçus par mois sur les 12 derniers mois',
    { measures: ['purchases_received'], dimensions: ['month'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'factures fournisseurs par fournisseur en 2025',
    {
      measures: ['received_invoices'],
      dimensions: ['supplier'],
      filters: [],
      period: { from: '2025-01-01', to: '2025-12-31' },
    },
  ],
  [
    'fr',
    'encaissements par mois de janvier à mars 2026',
    { measures: ['payments'], dimensions: [], filters: [], period: { from: '2026-01-01', to: '2026-03-31' } },
  ],
  [
    'fr',
    'impayés par client',
    {
      measures: ['amount_not_paid'],
      dimensions: ['customer'],
      filters: [],
      period: { from: '2017-01-01', to: '2026-11-27' },
    },
  ],
  [
    'fr',
    'reste à payer par groupe de clients',
    {
      measures: ['amount_not_paid'],
      dimensions: ['customer_group'],
      filters: [],
      period: { from: '2017-01-01', to: '2026-11-27' },
    },
  ],
  [
    'fr',
    'factures en retard',
    {
      measures: ['amount_not_paid'],
      dimensions: [],
      filters: [
        {
          dimension: 'status',
          op: 'in',
          values: ['overdue_1_30', 'overdue_31_60', 'overdue_61_90', 'overdue_over_90'],
        },
      ],
      period: { from: '2017-01-01', to: '2026-11-27' },
    },
  ],
  [
    'fr',
    'montant des factures échues par client',
    {
      measures: ['amount_not_paid'],
      dimensions: ['customer'],
      filters: [
        {
          dimension: 'status',
          op: 'in',
          values: ['overdue_1_30', 'overdue_31_60', 'overdue_61_90', 'overdue_over_90'],
        },
      ],
      period: { from: '2017-01-01', to: '2026-11-27' },
    },
  ],
  [
    'fr',
    'factures en retard de plus de 60 jours par client',
    {
      measures: ['amount_not_paid'],
      dimensions: ['customer'],
      filters: [{ dimension: 'status', op: 'in', values: ['overdue_61_90', 'overdue_over_90'] }],
      period: { from: '2017-01-01', to: '2026-11-27' },
    },
  ],
  [
    'fr',
    'impayés en retard de plus de 90 jours',
    {
      measures: ['amount_not_paid'],
      dimensions: [],
      filters: [{ dimension: 'status', op: 'eq', values: ['overdue_over_90'] }],
      period: { from: '2017-01-01', to: '2026-11-27' },
    },
  ],
  [
    'fr',
    'factures non échues',
    {
      measures: ['amount_not_paid'],
      dimensions: [],
      filters: [{ dimension: 'status', op: 'eq', values: ['due'] }],
      period: { from: '2017-01-01', to: '2026-11-27' },
    },
  ],
  [
    'fr',
    "avoirs par client l'an dernier",
    { measures: ['credit_notes'], dimensions: ['customer'], filters: [], period: { preset: 'last_year' } },
  ],
  [
    'fr',
    'entrées de stock par motif',
    { measures: ['movements_in'], dimensions: ['reason'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'sorties de stock par type de document les 30 derniers jours',
    { measures: ['movements_out'], dimensions: ['document_type'], filters: [], period: { preset: 'last_30_days' } },
  ],
  [
    'fr',
    'bons de sortie par consommateur',
    { measures: ['outputs'], dimensions: ['consumer'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'sorties par motif les 7 derniers jours',
    { measures: ['outputs'], dimensions: ['reason'], filters: [], period: { from: '2026-11-21', to: '2026-11-27' } },
  ],
  [
    'fr',
    'livraisons par client en mars 2026',
    {
      measures: ['deliveries'],
      dimensions: ['customer'],
      filters: [],
      period: { from: '2026-03-01', to: '2026-03-31' },
    },
  ],
  [
    'fr',
    'réservations par statut',
    { measures: ['reservations'], dimensions: ['status'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'alarmes par lecteur cette semaine',
    {
      measures: ['unauthorized_exits'],
      dimensions: ['location'],
      filters: [],
      period: { from: '2026-11-23', to: '2026-11-29' },
    },
  ],
  [
    'fr',
    'vols par emplacement',
    { measures: ['unauthorized_exits'], dimensions: ['location'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    "écarts d'inventaire par attribution",
    {
      measures: ['inventory_gap_quantity'],
      dimensions: ['attribution'],
      filters: [],
      period: { preset: 'last_12_months' },
    },
  ],
  [
    'fr',
    'valeur des écarts par catégorie en 2026',
    {
      measures: ['inventory_gap_value'],
      dimensions: ['category'],
      filters: [],
      period: { from: '2026-01-01', to: '2026-12-31' },
    },
  ],
  [
    'fr',
    'les 5 premiers clients en CA',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['customer'],
      filters: [],
      period: { preset: 'last_12_months' },
      sort: { by: 'sales_excl_tax', dir: 'desc' },
      limit: 5,
    },
  ],
  [
    'fr',
    'les 3 meilleurs articles en ventes ce mois-ci',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['article'],
      filters: [],
      period: { preset: 'this_month' },
      sort: { by: 'sales_excl_tax', dir: 'desc' },
      limit: 3,
    },
  ],
  [
    'fr',
    'ventes par jour la semaine dernière',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['day'],
      filters: [],
      period: { from: '2026-11-16', to: '2026-11-22' },
    },
  ],
  [
    'fr',
    'ventes par semaine depuis janvier 2026',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['week'],
      filters: [],
      period: { from: '2026-01-01', to: '2026-11-27' },
    },
  ],
  [
    'fr',
    'ventes et encaissements par mois',
    {
      measures: ['sales_excl_tax', 'payments'],
      dimensions: ['month'],
      filters: [],
      period: { preset: 'last_12_months' },
    },
  ],
  [
    'fr',
    'ventes du client Dupont par mois',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['month'],
      filters: [{ dimension: 'customer', op: 'eq', values: ['Dupont'] }],
      period: { preset: 'last_12_months' },
    },
  ],
  [
    'fr',
    'achats du fournisseur "Outils Pro" par mois',
    {
      measures: ['purchases_ordered'],
      dimensions: ['month'],
      filters: [{ dimension: 'supplier', op: 'eq', values: ['Outils Pro'] }],
      period: { preset: 'last_12_months' },
    },
  ],
  [
    'fr',
    'ventes par année',
    { measures: ['sales_excl_tax'], dimensions: ['year'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'évolution mensuelle des ventes',
    { measures: ['sales_excl_tax'], dimensions: ['month'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'ventes par trimestre entre 2024 et 2026',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['quarter'],
      filters: [],
      period: { from: '2024-01-01', to: '2026-12-31' },
    },
  ],
  [
    'fr',
    'ventes au T1 2026',
    { measures: ['sales_excl_tax'], dimensions: [], filters: [], period: { from: '2026-01-01', to: '2026-03-31' } },
  ],
  [
    'fr',
    'ventes au 2e trimestre 2025',
    { measures: ['sales_excl_tax'], dimensions: [], filters: [], period: { from: '2025-04-01', to: '2025-06-30' } },
  ],
  [
    'fr',
    'ventes hier',
    { measures: ['sales_excl_tax'], dimensions: [], filters: [], period: { from: '2026-11-26', to: '2026-11-26' } },
  ],
  [
    'fr',
    "ventes aujourd'hui",
    { measures: ['sales_excl_tax'], dimensions: [], filters: [], period: { from: '2026-11-27', to: '2026-11-27' } },
  ],
  [
    'fr',
    'ventes des 6 derniers mois par mois',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['month'],
      filters: [],
      period: { from: '2026-06-01', to: '2026-11-30' },
    },
  ],
  [
    'fr',
    'ventes par client par ordre décroissant',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['customer'],
      filters: [],
      period: { preset: 'last_12_months' },
      sort: { by: 'sales_excl_tax', dir: 'desc' },
    },
  ],
  [
    'fr',
    'flop 5 articles en ventes',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['article'],
      filters: [],
      period: { preset: 'last_12_months' },
      sort: { by: 'sales_excl_tax', dir: 'asc' },
      limit: 5,
    },
  ],
  [
    'fr',
    'catégories les plus vendues',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['category'],
      filters: [],
      period: { preset: 'last_12_months' },
      sort: { by: 'sales_excl_tax', dir: 'desc' },
    },
  ],
  [
    'fr',
    'encours client par client',
    {
      measures: ['amount_not_paid'],
      dimensions: ['customer'],
      filters: [],
      period: { from: '2017-01-01', to: '2026-11-27' },
    },
  ],
  [
    'fr',
    'ventes par motif',
    { measures: ['sales_excl_tax'], dimensions: [], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'ventes HT par mois par client par catégorie par article',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['month', 'customer', 'category'],
      filters: [],
      period: { preset: 'last_12_months' },
    },
  ],
  [
    'fr',
    'stock disponible par catégorie en 2025',
    {
      measures: ['stock_quantity'],
      dimensions: ['category'],
      filters: [],
      period: { from: '2025-01-01', to: '2025-12-31' },
    },
  ],
  [
    'fr',
    'livrés par jour ce mois',
    { measures: ['deliveries'], dimensions: ['day'], filters: [], period: { preset: 'this_month' } },
  ],
  [
    'fr',
    'valorisation du stock',
    { measures: ['stock_value'], dimensions: [], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'démarque par article le trimestre dernier',
    {
      measures: ['inventory_gap_quantity'],
      dimensions: ['article'],
      filters: [],
      period: { from: '2026-07-01', to: '2026-09-30' },
    },
  ],
  [
    'fr',
    'ventes par categorie',
    { measures: ['sales_excl_tax'], dimensions: ['category'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'VENTES PAR CATÉGORIES',
    { measures: ['sales_excl_tax'], dimensions: ['category'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'vnetes par mois',
    { measures: ['sales_excl_tax'], dimensions: ['month'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'ventes par fournisseurs',
    { measures: ['sales_excl_tax'], dimensions: ['supplier'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'impayes par clients',
    {
      measures: ['amount_not_paid'],
      dimensions: ['customer'],
      filters: [],
      period: { from: '2017-01-01', to: '2026-11-27' },
    },
  ],
  [
    'en',
    'sales by month in 2026 by customer',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['month', 'customer'],
      filters: [],
      period: { from: '2026-01-01', to: '2026-12-31' },
    },
  ],
  [
    'en',
    'top 10 articles with unauthorized exits this month',
    {
      measures: ['unauthorized_exits'],
      dimensions: ['article'],
      filters: [],
      period: { preset: 'this_month' },
      sort: { by: 'unauthorized_exits', dir: 'desc' },
      limit: 10,
    },
  ],
  [
    'en',
    'revenue by customer last year',
    { measures: ['sales_excl_tax'], dimensions: ['customer'], filters: [], period: { preset: 'last_year' } },
  ],
  [
    'en',
    'sales incl. tax by quarter',
    { measures: ['sales_incl_tax'], dimensions: ['quarter'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'en',
    'gross sales by customer group this year',
    { measures: ['sales_incl_tax'], dimensions: ['customer_group'], filters: [], period: { preset: 'this_year' } },
  ],
  [
    'en',
    'stock level by supplier',
    { measures: ['stock_quantity'], dimensions: ['supplier'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'en',
    'stock quantity by product',
    { measures: ['stock_quantity'], dimensions: ['article'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'en',
    'purchase orders by supplier last month',
    { measures: ['purchases_ordered'], dimensions: ['supplier'], filters: [], period: { preset: 'last_month' } },
  ],
  [
    'en',
    'goods received by month over the last 12 months',
    { measures: ['purchases_received'], dimensions: ['month'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'en',
    'supplier invoices by supplier in 2025',
    {
      measures: ['received_invoices'],
      dimensions: ['supplier'],
      filters: [],
      period: { from: '2025-01-01', to: '2025-12-31' },
    },
  ],
  [
    'en',
    'payments received by month from January to March 2026',
    { measures: ['payments'], dimensions: ['month'], filters: [], period: { from: '2026-01-01', to: '2026-03-31' } },
  ],
  [
    'en',
    'unpaid invoices by customer',
    {
      measures: ['amount_not_paid'],
      dimensions: ['customer'],
      filters: [],
      period: { from: '2017-01-01', to: '2026-11-27' },
    },
  ],
  [
    'en',
    'overdue invoices',
    {
      measures: ['amount_not_paid'],
      dimensions: [],
      filters: [
        {
          dimension: 'status',
          op: 'in',
          values: ['overdue_1_30', 'overdue_31_60', 'overdue_61_90', 'overdue_over_90'],
        },
      ],
      period: { from: '2017-01-01', to: '2026-11-27' },
    },
  ],
  [
    'en',
    'invoices overdue by more than 30 days',
    {
      measures: ['amount_not_paid'],
      dimensions: [],
      filters: [{ dimension: 'status', op: 'in', values: ['overdue_31_60', 'overdue_61_90', 'overdue_over_90'] }],
      period: { from: '2017-01-01', to: '2026-11-27' },
    },
  ],
  [
    'en',
    'invoices more than 60 days overdue by customer',
    {
      measures: ['amount_not_paid'],
      dimensions: ['customer'],
      filters: [{ dimension: 'status', op: 'in', values: ['overdue_61_90', 'overdue_over_90'] }],
      period: { from: '2017-01-01', to: '2026-11-27' },
    },
  ],
  [
    'en',
    'amount due by status',
    {
      measures: ['amount_not_paid'],
      dimensions: ['status'],
      filters: [],
      period: { from: '2017-01-01', to: '2026-11-27' },
    },
  ],
  [
    'en',
    'credit notes by customer last year',
    { measures: ['credit_notes'], dimensions: ['customer'], filters: [], period: { preset: 'last_year' } },
  ],
  [
    'en',
    'stock movements in by reason',
    { measures: ['movements_in'], dimensions: ['reason'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'en',
    'stock movements out by document type last 30 days',
    { measures: ['movements_out'], dimensions: ['document_type'], filters: [], period: { preset: 'last_30_days' } },
  ],
  [
    'en',
    'outputs by consumer',
    { measures: ['outputs'], dimensions: ['consumer'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'en',
    'deliveries by customer in March 2026',
    {
      measures: ['deliveries'],
      dimensions: ['customer'],
      filters: [],
      period: { from: '2026-03-01', to: '2026-03-31' },
    },
  ],
  [
    'en',
    'reservations by status',
    { measures: ['reservations'], dimensions: ['status'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'en',
    'alarms by reader this week',
    {
      measures: ['unauthorized_exits'],
      dimensions: ['location'],
      filters: [],
      period: { from: '2026-11-23', to: '2026-11-29' },
    },
  ],
  [
    'en',
    'inventory gaps by attribution',
    {
      measures: ['inventory_gap_quantity'],
      dimensions: ['attribution'],
      filters: [],
      period: { preset: 'last_12_months' },
    },
  ],
  [
    'en',
    'shrinkage value by category in 2026',
    {
      measures: ['inventory_gap_value'],
      dimensions: ['category'],
      filters: [],
      period: { from: '2026-01-01', to: '2026-12-31' },
    },
  ],
  [
    'en',
    'top 5 customers by revenue',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['customer'],
      filters: [],
      period: { preset: 'last_12_months' },
      sort: { by: 'sales_excl_tax', dir: 'desc' },
      limit: 5,
    },
  ],
  [
    'en',
    'the 3 best products by sales this month',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['article'],
      filters: [],
      period: { preset: 'this_month' },
      sort: { by: 'sales_excl_tax', dir: 'desc' },
      limit: 3,
    },
  ],
  [
    'en',
    'sales per day last week',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['day'],
      filters: [],
      period: { from: '2026-11-16', to: '2026-11-22' },
    },
  ],
  [
    'en',
    'sales per week since January 2026',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['week'],
      filters: [],
      period: { from: '2026-01-01', to: '2026-11-27' },
    },
  ],
  [
    'en',
    'sales and payments by month',
    {
      measures: ['sales_excl_tax', 'payments'],
      dimensions: ['month'],
      filters: [],
      period: { preset: 'last_12_months' },
    },
  ],
  [
    'en',
    'sales for customer "Acme Corp" by month',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['month'],
      filters: [{ dimension: 'customer', op: 'eq', values: ['Acme Corp'] }],
      period: { preset: 'last_12_months' },
    },
  ],
  [
    'en',
    'sales by year',
    { measures: ['sales_excl_tax'], dimensions: ['year'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'en',
    'monthly sales',
    { measures: ['sales_excl_tax'], dimensions: ['month'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'en',
    'sales by quarter between 2024 and 2026',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['quarter'],
      filters: [],
      period: { from: '2024-01-01', to: '2026-12-31' },
    },
  ],
  [
    'en',
    'sales in Q1 2026',
    { measures: ['sales_excl_tax'], dimensions: [], filters: [], period: { from: '2026-01-01', to: '2026-03-31' } },
  ],
  [
    'en',
    'sales yesterday',
    { measures: ['sales_excl_tax'], dimensions: [], filters: [], period: { from: '2026-11-26', to: '2026-11-26' } },
  ],
  [
    'en',
    'sales over the last 6 months by month',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['month'],
      filters: [],
      period: { from: '2026-06-01', to: '2026-11-30' },
    },
  ],
  [
    'en',
    'bottom 5 products by sales',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['article'],
      filters: [],
      period: { preset: 'last_12_months' },
      sort: { by: 'sales_excl_tax', dir: 'asc' },
      limit: 5,
    },
  ],
  [
    'en',
    'sales by reason',
    { measures: ['sales_excl_tax'], dimensions: [], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'en',
    'revenue by categroy',
    { measures: ['sales_excl_tax'], dimensions: ['category'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'en',
    'sales by categories',
    { measures: ['sales_excl_tax'], dimensions: ['category'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'en',
    'stock value by suppliers',
    { measures: ['stock_value'], dimensions: ['supplier'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'en',
    'Sales By Customer',
    { measures: ['sales_excl_tax'], dimensions: ['customer'], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'en',
    'top customers by revenue last month',
    {
      measures: ['sales_excl_tax'],
      dimensions: ['customer'],
      filters: [],
      period: { preset: 'last_month' },
      sort: { by: 'sales_excl_tax', dir: 'desc' },
      limit: 10,
    },
  ],
  [
    'en',
    'sales in may',
    { measures: ['sales_excl_tax'], dimensions: [], filters: [], period: { from: '2026-05-01', to: '2026-05-31' } },
  ],
  [
    'en',
    'sales in May 2025',
    { measures: ['sales_excl_tax'], dimensions: [], filters: [], period: { from: '2025-05-01', to: '2025-05-31' } },
  ],
  [
    'en',
    'show me the salse',
    { measures: ['sales_excl_tax'], dimensions: [], filters: [], period: { preset: 'last_12_months' } },
  ],
  [
    'fr',
    'donne-moi les vnetes',
    { measures: ['sales_excl_tax'], dimensions: [], filters: [], period: { preset: 'last_12_months' } },
  ],
];

const NOT_UNDERSTOOD: [
  Language,
  string,
  { unknownWords: string[]; suggestions: { measures: string[]; dimensions: string[] } },
][] = [
  [
    'fr',
    'bonjour comment ça va',
    { unknownWords: ['bonjour', 'va'], suggestions: { measures: ['outputs', 'deliveries'], dimensions: ['day'] } },
  ],
  [
    'fr',
    'par mois en 2026',
    {
      unknownWords: [],
      suggestions: { measures: ['purchases_ordered', 'purchases_received', 'received_invoices'], dimensions: [] },
    },
  ],
  [
    'fr',
    'quelle est la météo demain',
    {
      unknownWords: ['meteo', 'demain'],
      suggestions: { measures: ['sales_excl_tax', 'sales_incl_tax', 'inventory_gap_quantity'], dimensions: ['week'] },
    },
  ],
  ['fr', 'xyz', { unknownWords: ['xyz'], suggestions: { measures: [], dimensions: [] } }],
  [
    'fr',
    'combien de clienst',
    { unknownWords: [], suggestions: { measures: ['sales_excl_tax', 'sales_incl_tax', 'payments'], dimensions: [] } },
  ],
  ['en', 'hello there', { unknownWords: ['hello'], suggestions: { measures: [], dimensions: ['supplier'] } }],
  [
    'en',
    'by customer last year',
    { unknownWords: [], suggestions: { measures: ['sales_excl_tax', 'sales_incl_tax', 'payments'], dimensions: [] } },
  ],
  [
    'en',
    'what is the weather tomorrow',
    { unknownWords: ['weather', 'tomorrow'], suggestions: { measures: [], dimensions: ['location'] } },
  ],
  [
    'fr',
    'les 10 plus gros clients',
    { unknownWords: [], suggestions: { measures: ['sales_excl_tax', 'sales_incl_tax', 'payments'], dimensions: [] } },
  ],
  [
    'fr',
    'clients qui achètent le moins',
    { unknownWords: [], suggestions: { measures: ['sales_excl_tax', 'sales_incl_tax', 'payments'], dimensions: [] } },
  ],
];

describe('the parser', () => {
  it.each(UNDERSTOOD)('%s: %s', (language, question, expected) => {
    const answer = parseQuestion(question, language, NOW);
    expect(answer.query).toEqual(expected);
    // Always a query the run accepts as it is.
    expect(ZReportQuery.parse(answer.query)).toEqual(answer.query);
  });

  it('has a table of at least 80 questions, French and English', () => {
    expect(UNDERSTOOD.length).toBeGreaterThanOrEqual(80);
    expect(UNDERSTOOD.filter(([l]) => l === 'fr').length).toBeGreaterThanOrEqual(40);
    expect(UNDERSTOOD.filter(([l]) => l === 'en').length).toBeGreaterThanOrEqual(40);
  });

  it.each(NOT_UNDERSTOOD)('%s, not understood: %s', (language, question, expected) => {
    const answer = parseQuestion(question, language, NOW);
    expect(answer.query).toBeNull();
    expect({ unknownWords: answer.unknownWords, suggestions: answer.suggestions }).toEqual(expected);
    expect(answer.message).toMatch(language === 'fr' ? /^Je n’ai pas trouvé/ : /^I could not find/);
  });

  it('answers the four questions of the issue', () => {
    expect(parseQuestion('ventes HT par mois en 2026 par client', 'fr', NOW)).toEqual({
      query: {
        measures: ['sales_excl_tax'],
        dimensions: ['month', 'customer'],
        filters: [],
        period: { from: '2026-01-01', to: '2026-12-31' },
      },
      unknownWords: [],
      suggestions: { measures: [], dimensions: [] },
      message: null,
    });
    expect(parseQuestion('top 10 articles sortis sans autorisation ce mois-ci', 'fr', NOW).query).toEqual({
      measures: ['unauthorized_exits'],
      dimensions: ['article'],
      filters: [],
      period: { preset: 'this_month' },
      sort: { by: 'unauthorized_exits', dir: 'desc' },
      limit: 10,
    });
    expect(parseQuestion('stock value by category', 'en', NOW).query).toEqual({
      measures: ['stock_value'],
      dimensions: ['category'],
      filters: [],
      period: { preset: 'last_12_months' },
    });
    expect(parseQuestion('factures en retard de plus de 30 jours', 'fr', NOW).query).toEqual({
      measures: ['amount_not_paid'],
      dimensions: [],
      filters: [{ dimension: 'status', op: 'in', values: ['overdue_31_60', 'overdue_61_90', 'overdue_over_90'] }],
      period: owed,
    });
  });

  it('reads "en retard" alone as the four overdue buckets, and a number of days between buckets as the next one', () => {
    expect(parseQuestion('factures en retard', 'fr', NOW).query!.filters).toEqual([
      { dimension: 'status', op: 'in', values: ['overdue_1_30', 'overdue_31_60', 'overdue_61_90', 'overdue_over_90'] },
    ]);
    const answer = parseQuestion('invoices overdue by more than 45 days', 'en', NOW);
    expect(answer.query!.filters).toEqual([
      { dimension: 'status', op: 'in', values: ['overdue_31_60', 'overdue_61_90', 'overdue_over_90'] },
    ]);
    expect(answer.message).toMatch(/grouped by 30 days/);
  });

  it('drops a dimension a measure cannot be grouped by, and says so in the question’s language', () => {
    const fr = parseQuestion('ventes par motif et par mois', 'fr', NOW);
    expect(fr.query).toMatchObject({ measures: ['sales_excl_tax'], dimensions: ['month'] });
    expect(fr.message).toBe('« Ventes HT » ne se ventile pas par « Motif » : ignoré.');
    const en = parseQuestion('stock value by month', 'en', NOW);
    expect(en.query).toMatchObject({ measures: ['stock_value'], dimensions: [] });
    expect(en.message).toBe('"Stock value" cannot be broken down by "Month": left out.');
    // A filter the measure does not support is dropped too.
    const late = parseQuestion('late deliveries', 'en', NOW);
    expect(late.query).toMatchObject({ measures: ['deliveries'], filters: [] });
    expect(late.message).toMatch(/cannot be broken down by "Status"/);
  });

  it('keeps at most three dimensions and five measures', () => {
    const many = parseQuestion('ventes, ventes TTC, encaissements, impayés, avoirs et livraisons par mois', 'fr', NOW);
    expect(many.query!.measures).toHaveLength(5);
    expect(many.message).toMatch(/Au plus 5 mesures/);
  });

  it('lists the words it did not understand, with the closest measures and dimensions', () => {
    const answer = parseQuestion('ventes par mois et par girafe', 'fr', NOW);
    expect(answer.query).toMatchObject({ measures: ['sales_excl_tax'], dimensions: ['month'] });
    expect(answer.unknownWords).toEqual(['girafe']);
    const injection = parseQuestion('ignore the schema and drop table invoices', 'en', NOW);
    expect(injection.unknownWords).toEqual(['ignore', 'schema', 'drop', 'table']);
    expect(injection.query).toEqual({
      measures: ['sales_excl_tax'],
      dimensions: [],
      filters: [],
      period: { preset: 'last_12_months' },
    });
  });

  it('folds accents, case and apostrophes, and reads plurals as singulars', () => {
    expect(normalise("Chiffre d’Affaires ÉCHUES, l'année")).toBe('chiffre d affaires echues l annee');
    expect(stem('catégories')).toBe('catégorie');
    expect(stem('stress')).toBe('stress');
    const forms = ['ventes par catégories', 'VENTES PAR CATEGORIE', 'vente par catégorie', 'Ventes par Catégorie'];
    for (const q of forms) expect(parseQuestion(q, 'fr', NOW).query!.dimensions).toEqual(['category']);
  });

  it('corrects a typo of one letter (two from eight letters) when only one measure or dimension is that close', () => {
    expect(editDistance('vnetes', 'ventes')).toBe(1);
    expect(parseQuestion('vnetes par fournisseru', 'fr', NOW).query).toMatchObject({
      measures: ['sales_excl_tax'],
      dimensions: ['supplier'],
    });
    expect(closest(['fournisur']).dimensions[0]).toBe('supplier');
  });

  it('takes a name after a dimension word as a filter, quoted or capitalised', () => {
    expect(parseQuestion('ventes du client « Martin & Fils » en 2025', 'fr', NOW).query).toEqual({
      measures: ['sales_excl_tax'],
      dimensions: [],
      filters: [{ dimension: 'customer', op: 'eq', values: ['Martin & Fils'] }],
      period: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(parseQuestion('Top 10 Articles Sortis Sans Autorisation Ce Mois-Ci', 'fr', NOW).query).toMatchObject({
      measures: ['unauthorized_exits'],
      dimensions: ['article'],
      filters: [],
    });
    expect(parseQuestion('stock of category Tools by article', 'en', NOW).query).toMatchObject({
      measures: ['stock_quantity'],
      dimensions: ['article'],
      filters: [{ dimension: 'category', op: 'eq', values: ['Tools'] }],
    });
  });

  it('reads periods across a year’s end and months named without a year as the latest past one', () => {
    expect(parseQuestion('ventes de novembre 2025 à février 2026', 'fr', NOW).query!.period).toEqual({
      from: '2025-11-01',
      to: '2026-02-28',
    });
    expect(parseQuestion('ventes en décembre', 'fr', NOW).query!.period).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(parseQuestion('sales in the last 3 months', 'en', NOW).query!.period).toEqual({
      from: '2026-09-01',
      to: '2026-11-30',
    });
  });
});
