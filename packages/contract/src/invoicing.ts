import { z } from 'zod';
import { ZListQuery } from './common';
import {
  documentKind,
  DOCUMENT_LINES_MAX,
  nextStatuses,
  ZDocumentLine,
  ZDocumentLineInput,
  ZDocumentTotals,
  ZStatusChangeBody,
  type TDocumentTransition,
} from './documents';
import { amount, id, isoDate, optionalId, optionalText, quantity, stamp, str } from './fields';
import {
  VAT_EXEMPTIONS,
  ZFrenchVatRate,
  ZVatExemption,
  ZVatExemptionInput,
  type TArticleNature,
  type TCustomerKind,
} from './einvoicing';
import { reservationChoice } from './reservations';

/**
 * Sales documents (SPEC §3, state groups `invoice`, `avoir`): proformas, invoices, credit notes and the payments
 * of invoices. All are document types of the kit (priced lines, totals per VAT category and rate) with a
 * discount on the whole document; invoices and credit notes are numbered without gaps when they are issued.
 */

// — Discount and terms —

export const DISCOUNT_TYPES = ['percent', 'amount'] as const;
/** A discount on the whole document, before VAT, spread over its rates: a percentage (≤ 100) or an amount. */
export const ZDocumentDiscountInput = z
  .strictObject({ type: z.enum(DISCOUNT_TYPES), value: amount(12, 2) })
  .refine((d) => d.type === 'amount' || Number(d.value) <= 100, {
    message: 'a percentage is at most 100',
    path: ['value'],
  })
  .nullish()
  .transform((d) => (d && Number(d.value) > 0 ? d : null));
export const ZDocumentDiscount = z.object({ type: z.enum(DISCOUNT_TYPES), value: z.string() }).nullable();
export type TDocumentDiscount = z.infer<typeof ZDocumentDiscount>;

/** SPEC §3: payment deadlines of 30 or 60 days after the invoice date. */
export const PAYMENT_TERM_DAYS = [30, 60] as const;
export const ZPaymentTermDays = z.union([z.literal(30), z.literal(60)]);
/**
 * The payment type (SPEC §3 "payment type"): the means of payment as EN 16931 codes it (BT-81, UNTDID 4461),
 * printed and written into the Factur-X; the payment mode is the tenant's own label list.
 */
export const PAYMENT_TYPES = ['sepa_transfer', 'transfer', 'direct_debit', 'card', 'cheque', 'cash'] as const;
export const ZPaymentType = z.enum(PAYMENT_TYPES);
export type TPaymentType = z.infer<typeof ZPaymentType>;
/** The UNTDID 4461 code of each payment type (BT-81), as the Factur-X states it. */
export const PAYMENT_TYPE_CODES: Record<TPaymentType, string> = {
  sepa_transfer: '58',
  transfer: '30',
  direct_debit: '59',
  card: '48',
  cheque: '20',
  cash: '10',
};

/** Totals of a sales document: the kit's, with the line total and the discount taken off it (BT-106, BT-107). */
export const ZSalesTotals = ZDocumentTotals.extend({ lineTotal: z.string(), allowanceTotal: z.string() });
export type TSalesTotals = z.infer<typeof ZSalesTotals>;

// — E-invoicing (EN 16931 and the French CTC rules) —

/**
 * The billing mode (BT-23, "cadre de facturation") of a simple invoice: B1 goods, S1 services, M1 both. Derived
 * from the lines' articles (an article, else its category, says goods or service; else the company's supply
 * kind) unless chosen.
 */
export const BILLING_MODES = ['B1', 'S1', 'M1'] as const;
export const ZBillingMode = z.enum(BILLING_MODES);
export type TBillingMode = z.infer<typeof ZBillingMode>;
const optionalBillingMode = ZBillingMode.nullish().transform((v) => v ?? null);

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

/** The processing note BAR (French rules): a French company, a company abroad, or a person. */
export type TBuyerTreatment = 'B2B' | 'B2BINT' | 'B2C';
export const buyerTreatment = (c: { kind: TCustomerKind; country: string | null }): TBuyerTreatment =>
  c.kind === 'person' ? 'B2C' : countryCode(c.country) === 'FR' ? 'B2B' : 'B2BINT';

