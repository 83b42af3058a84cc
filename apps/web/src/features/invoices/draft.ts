import {
  ZInvoiceInput,
  type TBillingMode,
  type TInvoice,
  type TInvoiceInput,
  type TPaymentType,
} from '@tagstock/contract';
import type { PAYMENT_TERM_DAYS } from '@tagstock/contract';
import { typedId } from '../../components/documents/lines';
import {
  discountBody,
  discountDraftOf,
  noDiscount,
  type DiscountDraft,
} from '../../components/documents/DiscountEditor';
import { emptySalesLine, salesDraft, salesLinesOf, type SalesLine } from './sales-draft';

export type InvoiceHeader = {
  customerId: string;
  invoiceDate: string;
  billingDate: string;
  orderDate: string;
  paymentTermDays: (typeof PAYMENT_TERM_DAYS)[number];
  paymentModeId: string;
  paymentType: TPaymentType;
  deliveryAddress: string;
  discount: DiscountDraft;
  notes: string;
  /** BT-23 chosen on the invoice; '': derived from the lines (B1 goods, S1 services, M1 both). */
  billingMode: TBillingMode | '';
};

export type InvoiceDraft = { header: InvoiceHeader; lines: SalesLine[] };

export const newInvoiceDraft = (today: string, customerId = ''): InvoiceDraft => ({
  header: {
    customerId,
    invoiceDate: today,
    billingDate: '',
    orderDate: '',
    paymentTermDays: 30,
    paymentModeId: '',
    paymentType: 'sepa_transfer',
    deliveryAddress: '',
    discount: noDiscount(),
    notes: '',
    billingMode: '',
  },
  lines: [emptySalesLine()],
});

export const invoiceDraftOf = (invoice: TInvoice, language: string): InvoiceDraft => ({
  header: {
    customerId: String(invoice.customerId),
    invoiceDate: invoice.invoiceDate,
    billingDate: invoice.billingDate ?? '',
    orderDate: invoice.orderDate ?? '',
    paymentTermDays: invoice.paymentTermDays === 60 ? 60 : 30,
    paymentModeId: invoice.paymentModeId === null ? '' : String(invoice.paymentModeId),
    paymentType: invoice.paymentType,
    deliveryAddress: invoice.deliveryAddress ?? '',
    discount: discountDraftOf(invoice.discount, language),
    notes: invoice.notes ?? '',
    billingMode: invoice.billingModeDerived === false ? invoice.billingMode : '',
  },
  lines: salesLinesOf(invoice.lines, language),
});

/** The body the API takes; no amount is computed here (the server totals the invoice). */
export const invoiceKit = salesDraft<InvoiceHeader, TInvoiceInput>(ZInvoiceInput, (header) => ({
  customerId: typedId(header.customerId),
  invoiceDate: header.invoiceDate,
  billingDate: header.billingDate || null,
  orderDate: header.orderDate || null,
  paymentTermDays: header.paymentTermDays,
  paymentModeId: header.paymentModeId === '' ? null : typedId(header.paymentModeId),
  paymentType: header.paymentType,
  deliveryAddress: header.deliveryAddress.trim() || null,
  discount: discountBody(header.discount),
  notes: header.notes.trim() || null,
  billingMode: header.billingMode || null,
}));
