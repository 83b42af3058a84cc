import { Decimal } from 'decimal.js';
import type { TCreditNote, TDocumentLine, TInvoice, TPaymentType, TSalesTotals } from '@tagstock/contract';
import type { Tx } from '../../db/client';
import {
  facturXXml,
  type FacturXAddress,
  type FacturXDocument,
  type FacturXVatCategory,
} from '../../platform/facturx/cii';
import { companyForDocuments, type CompanyForDocuments } from '../company/company.service';
import { deliveryText, invoiceTexts, legalMentions } from './invoice-print';
import { customerParty, type CustomerParty } from './sales-documents';

/**
 * The Factur-X (CII, profile EN 16931) of an issued invoice or credit note, from what it stores: its lines and
 * totals as issued (never recomputed), the company settings and the customer. Payments are not part of it: the
 * document is the same XML whenever it is asked for, so the XML of the PDF and `facturx.xml` are one.
 */

/** UNTDID 4461 codes of the payment types (BT-81). */
const MEANS: Record<TPaymentType, string> = {
  sepa_transfer: '58',
  transfer: '30',
  direct_debit: '59',
  card: '48',
  cheque: '20',
  cash: '10',
};

const COUNTRIES: Record<string, string> = {
  france: 'FR',
  belgique: 'BE',
  belgium: 'BE',
  allemagne: 'DE',
  germany: 'DE',
  espagne: 'ES',
  spain: 'ES',
  italie: 'IT',
  italy: 'IT',
  luxembourg: 'LU',
  suisse: 'CH',
  switzerland: 'CH',
  'pays-bas': 'NL',
  netherlands: 'NL',
  'royaume-uni': 'GB',
  'united kingdom': 'GB',
  portugal: 'PT',
  monaco: 'MC',
};

/** An ISO 3166 code from a country as typed (France, FR, belgique…); France when none is given. */
export function countryCode(country: string | null | undefined): string {
  const text = (country ?? '').trim();
  if (!text) return 'FR';
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
  return COUNTRIES[text.toLowerCase()] ?? 'FR';
}

const address = (a: { address: string | null; postcode: string | null; city: string | null; country: string | null }) =>
  ({
    line1: a.address,
    postcode: a.postcode,
    city: a.city,
    countryCode: countryCode(a.country),
  }) satisfies FacturXAddress;

const seller = (c: CompanyForDocuments, legal: string) => ({
  name: c.name,
  siren: c.siren,
  vatNumber: c.vatNumber,
  email: c.email,
  legalForm: legal,
  address: address({ address: c.address, postcode: c.postalCode, city: c.city, country: c.country }),
});

const buyer = (c: CustomerParty) => ({
  name: c.name,
  // A French VAT number holds the SIREN (FR + key + SIREN).
  siren: c.siren ?? (/^FR\d{11}$/.test(c.vatNumber ?? '') ? c.vatNumber!.slice(4) : null),
  vatNumber: c.vatNumber,
  email: c.email,
  address: address(c),
});

/** A line's net unit price (BT-146): the unit price less the line's discount, to 4 decimals. */
const netUnitPrice = (l: TDocumentLine) =>
  new Decimal(l.unitPrice)
    .times(new Decimal(1).minus(new Decimal(l.discount).dividedBy(100)))
    .toDecimalPlaces(4)
    .toFixed(new Decimal(l.discount).isZero() ? 2 : 4);

