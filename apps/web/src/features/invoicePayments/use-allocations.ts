import { useMemo, useState } from 'react';
import type { TInvoiceSummary } from '@tagstock/contract';
import { toDecimalInput } from '../../components/format';
import { autoAllocate, checkAllocations, fromCents } from './allocation';

/**
 * The allocations of an amount to a customer's unpaid invoices, as typed: `fill` spreads an amount over them,
 * oldest first; each can then be changed by hand; `check` says what is allocated and what stays on account.
 */
export const useAllocations = (
  invoices: readonly TInvoiceSummary[] | undefined,
  available: bigint | null,
  language: string,
) => {
  const [typed, setTyped] = useState<ReadonlyMap<number, string>>(new Map());
  const fill = (amount: bigint | null) => {
    if (amount === null || !invoices) return setTyped(new Map());
    const { allocations } = autoAllocate(amount, invoices);
    setTyped(
      new Map(
        [...allocations].map(([id, cents]) => [id, cents > 0n ? toDecimalInput(fromCents(cents), language) : '']),
      ),
    );
  };
  const onChange = (invoiceId: number, text: string) => setTyped(new Map(typed).set(invoiceId, text));
  const check = useMemo(() => checkAllocations(available, typed, invoices ?? []), [available, typed, invoices]);
  return { typed, fill, onChange, check, clear: () => setTyped(new Map()) };
};
