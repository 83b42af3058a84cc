import { el, text, xmlDocument, type XmlNode } from './xml-writer';
/*
 * The CII XML (UN/CEFACT Cross Industry Invoice D16B) of an invoice or credit note, Factur-X profile EN 16931.
 * The input is already computed (amounts as decimal texts, written as given): this module only lays it out, in the
 * exact element order of the D16B schema, which the validator checks (validate.ts). Business terms are named
 * BT-/BG- as in EN 16931 so a reader can follow the standard.
 */

export type FacturXAddress = {
  line1?: string | null;
  line2?: string | null;
  postcode?: string | null;
  city?: string | null;
  /** ISO 3166-1 alpha-2, e.g. 'FR' */
  countryCode: string;
};
export type FacturXParty = {
  name: string;
  siren?: string | null;
  vatNumber?: string | null;
  address: FacturXAddress;
  /** BT-34 / BT-49: where a platform delivers invoices, with its scheme (EAS: 0225 French directory, EM email). */
  electronicAddress?: { id: string; scheme: string } | null;
  /** The contact's email (BT-43 / BT-58). */
  email?: string | null;
  /** e.g. 'SAS au capital de 10 000 €, RCS Paris 123 456 789' for the seller's BT-33 */
  legalForm?: string | null;
};
export type FacturXVatCategory = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M';
export type FacturXDocument = {
  /** invoice | credit note */
  typeCode: '380' | '381';
  /** BT-23, the billing mode of the French rules ("cadre de facturation"): B1, S1, M1… */
  billingMode: string;
  /** BT-1 */
  number: string;
  /** yyyy-mm-dd, BT-2 */
  issueDate: string;
  currency: 'EUR';
  /** BG-1 (French legal mentions) */
  notes: { subjectCode?: 'AAB' | 'PMT' | 'PMD' | 'AAI' | 'REG' | 'ABL' | 'TXD' | 'SUR' | 'BAR'; text: string }[];
  /** BG-4 (SIREN → SpecifiedLegalOrganization ID schemeID 0002; VAT → SpecifiedTaxRegistration schemeID VA) */
  seller: FacturXParty;
  /** BG-7 */
  buyer: FacturXParty;
  /** BT-10 */
  buyerReference?: string | null;
  /** BT-13 */
  orderReference?: string | null;
  /** BG-3 (credit notes) */
  precedingInvoice?: { number: string; issueDate: string } | null;
  /** BT-72 actual delivery date */
  deliveryDate?: string | null;
  /** BG-13/BG-15 */
  deliveryAddress?: (FacturXAddress & { name?: string | null }) | null;
  /** BT-9 */
  dueDate?: string | null;
  /** BT-20 */
  paymentTerms?: string | null;
  /** BG-16/BG-17 */
  payment?: {
    /** UNTDID 4461: '30' credit transfer, '58' SEPA credit transfer, '10' cash, '48' card, '49' direct debit, '1' not defined */
    meansCode: string;
    iban?: string | null;
    bic?: string | null;
    accountName?: string | null;
  } | null;
  lines: {
    id: string;
    name: string;
    sellerItemId?: string | null;
    quantity: string;
    /** 'C62' */
    unitCode: string;
    netUnitPrice: string;
    lineNet: string;
    vatCategory: FacturXVatCategory;
    vatRate: string;
  }[];
  /** BG-20 document-level allowances (our discount spread over the rates) */
  allowances: {
    amount: string;
    vatCategory: FacturXVatCategory;
    vatRate: string;
    reason: string;
    percent?: string | null;
    base?: string | null;
  }[];
  /** BG-23 */
  breakdown: {
    category: FacturXVatCategory;
    rate: string;
    base: string;
    vat: string;
    /** BT-120, the legal basis in words; BT-121, its VATEX code. */
    exemptionReason?: string | null;
    exemptionCode?: string | null;
  }[];
  /** BG-22 */
  totals: {
    lineTotal: string;
    allowanceTotal: string;
    taxBasis: string;
    vat: string;
    grandTotal: string;
    prepaid: string;
    duePayable: string;
  };
};

/** The guideline of the Factur-X EN 16931 profile (BT-24). */
export const FACTURX_EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

/**
 * The exemption reason (BT-120) written when a breakdown of these categories has none: EN 16931 requires one
 * for them (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10) and forbids it for the others (BR-S-10, BR-Z-10).
 */
const DEFAULT_EXEMPTION: Partial<Record<FacturXVatCategory, string>> = {
  E: 'Exonération de TVA',
  AE: 'Autoliquidation',
  K: 'Livraison intracommunautaire',
  G: 'Exportation hors UE',
  O: 'Hors champ de TVA',
};

