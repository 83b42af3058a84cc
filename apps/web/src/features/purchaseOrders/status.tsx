import type { TFunction } from 'i18next';
import type { TPurchaseOrderStatus, TReceiptStatus } from '@tagstock/contract';
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

/**
 * Why a change of status failed, in the user's words: the server's 409 `invalid_transition` carries the two
 * statuses; the order's state tells which rule refused it (nothing received before canceling, lines before sending).
 */
export const transitionErrorMessage = (
  error: unknown,
  t: TFunction,
  order: { lineCount: number; receiptStatus: TReceiptStatus },
): string => {
  if (isQueryError(error) && error.status === 409 && error.problem.code === 'invalid_transition') {
    const { from, to } = error.problem.params ?? {};
    if (from === 'done' && to === 'canceled' && order.receiptStatus !== 'not_received')
      return t('purchaseOrders.problems.cancelReceived');
    if (from === 'in_progress' && to === 'done' && order.lineCount === 0) return t('purchaseOrders.problems.noLines');
  }
  return problemMessage(error, t);
};
