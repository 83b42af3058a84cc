/**
 * Money typed on the invoice payment screen, in whole cents (BigInt): never through a float. The server checks
 * every amount again; these only prefill and explain.
 */

/** An amount typed with a comma or a dot ("1 234,5") in cents; null when it is not an amount with at most 2 decimals. */
export const toCents = (text: string): bigint | null => {
  const m = /^(\d{1,10})(?:[.,](\d{0,2}))?$/.exec(text.trim().replace(/[\s\u00a0\u202f]/g, ''));
  if (!m) return null;
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
};

/** Cents as the contract's decimal text ("1234.50"). */
export const fromCents = (cents: bigint): string => {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** An unpaid invoice as the allocation sees it. */
export type Owed = { id: number; invoiceDate: string; amountDue: string };

/** The oldest invoice first (then the first numbered): the order in which a payment settles them. */
export const oldestFirst = <I extends Owed>(invoices: readonly I[]): I[] =>
  [...invoices].sort((a, b) => a.invoiceDate.localeCompare(b.invoiceDate) || a.id - b.id);

/**
 * Spreads an amount over the invoices, oldest first, each up to what it still owes: the allocation of each
 * invoice (zero for those the amount does not reach) and what is left over, which stays on account.
 */
export const autoAllocate = (amount: bigint, invoices: readonly Owed[]) => {
  let left = amount;
  const allocations = new Map<number, bigint>();
  for (const invoice of oldestFirst(invoices)) {
    const due = toCents(invoice.amountDue) ?? 0n;
    const share = left < due ? left : due;
    allocations.set(invoice.id, share);
    left -= share;
  }
  return { allocations, left };
};

/** What the typed allocations come to. */
export type AllocationCheck = {
  /** Σ of the valid allocations. */
  allocated: bigint;
  /** What stays on account: the amount less what is allocated (negative when more is allocated than received). */
  onAccount: bigint | null;
  /** Per invoice id: why its allocation cannot be sent. */
  errors: Map<number, string>;
};

/**
 * Checks the allocations as typed against the invoices and the amount received: each a valid amount, at most what
 * its invoice still owes; together at most the amount (`available`: the payment's amount, or what it has on
 * account).
 */
export const checkAllocations = (
  available: bigint | null,
  typed: ReadonlyMap<number, string>,
  invoices: readonly Owed[],
): AllocationCheck => {
  let allocated = 0n;
  const errors = new Map<number, string>();
  for (const invoice of invoices) {
    const text = typed.get(invoice.id)?.trim() ?? '';
    if (text === '') continue;
    const cents = toCents(text);
    if (cents === null) errors.set(invoice.id, 'validation.invalidAmount');
    else if (cents > (toCents(invoice.amountDue) ?? 0n)) errors.set(invoice.id, 'invoicePayments.moreThanDue');
    else allocated += cents;
  }
  return { allocated, onAccount: available === null ? null : available - allocated, errors };
};

/** The allocations to send: the invoices given a positive amount, as decimal text. */
export const allocationsToSend = (typed: ReadonlyMap<number, string>) =>
  [...typed].flatMap(([invoiceId, text]) => {
    const cents = toCents(text);
    return cents !== null && cents > 0n ? [{ invoiceId, amount: fromCents(cents) }] : [];
  });