/** yyyy-mm-dd → the CII date (format 102, yyyymmdd); anything else is a programming error. */
function date(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`Factur-X: a date must be yyyy-mm-dd, not "${value}"`);
  return value.replaceAll('-', '');
}
const dateTime = (name: string, value: string | null | undefined, prefix: 'udt' | 'qdt' = 'udt') =>
  value ? el(name, text(`${prefix}:DateTimeString`, date(value), { format: '102' })) : null;

/** Category O (not subject to VAT) carries no rate (BR-O-05, BR-O-06, BR-O-09); the others always do. */
const rate = (category: FacturXVatCategory, value: string) =>
  category === 'O' ? null : text('ram:RateApplicablePercent', value);

function address(a: FacturXAddress): XmlNode {
  return el(
    'ram:PostalTradeAddress',
    text('ram:PostcodeCode', a.postcode),
    text('ram:LineOne', a.line1),
    text('ram:LineTwo', a.line2),
    text('ram:CityName', a.city),
    text('ram:CountryID', a.countryCode),
  );
}

function party(name: string, p: FacturXParty, seller: boolean): XmlNode {
  return el(
    name,
    text('ram:Name', p.name),
    // BT-33, the seller's additional legal information; EN 16931 has no such term for the buyer.
    seller ? text('ram:Description', p.legalForm) : null,
    p.siren ? el('ram:SpecifiedLegalOrganization', text('ram:ID', p.siren, { schemeID: '0002' })) : null,
    p.email
      ? el('ram:DefinedTradeContact', el('ram:EmailURIUniversalCommunication', text('ram:URIID', p.email)))
      : null,
    address(p.address),
    p.electronicAddress
      ? el(
          'ram:URIUniversalCommunication',
          text('ram:URIID', p.electronicAddress.id, { schemeID: p.electronicAddress.scheme }),
        )
      : null,
    p.vatNumber ? el('ram:SpecifiedTaxRegistration', text('ram:ID', p.vatNumber, { schemeID: 'VA' })) : null,
  );
}

function line(l: FacturXDocument['lines'][number]): XmlNode {
  return el(
    'ram:IncludedSupplyChainTradeLineItem',
    el('ram:AssociatedDocumentLineDocument', text('ram:LineID', l.id)),
    el('ram:SpecifiedTradeProduct', text('ram:SellerAssignedID', l.sellerItemId), text('ram:Name', l.name)),
    el(
      'ram:SpecifiedLineTradeAgreement',
      el('ram:NetPriceProductTradePrice', text('ram:ChargeAmount', l.netUnitPrice)),
    ),
    el('ram:SpecifiedLineTradeDelivery', text('ram:BilledQuantity', l.quantity, { unitCode: l.unitCode })),
    el(
      'ram:SpecifiedLineTradeSettlement',
      el(
        'ram:ApplicableTradeTax',
        text('ram:TypeCode', 'VAT'),
        text('ram:CategoryCode', l.vatCategory),
        rate(l.vatCategory, l.vatRate),
      ),
      el('ram:SpecifiedTradeSettlementLineMonetarySummation', text('ram:LineTotalAmount', l.lineNet)),
    ),
  );
}

