import type { TPaymentMode, TPaymentModeInput } from '@tagstock/contract';
import { createResourceApi } from '../../app/resource-api';

/** SPEC state group `mode` (modes). */
export const paymentModesApi = createResourceApi<TPaymentMode, TPaymentModeInput>({
  name: 'paymentModes',
  path: '/payment-modes',
  tag: 'PaymentModes',
});
