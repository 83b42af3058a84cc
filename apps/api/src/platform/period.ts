import { badRequest } from './errors';

/** UTC day bounds of a dashboard period (`startDate`, `endDate`, both optional): the last 30 days by default. */
export function period(q: { startDate?: string; endDate?: string }): { from: string; to: string } {
  const to = q.endDate ?? new Date().toISOString().slice(0, 10);
  const from = q.startDate ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  if (from > to)
    throw badRequest('invalid_period', 'startDate is after endDate', [
      { field: 'startDate', message: 'after endDate', code: 'end_before_start' },
    ]);
  if (Date.parse(to) - Date.parse(from) > 366 * 86_400_000)
    throw badRequest('invalid_period', 'The period is limited to one year', [
      { field: 'startDate', message: 'too far', code: 'too_large', params: { maximum: 366 } },
    ]);
  return { from, to };
}
