import type { TReason, TReasonInput } from '@tagstock/contract';
import { createResourceApi } from '../../app/resource-api';
import { referenceOf } from '../../components/reference-source';

export const reasonsApi = createResourceApi<TReason, TReasonInput>({
  name: 'reasons',
  path: '/reasons',
  tag: 'Reasons',
});

const reasonRef = (kind: 'increment' | 'decrement') =>
  referenceOf(reasonsApi, (reason) => reason.label, 'label:asc', undefined, { kind });
/** Only the reasons the server accepts for one direction (the list's `kind` filter: that kind and 'both'). */
export const REASONS_FOR = { increment: reasonRef('increment'), decrement: reasonRef('decrement') };
