import {
  DATE_YEAR_MAX,
  DATE_YEAR_MIN,
  EINVOICE_ID_MAX,
  EINVOICE_TEXT_MAX,
  RECEIVED_INVOICE_LINES_MAX,
  type TEinvoiceParty,
  type TEinvoiceRefusal,
  type TReceivedInvoiceLine,
  type TReceivedInvoiceTotals,
  type TReceivedVatBreakdown,
} from '@tagstock/contract';
import { parseXmlTree, type XmlElement } from '../../platform/facturx/xml-tree';

/** The CII namespaces (UN/CEFACT Cross Industry Invoice D16B), whatever prefixes a producer gives them. */
export const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/** Bounds of what is read: an invoice of RECEIVED_INVOICE_LINES_MAX lines stays far below them. */
const MAX_ELEMENTS = 400_000;
const MAX_DEPTH = 64;
const MAX_TEXT = 100_000;

/** A file that is not a readable CII invoice: refused with `invalid_einvoice` and this reason. */
export class EinvoiceRefused extends Error {
  constructor(
    readonly reason: TEinvoiceRefusal,
    message: string,
  ) {
    super(message);
  }
}

type Element = XmlElement;

export type CiiInvoice = {
  specification: string | null;
  number: string | null;
  typeCode: string | null;
  issueDate: string | null;
  dueDate: string | null;
  currency: string | null;
  buyerOrderReference: string | null;
  seller: TEinvoiceParty;
  buyer: TEinvoiceParty;
  lines: TReceivedInvoiceLine[];
  vatBreakdown: TReceivedVatBreakdown[];
  totals: TReceivedInvoiceTotals;
};

/**
 * The text of an XML file: UTF-8 (what EN 16931 CII uses), UTF-16 with its byte order mark, or a Latin-1 family
 * encoding when the declaration names one. Anything else is refused rather than misread.
 */
export function decodeXml(data: Buffer): string {
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true }).decode(data);
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true }).decode(data);
  const head = data.subarray(0, 200).toString('latin1');
  const declared = /^(?:\uFEFF|\xEF\xBB\xBF)?<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  const encoding = (declared ?? 'utf-8').toLowerCase();
  try {
    if (encoding === 'utf-8' || encoding === 'utf8') return new TextDecoder('utf-8', { fatal: true }).decode(data);
    if (['iso-8859-1', 'latin1', 'iso-8859-15', 'windows-1252', 'us-ascii'].includes(encoding))
      return new TextDecoder(encoding === 'iso-8859-15' ? 'iso-8859-15' : 'windows-1252').decode(data);
  } catch {
    throw new EinvoiceRefused('malformed_xml', `The XML is not valid ${encoding}`);
  }
  throw new EinvoiceRefused('malformed_xml', `Unsupported XML encoding ${declared}`);
}

/** A bounded element tree of the document (the refusals are the invoice's own). */
const parseTree = (xml: string): Element =>
  parseXmlTree(xml, { maxElements: MAX_ELEMENTS, maxDepth: MAX_DEPTH, maxText: MAX_TEXT }, (why, message) =>
    why === 'too_large'
      ? new EinvoiceRefused('too_large', message)
      : new EinvoiceRefused('malformed_xml', why === 'doctype' ? 'A DOCTYPE is not allowed in an invoice' : message),
  );

// Navigation by local names in the ram namespace (the rsm ones are named with their namespace).
const kids = (e: Element | undefined, local: string, ns: string = NS.ram): Element[] =>
  e ? e.children.filter((c) => c.local === local && c.ns === ns) : [];
const child = (e: Element | undefined, local: string, ns: string = NS.ram) => kids(e, local, ns)[0];
const path = (e: Element | undefined, ...locals: string[]) => locals.reduce((at, l) => child(at, l), e);

const clip = (value: string | undefined | null, max: number): string | null => {
  const v = value?.replace(/\s+/g, ' ').trim();
  return v ? v.slice(0, max) : null;
};
const textOf = (e: Element | undefined) => clip(e?.text, EINVOICE_TEXT_MAX);
const idOf = (e: Element | undefined) => clip(e?.text, EINVOICE_ID_MAX);