/** What an invoice needs of its customer, as the customer screen and `customer_incomplete` name the fields. */
export type TInvoicingCustomer = {
  kind: TCustomerKind;
  address: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  siren: string | null;
  email: string | null;
  electronicAddress: string | null;
};
/**
 * The customer's fields an invoice cannot be issued without: the address; a French company's SIREN (BR-FR-11,
 * its electronic address by default); for the others an electronic address or an email (BR-FR-12).
 */
export function customerMissingForInvoicing(c: TInvoicingCustomer): string[] {
  const missing: string[] = (['address', 'postcode', 'city'] as const).filter((f) => !c[f]);
  if (buyerTreatment(c) === 'B2B') {
    if (!c.siren) missing.push('siren');
  } else if (!c.electronicAddress && !c.email) missing.push('electronicAddress');
  return missing;
}

/**
 * The billing mode of lines of these natures (null: the article and its category do not say; the company's
 * supply kind decides: services, else goods): S1 all services, M1 both, B1 all goods. A company that opted for
 * VAT on debits pays the VAT of its services when it invoices, as for goods: its services count as goods (B1).
 */
export function billingModeOf(
  natures: readonly (TArticleNature | null)[],
  company: { supplyKind: 'goods' | 'services' | 'both' | null; vatOnDebits: boolean },
): TBillingMode {
  if (company.vatOnDebits) return 'B1';
  const fallback: TArticleNature = company.supplyKind === 'services' ? 'service' : 'goods';
  const known = new Set(natures.map((n) => n ?? fallback));
  if (known.has('service')) return known.has('goods') ? 'M1' : 'S1';
  return 'B1';
}

/** What a draft invoice lacks before it can be issued, shown before the click (empty lists: it can be issued). */
export const ZMissingForIssue = z.object({ company: z.array(z.string()), customer: z.array(z.string()) });
export type TMissingForIssue = z.infer<typeof ZMissingForIssue>;

/**
 * A sales line: a French VAT rate (BR-FR-16) and, at 0 %, the legal basis of the exemption (BT-120/121): typed on
 * the line, else the customer's, else the article's; its category follows from it (E, K, AE, G).
 */
export const ZSalesLineInput = ZDocumentLineInput.extend({
  vatRate: ZFrenchVatRate,
  vatExemption: ZVatExemptionInput.nullish().transform((v) => v ?? null),
}).superRefine((l, ctx) => {
  if (l.vatExemption && Number(l.vatRate) !== 0)
    ctx.addIssue({ code: 'custom', path: ['vatExemption'], message: 'an exempt line has a VAT rate of 0' });
});
export type TSalesLineInput = z.input<typeof ZSalesLineInput>;
/** A sales line as stored: its exemption (code and text) when it carries no VAT. */
export const ZSalesLine = ZDocumentLine.extend({ vatExemption: ZVatExemption.nullable() });
export type TSalesLine = z.infer<typeof ZSalesLine>;
/** The exemption a category-and-rate row of the breakdown states. */
export const exemptionCategory = (code: keyof typeof VAT_EXEMPTIONS) => VAT_EXEMPTIONS[code].category;

const salesLines = z.array(ZSalesLineInput).max(DOCUMENT_LINES_MAX).default([]);

// — Proformas —

/** Open (editable, convertible), converted to an invoice (once), or canceled. */
export const PROFORMA_STATUSES = ['open', 'converted', 'canceled'] as const;
export const PROFORMA_KIND = documentKind({
  name: 'proformas',
  resource: 'invoices',
  entity: 'proforma',
  statuses: PROFORMA_STATUSES,
});
export const ZProformaStatus = z.enum(PROFORMA_STATUSES);
export type TProformaStatus = z.infer<typeof ZProformaStatus>;

export const ZProformaInput = z.strictObject({
  customerId: id(),
  proformaDate: isoDate(),
  validUntil: isoDate()
    .nullish()
    .transform((v) => v ?? null),
  discount: ZDocumentDiscountInput,
  notes: optionalText(2000),
  lines: salesLines,
});
export type TProformaInput = z.input<typeof ZProformaInput>;

