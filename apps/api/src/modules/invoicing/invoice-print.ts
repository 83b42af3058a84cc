import { Decimal } from 'decimal.js';
import {
  VAT_EXEMPTIONS,
  type TCreditNote,
  type TInvoice,
  type TPaymentType,
  type TSupplyKind,
  type TVatBreakdown,
  type TVatCategory,
} from '@tagstock/contract';
import type { Tx } from '../../db/client';
import type { PrintableDocument } from '../../platform/pdf/document-pdf';
import { formatDate, formatMoney, formatPercent, type PdfLanguage } from '../../platform/pdf/pdf-format';
import { companyForDocuments, type CompanyForDocuments } from '../company/company.service';
import { addressLines, customerBlock, customerParty, discountText, type CustomerParty } from './sales-documents';

/**
 * What a French invoice or credit note states besides its lines (Code de commerce L441-9 and D441-5, CGI 242
 * nonies A, the e-invoicing reform): the seller's identity, the buyer's, the dates, the payment terms with the
 * late-payment penalty rate and the 40 € recovery indemnity, what is sold, the VAT-on-debits option, the bank
 * details, and why a line carries no VAT. One source for the PDF and the Factur-X notes.
 */

type Texts = {
  invoice: string;
  creditNote: string;
  draft: string;
  dueDate: string;
  terms: (days: number) => string;
  saleDate: string;
  orderDate: string;
  paymentMode: string;
  paymentType: string;
  paymentTypes: Record<TPaymentType, string>;
  deliveryAddress: string;
  proforma: string;
  discount: string;
  creditOf: (number: string, date: string) => string;
  reason: string;
  settlement: string;
  deducted: (invoice: string, amount: string) => string;
  toAccount: (amount: string) => string;
  seller: (c: CompanyForDocuments, capital: string) => string;
  penalties: (rate: string) => string;
  indemnity: string;
  noEarlyDiscount: string;
  supply: Record<TSupplyKind, string>;
  vatOnDebits: string;
  bank: (iban: string, bic: string) => string;
  exemption: Partial<Record<TVatCategory, string>>;
};

