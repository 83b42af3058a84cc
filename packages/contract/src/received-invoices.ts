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
/** One failed check: its rule id (BR-CO-15, CII-SR-001, XSD…), its text in French and in English. */
export const ZEinvoiceFailure = z.object({
  ruleId: z.string().max(60),
  flag: z.enum(EINVOICE_FAILURE_FLAGS),
  message: z.string().max(2000),
  messageEn: z.string().max(2000),
  location: z.string().max(1000).nullable(),
});
export type TEinvoiceFailure = z.infer<typeof ZEinvoiceFailure>;

export const ZEinvoiceValidation = z.object({
  /** No fatal failure: warnings alone leave an invoice valid. */
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
  valid: z.boolean(),
  /** Fatal failures (what makes it invalid). */
  errorCount: z.number().int(),
  warningCount: z.number().int(),
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
});
export type TReceivedInvoice = z.infer<typeof ZReceivedInvoice>;

export const ZReceivedInvoiceListQuery = ZListQuery.extend({
  supplierId: id().optional(),
  valid: z.enum(['true', 'false']).optional(),
});
export type TReceivedInvoiceListQuery = z.infer<typeof ZReceivedInvoiceListQuery>;