export const ZProformaSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  proformaDate: z.string(),
  validUntil: z.string().nullable(),
  status: ZProformaStatus,
  totalNet: z.string(),
  totalVat: z.string(),
  totalGross: z.string(),
  lineCount: z.number().int(),
  /** The invoice it was converted to. */
  invoiceId: z.number().int().nullable(),
  ...stamp,
});
export type TProformaSummary = z.infer<typeof ZProformaSummary>;
export const ZProforma = ZProformaSummary.extend({
  discount: ZDocumentDiscount,
  notes: z.string().nullable(),
  lines: z.array(ZSalesLine),
  totals: ZSalesTotals,
  invoiceNumber: z.string().nullable(),
  createdByName: z.string().nullable(),
});
export type TProforma = z.infer<typeof ZProforma>;
export const ZProformaListQuery = ZListQuery.extend({
  status: ZProformaStatus.optional(),
  customerId: id().optional(),
});
export const PROFORMA_TRANSITIONS: readonly TDocumentTransition<TProformaStatus>[] = [
  { from: 'open', to: 'canceled' },
  { from: 'canceled', to: 'open' },
];
export const ZProformaStatusChange = ZStatusChangeBody(['open', 'canceled'] as const);
/**
 * Converting a proforma creates its invoice: the proforma's reservations follow it into the invoice, and lines
 * beyond what is available ask for confirmation as at an invoice's creation (`POST /proformas/:id/convert`).
 */
export const ZConvertBody = z.strictObject({ ...reservationChoice }).nullish();
export type TConvertBody = z.input<typeof ZConvertBody>;
export const ZConvertResult = z.object({ invoiceId: z.number().int() });

// — Invoices —

/**
 * Draft (no number, editable, deletable) → issued (numbered without gaps, immutable) → canceled, only by credit
 * notes for its whole amount. Paid or not is the payment label, from the payments.
 */
export const INVOICE_STATUSES = ['draft', 'issued', 'canceled'] as const;
/** Invoices register the entity of their payments' log too. */
export const INVOICE_KIND = documentKind({
  name: 'invoices',
  resource: 'invoices',
  entity: 'invoice',
  logs: ['payment'],
  statuses: INVOICE_STATUSES,
});
export const ZInvoiceStatus = z.enum(INVOICE_STATUSES);
export type TInvoiceStatus = z.infer<typeof ZInvoiceStatus>;

/**
 * SPEC payment labels, computed by the server from the due date, the amount not paid and the payments (the
 * threshold of 3 days), each saying what happened to that invoice: paid; paid, and a credit note put part of what
 * it was paid back on the customer's account (on account); overdue by `days`; partially paid;
 * due within 3 days (`days` left, 0 = due today); `days` left.
 */
export const PAYMENT_LABELS = ['paid', 'overdue', 'on_account', 'partial', 'due_soon', 'days_left'] as const;
export const ZPaymentLabelCode = z.enum(PAYMENT_LABELS);
export type TPaymentLabelCode = z.infer<typeof ZPaymentLabelCode>;
export const ZPaymentLabel = z.object({ code: ZPaymentLabelCode, days: z.number().int().optional() });
export type TPaymentLabel = z.infer<typeof ZPaymentLabel>;
/** Days before the due date from which an invoice is "3 days or less left" (SPEC). */
export const DUE_SOON_DAYS = 3;

const address = optionalText(300);

export const ZInvoiceInput = z.strictObject({
  customerId: id(),
  /** The date the invoice will bear; issuing dates it on the day it is issued (numbers follow dates). */
  invoiceDate: isoDate(),
  /** The date of the sale or delivery it bills (BT-72); none: the invoice date. */
  billingDate: isoDate()
    .nullish()
    .transform((v) => v ?? null),
  orderDate: isoDate()
    .nullish()
    .transform((v) => v ?? null),
  paymentTermDays: ZPaymentTermDays.default(30),
  paymentModeId: optionalId,
  paymentType: ZPaymentType.default('sepa_transfer'),
  /** Where the goods go, when not the customer's address (printed, BG-15); none: the customer's delivery address. */
  deliveryAddress: address,
  discount: ZDocumentDiscountInput,
  notes: optionalText(2000),
  /** BT-23; none: derived from the lines (B1 goods, S1 services, M1 both). */
  billingMode: optionalBillingMode,
  lines: salesLines,
  /** Lines beyond what is available: go on without reserving, or reserve what is available (creation only). */
  ...reservationChoice,
});
export type TInvoiceInput = z.input<typeof ZInvoiceInput>;

