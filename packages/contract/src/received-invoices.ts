import { z } from 'zod';
import { ZListQuery } from './common';
import { id } from './fields';

/**
 * Supplier invoices received as Factur-X PDFs or CII XML files (EN 16931): the original kept unchanged, the
 * fields read from its XML, the outcome of the official checks (XSD + EN 16931 rules), and the supplier and
 * purchase order it was matched to. Records: never edited or deleted, only linked to a supplier afterwards.
 */

/** The largest file accepted. */
export const RECEIVED_INVOICE_MAX_BYTES = 10 * 1024 * 1024;
/** Invoice lines read from one invoice; more is refused (not an invoice this back office can show). */
export const RECEIVED_INVOICE_LINES_MAX = 5000;
/** Failed rules kept per invoice (a broken 5,000-line file can fail the same rule thousands of times). */
export const RECEIVED_INVOICE_FAILURES_MAX = 500;
/** Longest text kept from the XML (names, addresses); longer text is cut. */
export const EINVOICE_TEXT_MAX = 500;
/** Longest identifier kept from the XML (numbers, VAT numbers, item ids, codes). */
export const EINVOICE_ID_MAX = 100;

export const RECEIVED_INVOICE_FILE_TYPES = ['application/pdf', 'application/xml'] as const;
export const ZReceivedInvoiceFileType = z.enum(RECEIVED_INVOICE_FILE_TYPES);

/** Why a file was refused (`invalid_einvoice`, in `params.reason`): the web says it in the user's language. */
export const EINVOICE_REFUSALS = [
  /** Neither a PDF nor an XML file. */
  'not_pdf_or_xml',
  /** A PDF without an embedded factur-x.xml (or another CII attachment). */
  'no_xml_in_pdf',
  /** The XML is not well-formed, or in an unsupported encoding. */
  'malformed_xml',
  /** Well-formed XML whose root is not a CII CrossIndustryInvoice (e.g. UBL, or any other XML). */
  'not_cii',
  /** More lines, elements or depth than an invoice has. */
  'too_large',
] as const;
export type TEinvoiceRefusal = (typeof EINVOICE_REFUSALS)[number];

const text = () => z.string().max(EINVOICE_TEXT_MAX);
const ident = () => z.string().max(EINVOICE_ID_MAX);
/** An amount or quantity as written in the XML ("12.50", "-3"), or null when missing or not a number. */
const decimal = () => z.string().max(40).nullable();

/** The seller (BG-4) or the buyer (BG-7) as the invoice names them. */
export const ZEinvoiceParty = z.object({
  name: text().nullable(),
  /** French SIREN: the legal registration id under scheme 0002 (or a SIRET's first 9 digits), or from an FR VAT number. */
  siren: ident().nullable(),
  vatNumber: ident().nullable(),
  /** Legal registration identifier (BT-30 / BT-47) as written, whatever its scheme. */
  legalId: ident().nullable(),
  address: text().nullable(),
  postcode: ident().nullable(),
  city: text().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: ident().nullable(),
  contact: text().nullable(),
  email: text().nullable(),
  phone: ident().nullable(),
});
export type TEinvoiceParty = z.infer<typeof ZEinvoiceParty>;

export const ZReceivedInvoiceLine = z.object({
  /** Line identifier (BT-126). */
  id: ident().nullable(),
  name: text().nullable(),
  /** Seller's item identifier (BT-155): compared with the references of purchase order lines. */
  sellerItemId: ident().nullable(),
  quantity: decimal(),
  unitCode: ident().nullable(),
  unitPrice: decimal(),
  net: decimal(),
  vatRate: decimal(),
  vatCategory: ident().nullable(),
});
export type TReceivedInvoiceLine = z.infer<typeof ZReceivedInvoiceLine>;

export const ZReceivedVatBreakdown = z.object({
  category: ident().nullable(),
  rate: decimal(),
  base: decimal(),
  vat: decimal(),
  exemptionReason: text().nullable(),
});
export type TReceivedVatBreakdown = z.infer<typeof ZReceivedVatBreakdown>;

export const ZReceivedInvoiceTotals = z.object({
  lines: decimal(),
  allowances: decimal(),
  charges: decimal(),
  net: decimal(),
  vat: decimal(),
  gross: decimal(),
  prepaid: decimal(),
  duePayable: decimal(),
});
export type TReceivedInvoiceTotals = z.infer<typeof ZReceivedInvoiceTotals>;

export const EINVOICE_FAILURE_FLAGS = ['fatal', 'warning'] as const;
/**
 * Which check a failure comes from: the CII schema (and well-formedness), the EN 16931 rules, the Factur-X
 * EN 16931 profile (FX-SCH), the French CTC rules (BR-FR). The first two decide `valid`; the last two are the
 * rules an approved French platform adds, and decide `frCompliant`.
 */
export const EINVOICE_FAILURE_SOURCES = ['xsd', 'en16931', 'facturx', 'fr'] as const;
export type TEinvoiceFailureSource = (typeof EINVOICE_FAILURE_SOURCES)[number];
/** The checks of EN 16931 itself: a fatal failure of one of them makes a received invoice invalid. */
export const EN16931_SOURCES = ['xsd', 'en16931'] as const satisfies readonly TEinvoiceFailureSource[];
/** The checks a French platform adds: a fatal failure of one of them makes a received invoice not compliant. */
export const FRENCH_SOURCES = ['facturx', 'fr'] as const satisfies readonly TEinvoiceFailureSource[];

/**
 * One failed check: its rule id (BR-CO-15, CII-SR-001, XSD, FX-SCH-A-000020, BR-FR-08…), its text in French and as
 * the validator states it (English; French for the BR-FR rules, which exist only in French), and its check.
 */
