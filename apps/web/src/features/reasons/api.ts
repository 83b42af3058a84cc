import type { TReason, TReasonInput } from '@tagstock/contract';
import { createResourceApi } from '../../app/resource-api';

export const reasonsApi = createResourceApi<TReason, TReasonInput>({
  name: 'reasons',
  path: '/reasons',
  tag: 'Reasons',
});