export const ZInvoiceSummary = z.object({
  id: z.number().int(),
  /** None while a draft. */
  number: z.string().nullable(),
  status: ZInvoiceStatus,
  customerId: z.number().int(),
  customerName: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  paymentTermDays: z.number().int(),
  totalNet: z.string(),
  totalVat: z.string(),
  totalGross: z.string(),
  amountPaid: z.string(),
  amountCredited: z.string(),
  /** What the customer still owes: gross − credited − paid (SPEC "amount not paid"). */
  amountDue: z.string(),
  /** None on drafts and on invoices canceled by a credit note. */
  paymentLabel: ZPaymentLabel.nullable(),
  proformaId: z.number().int().nullable(),
  proformaNumber: z.string().nullable(),
  lineCount: z.number().int(),
  ...stamp,
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

export const ZInvoiceLine = ZSalesLine.extend({
  /** Units already credited by issued credit notes. */
  creditedQuantity: z.number().int(),
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

export const ZInvoice = ZInvoiceSummary.extend({
  billingDate: z.string().nullable(),
  orderDate: z.string().nullable(),
  paymentModeId: z.number().int().nullable(),
  paymentModeLabel: z.string().nullable(),
  paymentType: ZPaymentType,
  deliveryAddress: z.string().nullable(),
  discount: ZDocumentDiscount,
  notes: z.string().nullable(),
  /** BT-23: the one chosen, else derived from the lines; fixed when issued. */
  billingMode: ZBillingMode,
  /** Whether `billingMode` follows the lines (none chosen). */
  billingModeDerived: z.boolean(),
  /** A draft's: what the company settings and the customer lack before it can be issued; null once issued. */
  missingForIssue: ZMissingForIssue.nullable(),
  lines: z.array(ZInvoiceLine),
  totals: ZSalesTotals,
  issuedAt: z.string().nullable(),
  creditNotes: z.array(
    z.object({ id: z.number().int(), number: z.string().nullable(), status: z.string(), totalGross: z.string() }),
  ),
  createdByName: z.string().nullable(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZInvoiceListQuery = ZListQuery.extend({
  status: ZInvoiceStatus.optional(),
  customerId: id().optional(),
  paymentLabel: ZPaymentLabelCode.optional(),
  /** Invoices with something left to pay (the invoice payment screen). */
  unpaid: z.enum(['true', 'false']).optional(),
});
export type TInvoiceListQuery = z.infer<typeof ZInvoiceListQuery>;

export type TInvoiceState = { lineCount: number };
export const INVOICE_TRANSITIONS: readonly TDocumentTransition<TInvoiceStatus, TInvoiceState, 'no_lines'>[] = [
  { from: 'draft', to: 'issued', refuse: (i) => (i.lineCount === 0 ? 'no_lines' : null) },
];
export const invoiceNextStatuses = (invoice: TInvoiceState & { status: TInvoiceStatus }) =>
  nextStatuses(INVOICE_TRANSITIONS, invoice);
export const ZInvoiceStatusChange = ZStatusChangeBody(['issued'] as const);

// — Company settings that invoicing needs (French mentions, Factur-X) —

/** The company settings an invoice cannot be issued without (400 `company_incomplete` names the missing ones). */
export const INVOICING_COMPANY_FIELDS = [
  'name',
  'address',
  'postcode',
  'city',
  'siren',
  'vatNumber',
  'legalForm',
  'shareCapital',
  'rcsCity',
  'latePenaltyRate',
  'supplyKind',
  'iban',
  'bic',
] as const;
export type TInvoicingCompanyField = (typeof INVOICING_COMPANY_FIELDS)[number];
/** The invoicing settings that a company's settings lack (empty: invoices can be issued). */
export const companyMissingForInvoicing = (settings: Partial<Record<TInvoicingCompanyField, unknown>>) =>
  INVOICING_COMPANY_FIELDS.filter((f) => settings[f] === null || settings[f] === undefined || settings[f] === '');

// — Payments —

/**
 * Money that changes hands (a payment, an allocation, a refund): above 0, in cents, as the `numeric(22, 2)`
 * columns hold it; "0", "-1" or "1.001" are a 400, not an amount rounded or refused by the database.
 */
export const ZPaidAmount = str()
  .trim()
  .regex(/^(?!0*\.?0*$)\d{1,10}(\.\d{1,2})?$/, 'expected an amount above 0 like 12.50 (2 decimals at most)');
export const ZPaymentAllocationInput = z.strictObject({ invoiceId: id(), amount: ZPaidAmount });

/** One payment on one invoice (`POST /invoices/:id/payments`). */
export const ZInvoicePaymentInput = z.strictObject({
  paymentDate: isoDate(),
  amount: ZPaidAmount,
  paymentModeId: id(),
  reference: optionalText(120),
});
export type TInvoicePaymentInput = z.input<typeof ZInvoicePaymentInput>;

/**
 * A payment received from a customer (the invoice payment screen): allocated to one or several of its
 * invoices; what is not allocated stays on account, to be allocated later.
 */
export const ZPaymentInput = z.strictObject({
  customerId: id(),
  paymentDate: isoDate(),
  amount: ZPaidAmount,
  paymentModeId: id(),
  reference: optionalText(120),
  allocations: z.array(ZPaymentAllocationInput).max(500).default([]),
});
export type TPaymentInput = z.input<typeof ZPaymentInput>;
export const ZAllocationInput = z.strictObject({ allocations: z.array(ZPaymentAllocationInput).min(1).max(500) });
export type TAllocationInput = z.input<typeof ZAllocationInput>;
/** Money on account paid back to the customer: at most what the payment still has on account. */
export const ZRefundInput = z.strictObject({
  refundDate: isoDate(),
  amount: ZPaidAmount,
  paymentModeId: id(),
  reference: optionalText(120),
});
export type TRefundInput = z.input<typeof ZRefundInput>;

export const ZPayment = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  paymentDate: z.string(),
  amount: z.string(),
  /** Still on account: received, not yet allocated to an invoice. */
  unallocated: z.string(),
  paymentModeId: z.number().int(),
  paymentModeLabel: z.string(),
  reference: z.string().nullable(),
  /** Its allocations to invoices; a negative one gave money back to the account (`creditNoteNumber`). */
  allocations: z.array(
    z.object({
      invoiceId: z.number().int(),
      invoiceNumber: z.string().nullable(),
      amount: z.string(),
      creditNoteNumber: z.string().nullable(),
    }),
  ),
  /** What was paid back to the customer from it, oldest first. */
  refunds: z.array(
    z.object({
      id: z.number().int(),
      refundDate: z.string(),
      amount: z.string(),
      paymentModeLabel: z.string(),
      reference: z.string().nullable(),
    }),
  ),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type TPayment = z.infer<typeof ZPayment>;
export const ZPaymentListQuery = ZListQuery.extend({
  customerId: id().optional(),
  onAccount: z.enum(['true', 'false']).optional(),
});

/** A payment as an invoice's payment history shows it: the share of a payment allocated to this invoice. */
export const ZInvoicePayment = z.object({
  id: z.number().int(),
  paymentId: z.number().int(),
  paymentDate: z.string(),
  amount: z.string(),
  /** The whole payment, when it paid other invoices too or was received on account. */
  paymentAmount: z.string(),
  paymentModeLabel: z.string(),
  reference: z.string().nullable(),
  /**
   * A credit note that gave part of this payment back to the customer's account (the amount is then negative and
   * the date the credit note's): the invoice was paid more than was left after it.
   */
  creditNoteNumber: z.string().nullable(),
  /** That credit note, for a link to it. */
  creditNoteId: z.number().int().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type TInvoicePayment = z.infer<typeof ZInvoicePayment>;

// — Credit notes —

export const CREDIT_NOTE_STATUSES = ['draft', 'issued'] as const;
export const CREDIT_NOTE_KIND = documentKind({
  name: 'creditNotes',
  resource: 'invoices',
  entity: 'credit_note',
  statuses: CREDIT_NOTE_STATUSES,
});
export const ZCreditNoteStatus = z.enum(CREDIT_NOTE_STATUSES);
export type TCreditNoteStatus = z.infer<typeof ZCreditNoteStatus>;

/** The whole invoice (what is left of it), or some of its lines and quantities. */
export const ZCreditNoteInput = z.union([
  z.strictObject({ invoiceId: id(), full: z.literal(true), reason: optionalText(300) }),
  z.strictObject({
    invoiceId: id(),
    reason: optionalText(300),
    lines: z
      .array(z.strictObject({ invoiceLineId: id(), quantity: quantity(true) }))
      .min(1)
      .max(DOCUMENT_LINES_MAX),
  }),
]);
export type TCreditNoteInput = z.input<typeof ZCreditNoteInput>;

export const ZCreditNoteSummary = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  status: ZCreditNoteStatus,
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  creditDate: z.string(),
  totalNet: z.string(),
  totalVat: z.string(),
  totalGross: z.string(),
  lineCount: z.number().int(),
  ...stamp,
});
export type TCreditNoteSummary = z.infer<typeof ZCreditNoteSummary>;
export const ZCreditNoteLine = ZSalesLine.extend({ invoiceLineId: z.number().int() });
export const ZCreditNote = ZCreditNoteSummary.extend({
  reason: z.string().nullable(),
  /** BT-23: the invoice's it corrects. */
  billingMode: ZBillingMode,
  /** When it was issued: the date its PDF bears, the same at every download. */
  issuedAt: z.string().nullable(),
  /** What issuing it gave back on the customer's account: the invoice had been paid beyond what it left to pay. */
  releasedToAccount: z.string(),
  lines: z.array(ZCreditNoteLine),
  totals: ZSalesTotals,
  createdByName: z.string().nullable(),
});
export type TCreditNote = z.infer<typeof ZCreditNote>;
export const ZCreditNoteListQuery = ZListQuery.extend({
  status: ZCreditNoteStatus.optional(),
  invoiceId: id().optional(),
  customerId: id().optional(),
});
export const CREDIT_NOTE_TRANSITIONS: readonly TDocumentTransition<TCreditNoteStatus>[] = [
  { from: 'draft', to: 'issued' },
];
export const ZCreditNoteStatusChange = ZStatusChangeBody(['issued'] as const);

// — Invoicing dashboard (SPEC §7 paths) —

/** Paid against invoiced, excluding tax, of the invoices issued in the period. */
export const ZInvoicedVsPaid = z.object({
  startDate: z.string(),
  endDate: z.string(),
  invoices: z.number().int(),
  invoicedNet: z.string(),
  /** The share of the net that is paid: net × paid / gross, per invoice. */
  paidNet: z.string(),
  invoicedGross: z.string(),
  paidGross: z.string(),
});
export type TInvoicedVsPaid = z.infer<typeof ZInvoicedVsPaid>;
/** Invoices of the period paid in part: how many, what was paid and what is left. */
export const ZPartiallyPaid = z.object({
  startDate: z.string(),
  endDate: z.string(),
  count: z.number().int(),
  amountPaid: z.string(),
  amountDue: z.string(),
});
export type TPartiallyPaid = z.infer<typeof ZPartiallyPaid>;
/** Invoices due in the period (by due date), past it with something left to pay; the most late first. */
export const ZLateInvoices = z.object({
  startDate: z.string(),
  endDate: z.string(),
  count: z.number().int(),
  amountDue: z.string(),
  items: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      customerName: z.string(),
      dueDate: z.string(),
      daysLate: z.number().int(),
      amountDue: z.string(),
    }),
  ),
});
export type TLateInvoices = z.infer<typeof ZLateInvoices>;
