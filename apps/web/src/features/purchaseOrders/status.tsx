import type { TPurchaseOrderRefusal, TPurchaseOrderStatus, TReceiptStatus } from '@tagstock/contract';
import { DOCUMENT_STATUS_COLORS, statusChip } from '../../components/StatusChip';

export const OrderStatusChip = statusChip<TPurchaseOrderStatus>(
  DOCUMENT_STATUS_COLORS,
  'purchaseOrders.statuses',
  'order-status',
);
export const ReceiptStatusChip = statusChip<TReceiptStatus>(
  { not_received: 'default', partially_received: 'warning', received: 'success' },
  'purchaseOrders.receiptStatuses',
  'receipt-status',
);

/** Why the contract refuses a change of status for one order (an order changed meanwhile, in another tab). */
export const REFUSAL_KEYS: Record<TPurchaseOrderRefusal, string> = {
  no_lines: 'purchaseOrders.problems.noLines',
  received: 'purchaseOrders.problems.cancelReceived',
};
