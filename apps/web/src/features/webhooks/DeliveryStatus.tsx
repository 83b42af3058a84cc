import type { TWebhookDeliveryStatus } from '@tagstock/contract';
import { statusChip, type StatusColors } from '../../components/StatusChip';

const COLORS: StatusColors<TWebhookDeliveryStatus> = {
  waiting: 'info',
  failed: 'warning',
  sent: 'success',
  given_up: 'error',
};

/** The status of a delivery: waiting, failed (tried again later), sent, given up. */
export const DeliveryStatus = statusChip<TWebhookDeliveryStatus>(COLORS, 'webhooks.statuses', 'delivery-status');