/** A decimal as written (sign, digits, a point): anything else, or absurdly long, is no amount. */
const decimalOf = (e: Element | undefined): string | null => {
  const v = e?.text.trim();
  if (!v || !/^[+-]?\d{1,18}(\.\d{1,10})?$/.test(v)) return null;
  return v.replace(/^\+/, '');
};

/** A CII date (udt:DateTimeString, format 102 YYYYMMDD) as YYYY-MM-DD, or null when missing or not a real day. */
const dateOf = (e: Element | undefined): string | null => {
  const s = child(e, 'DateTimeString', NS.udt) ?? child(e, 'DateString', NS.udt);
  const v = s?.text.trim();
  const m = v ? /^(\d{4})(\d{2})(\d{2})$/.exec(v) : null;
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const year = Number(m[1]);
  // A day of the calendar (no 30 February) in the years a date column takes.
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX && new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso)
    ? iso
    : null;
};

/** Letters and digits only, upper case: VAT numbers compare like this ("FR 59 542051180" = "FR59542051180"). */
export const compactId = (value: string | null | undefined): string | null => {
  const v = value?.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  return v ? v : null;
};

/** The SIREN of a French VAT number (FR + 2 key characters + 9 digits). */
export const sirenOfVat = (vat: string | null | undefined): string | null => {
  const m = /^FR[0-9A-Z]{2}(\d{9})$/.exec(compactId(vat) ?? '');
  return m ? m[1]! : null;
};

/** The SIREN of a legal registration id: scheme 0002 (SIREN), 0009 (SIRET: its first 9 digits). */
function sirenOfLegalId(id: string | null, scheme: string | undefined, country: string | null): string | null {
  const digits = id?.replace(/\s/g, '') ?? '';
  if (scheme === '0002' && /^\d{9}$/.test(digits)) return digits;
  if (scheme === '0009' && /^\d{14}$/.test(digits)) return digits.slice(0, 9);
  // Without a scheme, nine digits of a French party are its SIREN.
  if (!scheme && country === 'FR' && /^\d{9}$/.test(digits)) return digits;
  return null;
}

function partyOf(e: Element | undefined): TEinvoiceParty {
  const address = child(e, 'PostalTradeAddress');
  const country = idOf(child(address, 'CountryID'))?.toUpperCase() ?? null;
  const legal = path(e, 'SpecifiedLegalOrganization', 'ID');
  const legalId = idOf(legal);
  const registrations = kids(e, 'SpecifiedTaxRegistration').map((r) => child(r, 'ID'));
  const vatNumber = idOf(registrations.find((r) => r?.attrs.schemeID === 'VA'));
  const contact = child(e, 'DefinedTradeContact');
  const electronic = kids(e, 'URIUniversalCommunication')
    .map((u) => child(u, 'URIID'))
    .find((u) => u?.attrs.schemeID === 'EM');
  const lines = ['LineOne', 'LineTwo', 'LineThree']
    .map((l) => textOf(child(address, l)))
    .filter((l): l is string => !!l);
  return {
    name: textOf(child(e, 'Name')),
    siren: sirenOfLegalId(legalId, legal?.attrs.schemeID, country) ?? sirenOfVat(vatNumber),
    vatNumber,
    legalId,
    address: clip(lines.join(', '), EINVOICE_TEXT_MAX),
    postcode: idOf(child(address, 'PostcodeCode')),
    city: textOf(child(address, 'CityName')),
    country,
    contact: textOf(child(contact, 'PersonName')),
    email: textOf(path(contact, 'EmailURIUniversalCommunication', 'URIID')) ?? textOf(electronic),
    phone: idOf(path(contact, 'TelephoneUniversalCommunication', 'CompleteNumber')),
  };
}

