import { registerUsage } from '../../platform/usages';
import { articles } from '../articles/articles.schema';
import { paymentModes } from '../payment-modes/payment-modes.schema';
import { suppliers } from '../suppliers/suppliers.schema';
import { purchaseOrderLines, purchaseOrders } from './purchasing.schema';

/** What purchase orders name, shown before the supplier, payment mode or article is deleted. */
export function registerPurchasingUsages(): void {
  registerUsage(suppliers, { resource: 'purchaseOrders', table: purchaseOrders, column: purchaseOrders.supplierId });
  registerUsage(paymentModes, {
    resource: 'purchaseOrders',
    table: purchaseOrders,
    column: purchaseOrders.paymentModeId,
  });
  // Counted by lines, as it always was: an article on two lines of one order counts twice.
  registerUsage(articles, {
    resource: 'purchaseOrders',
    table: purchaseOrderLines,
    column: purchaseOrderLines.articleId,
  });
}