function settlement(doc: FacturXDocument): XmlNode {
  const { payment, totals } = doc;
  return el(
    'ram:ApplicableHeaderTradeSettlement',
    text('ram:InvoiceCurrencyCode', doc.currency),
    payment
      ? el(
          'ram:SpecifiedTradeSettlementPaymentMeans',
          text('ram:TypeCode', payment.meansCode),
          payment.iban || payment.accountName
            ? el(
                'ram:PayeePartyCreditorFinancialAccount',
                text('ram:IBANID', payment.iban),
                text('ram:AccountName', payment.accountName),
              )
            : null,
          payment.bic ? el('ram:PayeeSpecifiedCreditorFinancialInstitution', text('ram:BICID', payment.bic)) : null,
        )
      : null,
    ...doc.breakdown.map((b) =>
      el(
        'ram:ApplicableTradeTax',
        text('ram:CalculatedAmount', b.vat),
        text('ram:TypeCode', 'VAT'),
        b.category in DEFAULT_EXEMPTION
          ? text('ram:ExemptionReason', b.exemptionReason?.trim() || DEFAULT_EXEMPTION[b.category])
          : null,
        text('ram:BasisAmount', b.base),
        text('ram:CategoryCode', b.category),
        b.category in DEFAULT_EXEMPTION ? text('ram:ExemptionReasonCode', b.exemptionCode) : null,
        rate(b.category, b.rate),
      ),
    ),
    ...doc.allowances.map((a) =>
      el(
        'ram:SpecifiedTradeAllowanceCharge',
        el('ram:ChargeIndicator', text('udt:Indicator', 'false')),
        text('ram:CalculationPercent', a.percent),
        text('ram:BasisAmount', a.base),
        text('ram:ActualAmount', a.amount),
        text('ram:Reason', a.reason),
        el(
          'ram:CategoryTradeTax',
          text('ram:TypeCode', 'VAT'),
          text('ram:CategoryCode', a.vatCategory),
          rate(a.vatCategory, a.vatRate),
        ),
      ),
    ),
    doc.paymentTerms || doc.dueDate
      ? el(
          'ram:SpecifiedTradePaymentTerms',
          text('ram:Description', doc.paymentTerms),
          dateTime('ram:DueDateDateTime', doc.dueDate),
        )
      : null,
    el(
      'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
      text('ram:LineTotalAmount', totals.lineTotal),
      doc.allowances.length ? text('ram:AllowanceTotalAmount', totals.allowanceTotal) : null,
      text('ram:TaxBasisTotalAmount', totals.taxBasis),
      text('ram:TaxTotalAmount', totals.vat, { currencyID: doc.currency }),
      text('ram:GrandTotalAmount', totals.grandTotal),
      text('ram:TotalPrepaidAmount', totals.prepaid),
      text('ram:DuePayableAmount', totals.duePayable),
    ),
    doc.precedingInvoice
      ? el(
          'ram:InvoiceReferencedDocument',
          text('ram:IssuerAssignedID', doc.precedingInvoice.number),
          dateTime('ram:FormattedIssueDateTime', doc.precedingInvoice.issueDate, 'qdt'),
        )
      : null,
  );
}

/** What the French rules allow in an invoice number (BT-1, BT-25): 35 letters, digits, + - _ / at most. */
const DOCUMENT_NUMBER = /^[A-Za-z0-9+\-_/]{1,35}$/;

/** The CII XML of the document (UTF-8 text with its declaration), ready to validate and embed as factur-x.xml. */
export function facturXXml(doc: FacturXDocument): string {
  for (const number of [doc.number, doc.precedingInvoice?.number])
    if (number !== undefined && !DOCUMENT_NUMBER.test(number))
      throw new Error(`Factur-X: "${number}" is not a number the French rules allow (BR-FR-01, BR-FR-02)`);
  const delivery = doc.deliveryAddress;
  const root: XmlNode = {
    name: 'rsm:CrossIndustryInvoice',
    attrs: {
      'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
      'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
      'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
      'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
    },
    children: [
      el(
        'rsm:ExchangedDocumentContext',
        el('ram:BusinessProcessSpecifiedDocumentContextParameter', text('ram:ID', doc.billingMode)),
        el('ram:GuidelineSpecifiedDocumentContextParameter', text('ram:ID', FACTURX_EN16931_GUIDELINE)),
      ),
      el(
        'rsm:ExchangedDocument',
        text('ram:ID', doc.number),
        text('ram:TypeCode', doc.typeCode),
        dateTime('ram:IssueDateTime', doc.issueDate),
        ...doc.notes
          .filter((n) => n.text.trim() !== '')
          .map((n) => el('ram:IncludedNote', text('ram:Content', n.text), text('ram:SubjectCode', n.subjectCode))),
      ),
      el(
        'rsm:SupplyChainTradeTransaction',
        ...doc.lines.map(line),
        el(
          'ram:ApplicableHeaderTradeAgreement',
          text('ram:BuyerReference', doc.buyerReference),
          party('ram:SellerTradeParty', doc.seller, true),
          party('ram:BuyerTradeParty', doc.buyer, false),
          doc.orderReference
            ? el('ram:BuyerOrderReferencedDocument', text('ram:IssuerAssignedID', doc.orderReference))
            : null,
        ),
        el(
          'ram:ApplicableHeaderTradeDelivery',
          delivery ? el('ram:ShipToTradeParty', text('ram:Name', delivery.name), address(delivery)) : null,
          doc.deliveryDate
            ? el('ram:ActualDeliverySupplyChainEvent', dateTime('ram:OccurrenceDateTime', doc.deliveryDate))
            : null,
        ),
        settlement(doc),
      ),
    ],
  };
  return xmlDocument(root);
}
