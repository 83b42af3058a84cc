import type { TFunction } from 'i18next';
import {
  PURCHASE_ORDER_TRANSITIONS,
  type TPurchaseOrderRefusal,
  type TPurchaseOrderState,
  type TPurchaseOrderStatus,
  type TReceiptStatus,
} from '@tagstock/contract';
import { isQueryError } from '../../app/base-api';
import { problemMessage } from '../../components/notify';
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

const REFUSAL_KEYS: Record<TPurchaseOrderRefusal, string> = {
  no_lines: 'purchaseOrders.problems.noLines',
  received: 'purchaseOrders.problems.cancelReceived',
};

/**
 * Why a change of status failed, in the user's words: the server's 409 `invalid_transition` carries the two
 * statuses; the contract's rule for that change says what refused it for this order (the page offers only allowed
 * changes, so this is for an order changed meanwhile, e.g. received in another tab).
 */
export const transitionErrorMessage = (error: unknown, t: TFunction, order: TPurchaseOrderState): string => {
  if (isQueryError(error) && error.status === 409 && error.problem.code === 'invalid_transition') {
    const { from, to } = error.problem.params ?? {};
    const refusal = PURCHASE_ORDER_TRANSITIONS.find((rule) => rule.from === from && rule.to === to)?.refuse(order);
    if (refusal) return t(REFUSAL_KEYS[refusal]);
  }
  return problemMessage(error, t);
};
