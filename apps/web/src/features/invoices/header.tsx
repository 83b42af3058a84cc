import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { BILLING_MODES, PAYMENT_TERM_DAYS, PAYMENT_TYPES, type TInvoice } from '@tagstock/contract';
import { customerField, discountField, type HeaderField } from '../../components/documents/DocumentHeader';
import { formatDate, formatDateTime } from '../../components/format';
import { activePaymentModeRef } from '../purchaseOrders/api';
import type { InvoiceHeader } from './draft';

const QUARTER = { xs: 12, sm: 6, md: 3 } as const;

/**
 * The header: customer, dates, terms and means of payment, delivery address, discount, billing mode, notes; read
 * only, also the due date, the proforma it came from, who created it and when it was issued.
 */
export const INVOICE_HEADER: HeaderField<InvoiceHeader, TInvoice>[] = [
  { ...customerField<InvoiceHeader, TInvoice>(), testId: 'invoice-customer' },
  {
    name: 'invoiceDate',
    label: 'invoices.invoiceDate',
    kind: 'date',
    required: true,
    helper: 'invoices.invoiceDateHelp',
    size: QUARTER,
  },
  {
    name: 'dueDate',
    label: 'invoices.dueDate',
    kind: 'fact',
    show: (invoice, language) => formatDate(invoice.dueDate, language),
    testId: 'invoice-due-date',
  },
  {
    name: 'billingDate',
    label: 'invoices.billingDate',
    kind: 'date',
    helper: 'invoices.billingDateHelp',
    size: QUARTER,
    show: (invoice, language) => formatDate(invoice.billingDate ?? invoice.invoiceDate, language),
  },
  {
    name: 'orderDate',
    label: 'invoices.orderDate',
    kind: 'date',
    size: QUARTER,
    show: (invoice, language) => (invoice.orderDate ? formatDate(invoice.orderDate, language) : null),
  },
  {
    name: 'paymentTermDays',
    label: 'invoices.paymentTerm',
    kind: 'select',
    options: PAYMENT_TERM_DAYS,
    optionLabels: (days, t) => t('invoices.paymentTermDays', { count: Number(days) }),
    set: (days) => ({ paymentTermDays: Number(days) === 60 ? 60 : 30 }),
    size: QUARTER,
  },
  // How it is to be paid, as the PDF says it; the tenant's own payment mode only when one was chosen.
  {
    name: 'paymentType',
    label: 'invoices.paymentType',
    kind: 'select',
    options: PAYMENT_TYPES,
    optionLabels: 'invoices.paymentTypes',
    size: QUARTER,
    testId: 'invoice-payment-type',
  },
  {
    name: 'paymentModeId',
    label: 'invoices.paymentMode',
    kind: 'reference',
    source: activePaymentModeRef,
    helper: 'invoices.paymentModeHelp',
    size: QUARTER,
    show: (invoice) => invoice.paymentModeLabel,
    testId: 'invoice-payment-mode',
  },
  {
    name: 'deliveryAddress',
    label: 'invoices.deliveryAddress',
    kind: 'notes',
    labelled: true,
    minRows: 2,
    maxLength: 300,
    helper: 'invoices.deliveryAddressHelp',
  },
  discountField(),
  // None chosen: the mode the saved lines give (B1 goods, S1 services, M1 both), which the form names.
  {
    name: 'billingMode',
    label: 'invoices.billingMode',
    kind: 'select',
    options: BILLING_MODES,
    optionLabels: 'invoices.billingModes',
    empty: 'invoices.billingModes.auto',
    helper: (header, invoice, t) =>
      header.billingMode === '' && invoice?.billingModeDerived
        ? t('invoices.billingModeDerived', { mode: t(`invoices.billingModes.${invoice.billingMode}`) })
        : undefined,
    show: false,
  },
  { name: 'notes', label: 'invoices.notes', kind: 'notes', size: 12 },
  {
    name: 'proforma',
    label: 'invoices.proforma',
    kind: 'fact',
    show: (invoice) =>
      invoice.proformaId === null ? null : (
        <Link component={RouterLink} to={`/admin/proformas/${invoice.proformaId}`}>
          {invoice.proformaNumber}
        </Link>
      ),
    testId: 'invoice-proforma',
  },
  { name: 'createdBy', label: 'invoices.createdBy', kind: 'fact', show: (invoice) => invoice.createdByName ?? '—' },
  {
    name: 'issuedAt',
    label: 'invoices.issuedAt',
    kind: 'fact',
    show: (invoice, language) => (invoice.issuedAt ? formatDateTime(invoice.issuedAt, language) : null),
  },
];