function lineOf(item: Element): TReceivedInvoiceLine {
  const product = child(item, 'SpecifiedTradeProduct');
  const settlement = child(item, 'SpecifiedLineTradeSettlement');
  const tax = child(settlement, 'ApplicableTradeTax');
  const quantity = path(item, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
  return {
    id: idOf(path(item, 'AssociatedDocumentLineDocument', 'LineID')),
    name: textOf(child(product, 'Name')),
    sellerItemId: idOf(child(product, 'SellerAssignedID')),
    quantity: decimalOf(quantity),
    unitCode: clip(quantity?.attrs.unitCode, EINVOICE_ID_MAX),
    unitPrice: decimalOf(path(item, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount')),
    net: decimalOf(path(settlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount')),
    vatRate: decimalOf(child(tax, 'RateApplicablePercent')),
    vatCategory: idOf(child(tax, 'CategoryCode')),
  };
}

/**
 * The fields of a CII invoice (EN 16931 profile and its subsets) that this back office shows and matches on.
 * Refuses what is not a CII invoice at all (`EinvoiceRefused`); reads an invalid one as far as it goes, missing
 * fields as null: the official checks say what is wrong with it.
 */
export function parseCii(data: Buffer): CiiInvoice {
  const root = parseTree(decodeXml(data));
  if (root.local !== 'CrossIndustryInvoice' || root.ns !== NS.rsm)
    throw new EinvoiceRefused(
      'not_cii',
      `The XML is not a CII invoice: its root is ${root.local} in ${root.ns || 'no namespace'}`,
    );
  const document = child(root, 'ExchangedDocument', NS.rsm);
  const transaction = child(root, 'SupplyChainTradeTransaction', NS.rsm);
  const items = kids(transaction, 'IncludedSupplyChainTradeLineItem');
  if (items.length > RECEIVED_INVOICE_LINES_MAX)
    throw new EinvoiceRefused('too_large', `More than ${RECEIVED_INVOICE_LINES_MAX} invoice lines`);
  const agreement = child(transaction, 'ApplicableHeaderTradeAgreement');
  const settlement = child(transaction, 'ApplicableHeaderTradeSettlement');
  const sums = child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = idOf(child(settlement, 'InvoiceCurrencyCode'));
  // With a VAT accounting currency (BT-6) the total VAT is given twice; the invoice's own is in its currency.
  const taxTotals = kids(sums, 'TaxTotalAmount');
  const taxTotal =
    taxTotals.find((t) => t.attrs.currencyID === currency) ??
    taxTotals.find((t) => !t.attrs.currencyID) ??
    taxTotals[0];
  return {
    specification: clip(
      path(child(root, 'ExchangedDocumentContext', NS.rsm), 'GuidelineSpecifiedDocumentContextParameter', 'ID')?.text,
      200,
    ),
    number: idOf(child(document, 'ID')),
    typeCode: idOf(child(document, 'TypeCode')),
    issueDate: dateOf(child(document, 'IssueDateTime')),
    dueDate: dateOf(path(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime')),
    currency,
    buyerOrderReference: idOf(path(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID')),
    seller: partyOf(child(agreement, 'SellerTradeParty')),
    buyer: partyOf(child(agreement, 'BuyerTradeParty')),
    lines: items.map(lineOf),
    vatBreakdown: kids(settlement, 'ApplicableTradeTax').map((t) => ({
      category: idOf(child(t, 'CategoryCode')),
      rate: decimalOf(child(t, 'RateApplicablePercent')),
      base: decimalOf(child(t, 'BasisAmount')),
      vat: decimalOf(child(t, 'CalculatedAmount')),
      exemptionReason: textOf(child(t, 'ExemptionReason')),
    })),
    totals: {
      lines: decimalOf(child(sums, 'LineTotalAmount')),
      allowances: decimalOf(child(sums, 'AllowanceTotalAmount')),
      charges: decimalOf(child(sums, 'ChargeTotalAmount')),
      net: decimalOf(child(sums, 'TaxBasisTotalAmount')),
      vat: decimalOf(taxTotal),
      gross: decimalOf(child(sums, 'GrandTotalAmount')),
      prepaid: decimalOf(child(sums, 'TotalPrepaidAmount')),
      duePayable: decimalOf(child(sums, 'DuePayableAmount')),
    },
  };
}
