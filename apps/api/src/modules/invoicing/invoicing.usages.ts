import { registerUsage } from '../../platform/usages';
import { articles } from '../articles/articles.schema';
import { customers } from '../customers/customers.schema';
import { paymentModes } from '../payment-modes/payment-modes.schema';
import { invoiceLines, invoices, payments, proformaLines, proformas } from './invoicing.schema';

/** What sales documents name, shown before a customer, a payment mode or an article is deleted. */
export function registerInvoicingUsages(): void {
  registerUsage(customers, { resource: 'invoices', table: invoices, column: invoices.customerId });
  registerUsage(customers, { resource: 'proformas', table: proformas, column: proformas.customerId });
  registerUsage(customers, { resource: 'payments', table: payments, column: payments.customerId });
  registerUsage(paymentModes, { resource: 'invoices', table: invoices, column: invoices.paymentModeId });
  registerUsage(paymentModes, { resource: 'payments', table: payments, column: payments.paymentModeId });
  registerUsage(articles, { resource: 'invoices', table: invoiceLines, column: invoiceLines.articleId });
  registerUsage(articles, { resource: 'proformas', table: proformaLines, column: proformaLines.articleId });
}