export const ZEinvoiceFailure = z.object({
  ruleId: z.string().max(60),
  flag: z.enum(EINVOICE_FAILURE_FLAGS),
  message: z.string().max(2000),
  messageEn: z.string().max(2000),
  location: z.string().max(1000).nullable(),
  source: z.enum(EINVOICE_FAILURE_SOURCES),
});
export type TEinvoiceFailure = z.infer<typeof ZEinvoiceFailure>;

export const ZEinvoiceValidation = z.object({
  /** No fatal failure of the schema or of EN 16931: warnings alone leave an invoice valid. */
  valid: z.boolean(),
  failures: z.array(ZEinvoiceFailure),
  /** All failures found, when more than the RECEIVED_INVOICE_FAILURES_MAX kept. */
  failureCount: z.number().int(),
});
export type TEinvoiceValidation = z.infer<typeof ZEinvoiceValidation>;

/** One invoice line beside the line of the matched purchase order with the same reference. */
export const ZReceivedInvoiceOrderMatch = z.object({
  lineId: ident().nullable(),
  reference: ident().nullable(),
  designation: text().nullable(),
  /** Null when the order has no line of this reference. */
  ordered: z.number().int().nullable(),
  received: z.number().int().nullable(),
  invoiced: decimal(),
});
export type TReceivedInvoiceOrderMatch = z.infer<typeof ZReceivedInvoiceOrderMatch>;

export const ZReceivedInvoiceSummary = z.object({
  id: z.number().int(),
  /** Invoice number (BT-1). */
  number: ident().nullable(),
  /** 380 invoice, 381 credit note… (BT-3). */
  typeCode: ident().nullable(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  currency: ident().nullable(),
  sellerName: text().nullable(),
  sellerVatNumber: ident().nullable(),
  supplierId: z.number().int().nullable(),
  supplierName: z.string().nullable(),
  purchaseOrderId: z.number().int().nullable(),
  purchaseOrderNumber: z.string().nullable(),
  totalNet: decimal(),
  totalGross: decimal(),
  duePayable: decimal(),
  /** No fatal failure of the schema or of EN 16931 (the French rules do not count here: see `frCompliant`). */
  valid: z.boolean(),
  /** Fatal failures of the schema and EN 16931 (what makes it invalid). */
  errorCount: z.number().int(),
  /** Warnings of every check. */
  warningCount: z.number().int(),
  /**
   * Fatal failures of the rules a French platform adds (Factur-X profile, French CTC rules); null for an invoice
   * received before they were checked.
   */
  frErrorCount: z.number().int().nullable(),
  /** Passes the French platform rules (`frErrorCount` is 0); null when they were not checked. */
  frCompliant: z.boolean().nullable(),
  lineCount: z.number().int(),
  fileName: z.string().max(255),
  fileType: ZReceivedInvoiceFileType,
  receivedAt: z.string(),
});
export type TReceivedInvoiceSummary = z.infer<typeof ZReceivedInvoiceSummary>;

export const ZReceivedInvoice = ZReceivedInvoiceSummary.extend({
  seller: ZEinvoiceParty,
  buyer: ZEinvoiceParty,
  /** Purchase order reference (BT-13). */
  buyerOrderReference: ident().nullable(),
  /** Specification identifier (BT-24): the profile, e.g. urn:cen.eu:en16931:2017. */
  specification: z.string().max(200).nullable(),
  totals: ZReceivedInvoiceTotals,
  vatBreakdown: z.array(ZReceivedVatBreakdown),
  lines: z.array(ZReceivedInvoiceLine),
  validation: ZEinvoiceValidation,
  /** Lines beside the matched order's (empty without a matched order). */
  orderMatch: z.array(ZReceivedInvoiceOrderMatch),
  fileSize: z.number().int(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  receivedByName: z.string().nullable(),
  /** Its buyer is not our company, and it was received all the same once the user confirmed it (`confirmBuyer`). */
  buyerConfirmed: z.boolean(),
});
export type TReceivedInvoice = z.infer<typeof ZReceivedInvoice>;

/**
 * `POST /received-invoices` takes the file as multipart (`file`) and, in its query, `confirmBuyer=true` to keep an
 * invoice whose buyer is another company than ours (answered first with 409 `buyer_mismatch`).
 */
export const ZReceivedInvoiceUploadQuery = z.object({
  confirmBuyer: z.enum(['true', 'false']).optional(),
});
export type TReceivedInvoiceUploadQuery = z.infer<typeof ZReceivedInvoiceUploadQuery>;

/**
 * `params` of 409 `buyer_mismatch`: the buyer the invoice names and our company (from the company settings), and
 * what told them apart (a SIREN, a VAT number, or, without either, the name).
 */
export const ZBuyerMismatchParams = z.object({
  buyerName: z.string().nullable(),
  buyerSiren: z.string().nullable(),
  buyerVatNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  companySiren: z.string().nullable(),
  companyVatNumber: z.string().nullable(),
  by: z.enum(['siren', 'vatNumber', 'name']),
});
export type TBuyerMismatchParams = z.infer<typeof ZBuyerMismatchParams>;

/** `params` of 409 `received_invoice_not_ours`: an invoice our own company issued (its seller is us). */
export const ZNotOursParams = z.object({
  number: z.string().nullable(),
  sellerName: z.string().nullable(),
  sellerSiren: z.string().nullable(),
  sellerVatNumber: z.string().nullable(),
});
export type TNotOursParams = z.infer<typeof ZNotOursParams>;

export const ZReceivedInvoiceListQuery = ZListQuery.extend({
  supplierId: id().optional(),
  valid: z.enum(['true', 'false']).optional(),
});
export type TReceivedInvoiceListQuery = z.infer<typeof ZReceivedInvoiceListQuery>;
