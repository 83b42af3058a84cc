import { Decimal } from 'decimal.js';
import {
  buyerTreatment,
  countryCode,
  electronicAddressScheme,
  PAYMENT_TYPE_CODES,
  type TCreditNote,
  type TDocumentLine,
  type TInvoice,
  type TPaymentType,
  type TSalesTotals,
} from '@tagstock/contract';
import type { Tx } from '../../db/client';
import {
  facturXXml,
  type FacturXAddress,
  type FacturXDocument,
  type FacturXVatCategory,
} from '../../platform/facturx/cii';
import { companyForDocuments, type CompanyForDocuments } from '../company/company.service';
import { deliveryText, invoiceTexts, legalMentions } from './invoice-print';
import { addressLines, customerParty, type CustomerParty } from './sales-documents';

/**
 * The Factur-X (CII, profile EN 16931) of an issued invoice or credit note, from what it stores: its lines and
 * totals as issued (never recomputed), the company settings and the customer. Payments are not part of it: the
 * document is the same XML whenever it is asked for, so the XML of the PDF and `facturx.xml` are one.
 */

const address = (a: { address: string | null; postcode: string | null; city: string | null; country: string | null }) =>
  ({
    line1: a.address,
    postcode: a.postcode,
    city: a.city,
    countryCode: countryCode(a.country),
  }) satisfies FacturXAddress;

/** An electronic address (BT-34 / BT-49) with its scheme: 0225 for the French directory, EM for an email. */
const endpoint = (id: string | null | undefined) => (id ? { id, scheme: electronicAddressScheme(id) } : null);

const seller = (c: CompanyForDocuments, legal: string) => ({
  name: c.name,
  siren: c.siren,
  vatNumber: c.vatNumber,
  email: c.email,
  // Where a platform delivers to the company: the address it chose, else its SIREN in the directory.
  electronicAddress: endpoint(c.electronicAddress ?? c.siren),
  legalForm: legal,
  address: address({ address: c.address, postcode: c.postalCode, city: c.city, country: c.country }),
});

const buyer = (c: CustomerParty) => {
  // A French VAT number holds the SIREN (FR + key + SIREN); a person has none.
  const siren =
    c.kind === 'person' ? null : (c.siren ?? (/^FR\d{11}$/.test(c.vatNumber ?? '') ? c.vatNumber!.slice(4) : null));
  // A French company is reached through the directory by its SIREN (BR-FR-21); the others by their address.
  const b2b = buyerTreatment(c) === 'B2B';
  const electronicAddress =
    b2b && siren && !(c.electronicAddress ?? '').startsWith(siren) ? siren : (c.electronicAddress ?? siren ?? c.email);
  return {
    name: c.name,
    siren,
    vatNumber: c.vatNumber,
    email: c.email,
    electronicAddress: endpoint(electronicAddress),
    address: address(c),
  };
};

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
      exemptionReason: r.exemption?.text,
      exemptionCode: r.exemption?.code,
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

/**
 * The French mentions as the notes of the document (BG-1), with their UNTDID 4451 subjects: the coded ones the
 * French rules ask for once each (PMD penalties, PMT indemnity, AAB early-payment discount, TXD the legal bases
 * of the exempt rows in one note), and BAR, how a platform processes it (B2B, B2BINT, B2C). A credit note states
 * no penalties; the rules still ask for the three coded notes, which then say so.
 */
function notes(
  company: CompanyForDocuments,
  totals: TSalesTotals,
  extra: string | null,
  customer: CustomerParty,
  kind: 'invoice' | 'creditNote',
) {
  const m = legalMentions(company, totals.byRate, 'fr');
  const [penalties, indemnity, discount] = m.terms;
  return [
    ...(extra ? [{ text: extra }] : []),
    { subjectCode: 'BAR' as const, text: buyerTreatment(customer) },
    { subjectCode: 'REG' as const, text: m.seller },
    ...(m.exemptions.length ? [{ subjectCode: 'TXD' as const, text: m.exemptions.join(' ') }] : []),
    ...m.supply.map((text) => ({ subjectCode: 'AAI' as const, text })),
    ...(kind === 'invoice'
      ? [
          { subjectCode: 'PMD' as const, text: penalties! },
          { subjectCode: 'PMT' as const, text: indemnity! },
          { subjectCode: 'AAB' as const, text: discount! },
        ]
      : [
          { subjectCode: 'PMD' as const, text: CREDIT_NOTE_TERMS.penalties },
          { subjectCode: 'PMT' as const, text: CREDIT_NOTE_TERMS.indemnity },
          { subjectCode: 'AAB' as const, text: CREDIT_NOTE_TERMS.discount },
        ]),
  ];
}

/** What a credit note says where an invoice states its payment terms: nothing is due on it. */
const CREDIT_NOTE_TERMS = {
  penalties: 'Sans objet : un avoir ne porte pas de pénalités de retard.',
  indemnity: 'Sans objet : un avoir ne porte pas d’indemnité forfaitaire pour frais de recouvrement.',
  discount: 'Sans objet : pas d’escompte sur un avoir.',
};

const payment = (company: CompanyForDocuments, type: TPaymentType) => ({
  meansCode: PAYMENT_TYPE_CODES[type],
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
    billingMode: invoice.billingMode,
    number: invoice.number!,
    issueDate: invoice.invoiceDate,
    currency: 'EUR',
    notes: notes(company, invoice.totals, invoice.notes, customer, 'invoice'),
    seller: seller(company, m.seller),
    buyer: buyer(customer),
    orderReference: null,
    deliveryDate: invoice.billingDate ?? invoice.invoiceDate,
    // Printed when it differs from the billing address; always for an intra-community supply (BR-IC-12).
    deliveryAddress:
      delivery || invoice.totals.byRate.some((r) => r.category === 'K')
        ? {
            line1: delivery ?? addressLines(customer)[0] ?? null,
            countryCode: countryCode(customer.deliveryCountry ?? customer.country),
          }
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
    billingMode: note.billingMode,
    number: note.number!,
    issueDate: note.creditDate,
    currency: 'EUR',
    notes: notes(company, note.totals, note.reason, customer, 'creditNote'),
    seller: seller(company, m.seller),
    buyer: buyer(customer),
    precedingInvoice: { number: note.invoiceNumber, issueDate: note.invoiceDate },
    // What it credits was supplied by the invoice (BT-72), and a delivery without any term is an empty element.
    deliveryDate: note.invoiceDate,
    payment: payment(company, 'sepa_transfer'),
    ...body(note.totals, note.lines, null),
  };
  return facturXXml(doc);
}