const TEXTS: Record<PdfLanguage, Texts> = {
  fr: {
    invoice: 'Facture',
    creditNote: 'Avoir',
    draft: 'Brouillon',
    dueDate: 'Échéance',
    terms: (days) => `Paiement à ${days} jours`,
    saleDate: 'Date de la vente / prestation',
    orderDate: 'Date de commande',
    paymentMode: 'Mode de règlement',
    paymentType: 'Moyen de paiement',
    paymentTypes: {
      sepa_transfer: 'Virement SEPA',
      transfer: 'Virement',
      direct_debit: 'Prélèvement',
      card: 'Carte bancaire',
      cheque: 'Chèque',
      cash: 'Espèces',
    },
    deliveryAddress: 'Adresse de livraison',
    proforma: 'Proforma d’origine',
    discount: 'Remise',
    creditOf: (number, date) => `Avoir sur la facture ${number} du ${date}`,
    reason: 'Motif',
    settlement: 'Imputation',
    deducted: (invoice, amount) => `Montant déduit du solde de la facture ${invoice} : ${amount}`,
    toAccount: (amount) => `Montant remis au crédit du compte client : ${amount}`,
    seller: (c, capital) =>
      `${c.name}, ${c.legalForm} au capital de ${capital}, RCS ${c.rcsCity} ${c.siren}, SIREN ${c.siren}, N° TVA ${c.vatNumber}`,
    penalties: (rate) =>
      `En cas de retard de paiement, pénalités au taux annuel de ${rate} (art. L441-10 du Code de commerce).`,
    indemnity: 'Indemnité forfaitaire pour frais de recouvrement due en cas de retard : 40 € (art. D441-5).',
    noEarlyDiscount: 'Pas d’escompte pour paiement anticipé.',
    supply: {
      goods: 'Opérations : livraisons de biens.',
      services: 'Opérations : prestations de services.',
      both: 'Opérations : livraisons de biens et prestations de services.',
    },
    vatOnDebits: 'Option pour le paiement de la taxe d’après les débits.',
    bank: (iban, bic) => `IBAN ${iban}, BIC ${bic}`,
    exemption: {
      AE: 'Autoliquidation : TVA due par le preneur (art. 283 du CGI).',
      K: 'Exonération de TVA, art. 262 ter I du CGI (livraison intracommunautaire).',
      G: 'Exonération de TVA, art. 262 I du CGI (exportation).',
      E: 'Exonération de TVA (art. 261 du CGI).',
      O: 'Opération hors du champ de la TVA.',
    },
  },
  en: {
    invoice: 'Invoice',
    creditNote: 'Credit note',
    draft: 'Draft',
    dueDate: 'Due date',
    terms: (days) => `Payment within ${days} days`,
    saleDate: 'Date of sale / service',
    orderDate: 'Order date',
    paymentMode: 'Payment mode',
    paymentType: 'Payment means',
    paymentTypes: {
      sepa_transfer: 'SEPA credit transfer',
      transfer: 'Credit transfer',
      direct_debit: 'Direct debit',
      card: 'Card',
      cheque: 'Cheque',
      cash: 'Cash',
    },
    deliveryAddress: 'Delivery address',
    proforma: 'From proforma',
    discount: 'Discount',
    creditOf: (number, date) => `Credit note on invoice ${number} of ${date}`,
    reason: 'Reason',
    settlement: 'Settlement',
    deducted: (invoice, amount) => `Amount deducted from the balance of invoice ${invoice}: ${amount}`,
    toAccount: (amount) => `Amount credited to the customer's account: ${amount}`,
    seller: (c, capital) =>
      `${c.name}, ${c.legalForm} with a share capital of ${capital}, RCS ${c.rcsCity} ${c.siren}, SIREN ${c.siren}, VAT ${c.vatNumber}`,
    penalties: (rate) => `Late payments bear penalties at the annual rate of ${rate} (French Commercial Code L441-10).`,
    indemnity: 'Fixed indemnity for recovery costs in case of late payment: €40 (D441-5).',
    noEarlyDiscount: 'No discount for early payment.',
    supply: {
      goods: 'Supplies: goods.',
      services: 'Supplies: services.',
      both: 'Supplies: goods and services.',
    },
    vatOnDebits: 'VAT paid on debits.',
    bank: (iban, bic) => `IBAN ${iban}, BIC ${bic}`,
    exemption: {
      AE: 'Reverse charge: VAT due by the customer (CGI art. 283).',
      K: 'VAT exempt intra-community supply (CGI art. 262 ter I).',
      G: 'VAT exempt export (CGI art. 262 I).',
      E: 'VAT exempt (CGI art. 261).',
      O: 'Outside the scope of VAT.',
    },
  },
};

export const invoiceTexts = (language: PdfLanguage) => TEXTS[language];

/** The legal mentions of an invoice or credit note, in order: seller, terms and penalties, supplies, bank. */
export function legalMentions(
  company: CompanyForDocuments,
  rows: readonly Pick<TVatBreakdown, 'category' | 'exemption'>[],
  language: PdfLanguage,
): { seller: string; terms: string[]; supply: string[]; bank: string | null; exemptions: string[] } {
  const t = TEXTS[language];
  return {
    seller: t.seller(company, company.shareCapital ? formatMoney(company.shareCapital, language) : ''),
    terms: [
      t.penalties(company.latePenaltyRate ? formatPercent(company.latePenaltyRate, language) : ''),
      t.indemnity,
      t.noEarlyDiscount,
    ],
    supply: [
      ...(company.supplyKind ? [t.supply[company.supplyKind]] : []),
      ...(company.vatOnDebits ? [t.vatOnDebits] : []),
    ],
    bank: company.iban && company.bic ? t.bank(company.iban, company.bic) : null,
    // The legal basis of each exempt row: its own (as stored, French; the English standard text in English).
    exemptions: [
      ...new Set(
        rows.flatMap((r) =>
          r.exemption
            ? [language === 'fr' ? r.exemption.text : VAT_EXEMPTIONS[r.exemption.code].en]
            : (t.exemption[r.category] ?? []),
        ),
      ),
    ],
  };
}

/** What an invoice prints small at its end; a credit note asks for no payment: no terms, penalties or indemnity. */
const mentionLines = (m: ReturnType<typeof legalMentions>, document: 'invoice' | 'creditNote') => [
  m.seller,
  ...m.exemptions,
  ...m.supply,
  ...(document === 'invoice' ? m.terms : []),
  ...(m.bank ? [m.bank] : []),
];