function body(totals: TSalesTotals, lines: TDocumentLine[], discount: TInvoice['discount']) {
  return {
    lines: lines.map((l) => ({
      id: String(l.position),
      name: l.designation,
      sellerItemId: l.reference,
      quantity: String(l.quantity),
      unitCode: 'C62',
      netUnitPrice: netUnitPrice(l),
      lineNet: l.netAmount,
      vatCategory: l.vatCategory as FacturXVatCategory,
      vatRate: l.vatRate,
    })),
    allowances: totals.byRate
      .filter((r) => r.allowance && r.allowance !== '0.00')
      .map((r) => ({
        amount: r.allowance!,
        vatCategory: r.category as FacturXVatCategory,
        vatRate: r.rate,
        reason: 'Remise',
        ...(discount?.type === 'percent'
          ? { percent: discount.value, base: new Decimal(r.base).plus(r.allowance!).toFixed(2) }
          : {}),
      })),
    breakdown: totals.byRate.map((r) => ({
      category: r.category as FacturXVatCategory,
      rate: r.rate,
      base: r.base,
      vat: r.vat,
    })),
    totals: {
      lineTotal: totals.lineTotal,
      allowanceTotal: totals.allowanceTotal,
      taxBasis: totals.net,
      vat: totals.vat,
      grandTotal: totals.gross,
      prepaid: '0.00',
      duePayable: totals.gross,
    },
  };
}

/** The French mentions as the notes of the document (BG-1), with their UNTDID 4451 subjects. */
function notes(company: CompanyForDocuments, totals: TSalesTotals, extra: string | null) {
  const m = legalMentions(
    company,
    totals.byRate.map((r) => r.category),
    'fr',
  );
  return [
    ...(extra ? [{ text: extra }] : []),
    { subjectCode: 'REG' as const, text: m.seller },
    ...m.exemptions.map((text) => ({ subjectCode: 'TXD' as const, text })),
    ...m.supply.map((text) => ({ subjectCode: 'AAI' as const, text })),
    { subjectCode: 'PMD' as const, text: m.terms[0]! },
    { subjectCode: 'PMT' as const, text: m.terms[1]! },
    { subjectCode: 'AAB' as const, text: m.terms[2]! },
  ];
}

const payment = (company: CompanyForDocuments, type: TPaymentType) => ({
  meansCode: MEANS[type],
  iban: company.iban,
  bic: company.bic,
  accountName: company.name,
});

export async function invoiceFacturX(tx: Tx, tenantId: number, invoice: TInvoice): Promise<string> {
  const [company, customer] = [
    await companyForDocuments(tx, tenantId),
    await customerParty(tx, tenantId, invoice.customerId),
  ];
  const delivery = deliveryText(invoice, customer);
  const m = legalMentions(company, [], 'fr');
  const doc: FacturXDocument = {
    typeCode: '380',
    number: invoice.number!,
    issueDate: invoice.invoiceDate,
    currency: 'EUR',
    notes: notes(company, invoice.totals, invoice.notes),
    seller: seller(company, m.seller),
    buyer: buyer(customer),
    orderReference: null,
    deliveryDate: invoice.billingDate ?? invoice.invoiceDate,
    deliveryAddress: delivery
      ? { line1: delivery, countryCode: countryCode(customer.deliveryCountry ?? customer.country) }
      : null,
    dueDate: invoice.dueDate,
    paymentTerms: `${invoiceTexts('fr').terms(invoice.paymentTermDays)}. ${m.terms.join(' ')}`,
    payment: payment(company, invoice.paymentType),
    ...body(invoice.totals, invoice.lines, invoice.discount),
  };
  return facturXXml(doc);
}

export async function creditNoteFacturX(tx: Tx, tenantId: number, note: TCreditNote): Promise<string> {
  const [company, customer] = [
    await companyForDocuments(tx, tenantId),
    await customerParty(tx, tenantId, note.customerId),
  ];
  const m = legalMentions(company, [], 'fr');
  const doc: FacturXDocument = {
    typeCode: '381',
    number: note.number!,
    issueDate: note.creditDate,
    currency: 'EUR',
    notes: notes(company, note.totals, note.reason),
    seller: seller(company, m.seller),
    buyer: buyer(customer),
    precedingInvoice: { number: note.invoiceNumber, issueDate: note.invoiceDate },
    payment: payment(company, 'sepa_transfer'),
    ...body(note.totals, note.lines, null),
  };
  return facturXXml(doc);
}