/** The delivery address printed when it differs from the billing address: the invoice's, else the customer's. */
export function deliveryText(invoice: Pick<TInvoice, 'deliveryAddress'>, customer: CustomerParty): string | null {
  if (invoice.deliveryAddress) return invoice.deliveryAddress;
  const delivery = addressLines({
    address: customer.deliveryAddress,
    postcode: customer.deliveryPostcode,
    city: customer.deliveryCity,
    country: customer.deliveryCountry,
  }).join(', ');
  return delivery && delivery !== addressLines(customer).join(', ') ? delivery : null;
}

export async function invoicePrintable(
  tx: Tx,
  invoice: TInvoice,
  language: PdfLanguage,
  tenantId: number,
): Promise<PrintableDocument> {
  const t = TEXTS[language];
  const [customer, company] = [
    await customerParty(tx, tenantId, invoice.customerId),
    await companyForDocuments(tx, tenantId),
  ];
  const delivery = deliveryText(invoice, customer);
  const discount = discountText(invoice.discount, language);
  const date = (d: string) => formatDate(d, language);
  return {
    title: t.invoice,
    number: invoice.number ?? t.draft,
    date: invoice.invoiceDate,
    issuedAt: invoice.number ? invoice.issuedAt : null,
    partyRole: 'customer',
    party: customerBlock(customer, language),
    fields: [
      { label: t.saleDate, value: date(invoice.billingDate ?? invoice.invoiceDate) },
      ...(invoice.orderDate ? [{ label: t.orderDate, value: date(invoice.orderDate) }] : []),
      { label: t.dueDate, value: `${date(invoice.dueDate)} (${t.terms(invoice.paymentTermDays)})` },
      // How it is paid (the payment means of the e-invoice), then the tenant's own payment mode when one is chosen.
      { label: t.paymentType, value: t.paymentTypes[invoice.paymentType] },
      ...(invoice.paymentModeLabel ? [{ label: t.paymentMode, value: invoice.paymentModeLabel }] : []),
      ...(delivery ? [{ label: t.deliveryAddress, value: delivery }] : []),
      ...(invoice.proformaNumber ? [{ label: t.proforma, value: invoice.proformaNumber }] : []),
      ...(discount ? [{ label: t.discount, value: discount }] : []),
    ],
    lines: invoice.lines,
    totals: invoice.totals,
    notes: invoice.notes,
    mentions: mentionLines(legalMentions(company, invoice.totals.byRate, language), 'invoice'),
  };
}

/**
 * Where an issued credit note's amount went: off what the invoice left to pay, and what the invoice had been paid
 * beyond that back onto the customer's account (`releasedToAccount`). A draft has gone nowhere yet.
 */
function settlementText(
  note: Pick<TCreditNote, 'status' | 'invoiceNumber' | 'totalGross' | 'releasedToAccount'>,
  language: PdfLanguage,
): string | null {
  if (note.status !== 'issued') return null;
  const t = TEXTS[language];
  const toAccount = new Decimal(note.releasedToAccount);
  const deducted = new Decimal(note.totalGross).minus(toAccount);
  const money = (d: Decimal) => formatMoney(d.toFixed(2), language);
  const lines = [
    ...(deducted.gt(0) ? [t.deducted(note.invoiceNumber, money(deducted))] : []),
    ...(toAccount.gt(0) ? [t.toAccount(money(toAccount))] : []),
  ];
  return lines.length ? lines.join('\n') : null;
}

export async function creditNotePrintable(
  tx: Tx,
  note: TCreditNote & { invoiceDate: string },
  language: PdfLanguage,
  tenantId: number,
): Promise<PrintableDocument> {
  const t = TEXTS[language];
  const [customer, company] = [
    await customerParty(tx, tenantId, note.customerId),
    await companyForDocuments(tx, tenantId),
  ];
  const settlement = settlementText(note, language);
  return {
    title: t.creditNote,
    number: note.number ?? t.draft,
    date: note.creditDate,
    issuedAt: note.number ? note.issuedAt : null,
    partyRole: 'customer',
    party: customerBlock(customer, language),
    fields: [
      { label: t.invoice, value: t.creditOf(note.invoiceNumber, formatDate(note.invoiceDate, language)) },
      ...(note.reason ? [{ label: t.reason, value: note.reason }] : []),
      ...(settlement ? [{ label: t.settlement, value: settlement }] : []),
    ],
    lines: note.lines,
    totals: note.totals,
    mentions: mentionLines(legalMentions(company, note.totals.byRate, language), 'creditNote'),
  };
}
