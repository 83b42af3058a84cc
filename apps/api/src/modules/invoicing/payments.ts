import { sql } from 'drizzle-orm';
import { Decimal } from 'decimal.js';
import {
  ZAllocationInput,
  ZInvoicePaymentInput,
  ZPaymentInput,
  ZRefundInput,
  type TAllocationInput,
  type TInvoicePayment,
  type TInvoicePaymentInput,
  type TList,
  type TPayment,
  type TPaymentInput,
  type TRefundInput,
} from '@tagstock/contract';
import { queryRows, type Db, type Tx } from '../../db/client';
import { isoUtc, jsonList, jsonRows } from '../../db/sql-fragments';
import { logActivity } from '../../platform/activity-log';
import { tenantScope, type AuthContext } from '../../platform/auth';
import { missingReferences } from '../../platform/documents/references';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { paginate } from '../../platform/pagination';
import { amountDue } from './invoices';
import { queueCashed } from '../einvoicing/sending';
import { emitWebhookEventsFrom } from '../../platform/webhooks/emit';

/**
 * Payments received from customers. A payment is allocated to one or several of the customer's issued invoices;
 * what is not allocated stays on account until it is. Every allocation locks its invoices (in id order, so two
 * payments never deadlock) and checks the amount not paid under the lock: two payments racing for the last
 * euro of an invoice are serialized and the second is refused (409 `overpayment`).
 */

type Allocation = { invoiceId: number; amount: string };
type LockedInvoice = { id: number; number: string | null; customerId: number; status: string; due: string };

const D = Decimal.clone({ precision: 40 });

async function lockInvoices(tx: Tx, tenantId: number, ids: number[]) {
  const rows = await queryRows<LockedInvoice>(
    tx,
    sql`select id, number, customer_id as "customerId", status, ${amountDue('i')}::text as due
        from invoices i where tenant_id = ${tenantId} and id in (select e::int from ${jsonList(ids)} e)
        order by id for update`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** A payment locked (an allocation or a refund of its money on account waits for the other), or 404. */
async function lockPayment(tx: Tx, tenantId: number, id: number) {
  const [payment] = await queryRows<{ unallocated: string }>(
    tx,
    sql`select unallocated::text as unallocated from payments where id = ${id} and tenant_id = ${tenantId} for update`,
  );
  if (!payment) throw notFound('payment');
  return payment;
}

/** Money taken from what a payment has on account: at most that (409 `overpayment`). */
function checkOnAccount(unallocated: string, amount: Decimal) {
  if (amount.greaterThan(unallocated))
    throw conflict('overpayment', `Only ${unallocated} of this payment is on account`, undefined, { unallocated });
}

/**
 * Allocates amounts of a payment to invoices of its customer, in the caller's transaction: each must be an
 * issued invoice of that customer (404 / 409) and receive at most what it still owes (409 `overpayment`). With
 * `fromAccount`, the money is what the payment has on account: the payment is locked after its invoices (the order a
 * credit note giving money back to it takes them in) and must hold the total.
 */
async function allocate(
  tx: Tx,
  tenantId: number,
  userId: number | null,
  payment: { id: number; customerId: number },
  allocations: readonly Allocation[],
  fromAccount = false,
) {
  const merged = new Map<number, Decimal>();
  for (const a of allocations) merged.set(a.invoiceId, (merged.get(a.invoiceId) ?? new D(0)).plus(a.amount));
  const invoices = await lockInvoices(tx, tenantId, [...merged.keys()]);
  if (fromAccount)
    checkOnAccount(
      (await lockPayment(tx, tenantId, payment.id)).unallocated,
      [...merged.values()].reduce((sum, a) => sum.plus(a), new D(0)),
    );
  for (const [invoiceId, amount] of merged) {
    const invoice = invoices.get(invoiceId);
    if (!invoice || invoice.customerId !== payment.customerId)
      throw badRequest('unknown_reference', 'An invoice of another customer, or none', [
        { field: 'allocations', message: `invoice ${invoiceId} not found for this customer`, code: 'not_found' },
      ]);
    if (invoice.status !== 'issued')
      throw conflict('invalid_transition', 'Only an issued invoice can be paid', undefined, {
        status: invoice.status,
      });
    if (amount.isZero() || amount.greaterThan(invoice.due))
      throw conflict(
        'overpayment',
        `${invoice.number}: ${amount.toFixed(2)} is more than the ${invoice.due} it still owes`,
        undefined,
        { number: invoice.number, amount: amount.toFixed(2), due: invoice.due },
      );
  }
  const rows = [...merged].map(([invoiceId, amount]) => ({ invoiceId, amount: amount.toFixed(2) }));
  await tx.execute(
    sql`insert into payment_allocations (tenant_id, payment_id, invoice_id, amount, created_by)
        select ${tenantId}, ${payment.id}, x."invoiceId", x.amount, ${userId}
        from ${jsonRows(rows)} as x("invoiceId" int, amount numeric)`,
  );
  await tx.execute(
    sql`update invoices i set amount_paid = i.amount_paid + x.amount, updated_at = now()
        from ${jsonRows(rows)} as x("invoiceId" int, amount numeric)
        where i.id = x."invoiceId" and i.tenant_id = ${tenantId}`,
  );
  for (const r of rows) {
    const invoice = invoices.get(r.invoiceId)!;
    await logActivity(tx, {
      tenantId,
      userId,
      entity: 'invoice',
      entityId: r.invoiceId,
      action: 'paid',
      summary: `${invoice.number}: ${r.amount}`,
      changes: [
        { field: 'amountPaid', from: null, to: r.amount },
        { field: 'amountDue', from: invoice.due, to: new D(invoice.due).minus(r.amount).toFixed(2) },
      ],
    });
  }
  // Paid in full: the webhooks are told, and under VAT on receipts the platform too (212 Encaissée).
  await emitWebhookEventsFrom(
    tx,
    tenantId,
    'invoice.paid',
    sql`select jsonb_build_object('id', i.id, 'number', i.number, 'paymentId', ${payment.id}::int,
          'amount', x.amount::text, 'paidAt', now(), 'totalGross', i.total_gross::text)
        from invoices i join ${jsonRows(rows)} as x("invoiceId" int, amount numeric) on x."invoiceId" = i.id
        where i.tenant_id = ${tenantId} and i.amount_paid + i.amount_credited >= i.total_gross`,
  );
  await queueCashed(
    tx,
    tenantId,
    rows.map((r) => r.invoiceId),
  );
  return rows.reduce((s, r) => s.plus(r.amount), new D(0));
}

const paymentColumns = sql`p.id, p.customer_id as "customerId", c.name as "customerName",
  to_char(p.payment_date, 'YYYY-MM-DD') as "paymentDate", p.amount::text as amount, p.unallocated::text as unallocated,
  p.payment_mode_id as "paymentModeId", pm.label as "paymentModeLabel", p.reference,
  coalesce((select json_agg(json_build_object('invoiceId', a.invoice_id, 'invoiceNumber', i.number,
              'amount', a.amount::text, 'creditNoteNumber', n.number) order by a.id)
            from payment_allocations a join invoices i on i.id = a.invoice_id and i.tenant_id = a.tenant_id
            left join credit_notes n on n.id = a.credit_note_id and n.tenant_id = a.tenant_id
            where a.payment_id = p.id and a.tenant_id = p.tenant_id), '[]') as allocations,
  coalesce((select json_agg(json_build_object('id', r.id, 'refundDate', to_char(r.refund_date, 'YYYY-MM-DD'),
              'amount', r.amount::text, 'paymentModeLabel', rm.label, 'reference', r.reference) order by r.id)
            from payment_refunds r join payment_modes rm on rm.id = r.payment_mode_id
            where r.payment_id = p.id and r.tenant_id = p.tenant_id), '[]') as refunds,
  u.name as "createdByName", ${isoUtc(sql`p.created_at`)} as "createdAt"`;
const paymentFrom = sql`from payments p join customers c on c.id = p.customer_id
  join payment_modes pm on pm.id = p.payment_mode_id left join users u on u.id = p.created_by and u.tenant_id = p.tenant_id`;

const readPayment = async (tx: Tx, tenantId: number, id: number) => {
  const [row] = await queryRows<TPayment>(
    tx,
    sql`select ${paymentColumns} ${paymentFrom} where p.id = ${id} and p.tenant_id = ${tenantId}`,
  );
  if (!row) throw notFound('payment');
  return row;
};

async function insertPayment(
  tx: Tx,
  tenantId: number,
  userId: number | null,
  p: { customerId: number; paymentDate: string; amount: string; paymentModeId: number; reference: string | null },
) {
  const errors = await missingReferences(tx, tenantId, {
    customerId: { table: 'customers', id: p.customerId },
    paymentModeId: { table: 'payment_modes', id: p.paymentModeId },
  });
  if (errors.length) throw badRequest('unknown_reference', 'Unknown customer or payment mode', errors);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into payments (tenant_id, customer_id, payment_date, amount, unallocated, payment_mode_id, reference,
          created_by)
        values (${tenantId}, ${p.customerId}, ${p.paymentDate}, ${p.amount}, ${p.amount}, ${p.paymentModeId},
          ${p.reference}, ${userId})
        returning id`,
  );
  return row!.id;
}

const takeFromPayment = (tx: Tx, tenantId: number, id: number, allocated: Decimal) =>
  tx.execute(
    sql`update payments set unallocated = unallocated - ${allocated.toFixed(2)}::numeric
        where id = ${id} and tenant_id = ${tenantId}`,
  );

/**
 * The payment's own history entry, once its allocations are made: who paid, how much, how, and what stays on
 * account (each invoice it pays has its own 'paid' entry; a payment kept whole on account has only this one).
 */
async function logPayment(tx: Tx, tenantId: number, userId: number | null, id: number) {
  const p = await readPayment(tx, tenantId, id);
  await logActivity(tx, {
    tenantId,
    userId,
    entity: 'payment',
    entityId: id,
    action: 'created',
    summary: `${p.customerName}: ${p.amount}`,
    changes: [
      { field: 'customerName', from: null, to: p.customerName },
      { field: 'paymentDate', from: null, to: p.paymentDate },
      { field: 'amount', from: null, to: p.amount },
      { field: 'paymentModeLabel', from: null, to: p.paymentModeLabel },
      { field: 'reference', from: null, to: p.reference },
      { field: 'unallocated', from: null, to: p.unallocated },
    ],
  });
  return p;
}

/**
 * A credit note issued on an invoice paid more than what the credit leaves to pay: the difference goes back on
 * account, taken from the invoice's latest payments first (a negative allocation naming the credit note), so that
 * the invoice is never paid beyond its gross and the customer's money is there to pay other invoices. Runs in the
 * issuing transaction, the invoice locked; answers the invoice's amount paid after it.
 */
export async function releaseToAccount(
  tx: Tx,
  tenantId: number,
  userId: number | null,
  invoiceId: number,
  creditNote: { id: number; credit: string },
) {
  const [invoice] = await queryRows<{ paid: string; excess: string }>(
    tx,
    sql`select amount_paid::text as paid,
          least(amount_paid, greatest(amount_paid + amount_credited + ${creditNote.credit}::numeric - total_gross, 0))::text
            as excess
        from invoices where id = ${invoiceId} and tenant_id = ${tenantId}`,
  );
  let left = new D(invoice!.excess);
  if (left.isZero()) return invoice!.paid;
  const byPayment = await queryRows<{ paymentId: number; amount: string }>(
    tx,
    sql`select payment_id as "paymentId", sum(amount)::text as amount from payment_allocations
        where invoice_id = ${invoiceId} and tenant_id = ${tenantId}
        group by payment_id having sum(amount) > 0 order by max(id) desc`,
  );
  const released: { paymentId: number; amount: string }[] = [];
  for (const p of byPayment) {
    if (left.isZero()) break;
    const amount = D.min(left, p.amount);
    released.push({ paymentId: p.paymentId, amount: amount.toFixed(2) });
    left = left.minus(amount);
  }
  await tx.execute(
    sql`insert into payment_allocations (tenant_id, payment_id, invoice_id, amount, credit_note_id, created_by)
        select ${tenantId}, x."paymentId", ${invoiceId}, -x.amount, ${creditNote.id}, ${userId}
        from ${jsonRows(released)} as x("paymentId" int, amount numeric)`,
  );
  await tx.execute(
    sql`update payments p set unallocated = p.unallocated + x.amount
        from ${jsonRows(released)} as x("paymentId" int, amount numeric)
        where p.id = x."paymentId" and p.tenant_id = ${tenantId}`,
  );
  const [after] = await queryRows<{ paid: string }>(
    tx,
    sql`update invoices set amount_paid = amount_paid - ${invoice!.excess}::numeric
        where id = ${invoiceId} and tenant_id = ${tenantId} returning amount_paid::text as paid`,
  );
  return after!.paid;
}

export function paymentsService(db: Db) {
  const scoped = tenantScope(db);
  return {
    /** One payment on one invoice: of its customer, allocated to it whole. */
    payInvoice: (auth: AuthContext, invoiceId: number, body: TInvoicePaymentInput) =>
      scoped(auth, async (tx, tenantId) => {
        const input = ZInvoicePaymentInput.parse(body);
        const [invoice] = await queryRows<{ customerId: number }>(
          tx,
          sql`select customer_id as "customerId" from invoices where id = ${invoiceId} and tenant_id = ${tenantId}`,
        );
        if (!invoice) throw notFound('invoice');
        const id = await insertPayment(tx, tenantId, auth.userId, { ...input, customerId: invoice.customerId });
        const allocated = await allocate(tx, tenantId, auth.userId, { id, customerId: invoice.customerId }, [
          { invoiceId, amount: input.amount },
        ]);
        await takeFromPayment(tx, tenantId, id, allocated);
        await logPayment(tx, tenantId, auth.userId, id);
        return invoicePayments(tx, tenantId, invoiceId);
      }),

    /** The payment history of an invoice (SPEC `invoiceLog`'s payments), oldest first. */
    ofInvoice: (auth: AuthContext, invoiceId: number) =>
      scoped(auth, async (tx, tenantId) => {
        const [row] = await queryRows(
          tx,
          sql`select 1 from invoices where id = ${invoiceId} and tenant_id = ${tenantId}`,
        );
        if (!row) throw notFound('invoice');
        return invoicePayments(tx, tenantId, invoiceId);
      }),

    /** A payment from a customer, allocated to some of its invoices; the rest stays on account. */
    create: (auth: AuthContext, body: TPaymentInput) =>
      scoped(auth, async (tx, tenantId) => {
        const input = ZPaymentInput.parse(body);
        const total = input.allocations.reduce((s, a) => s.plus(a.amount), new D(0));
        if (total.greaterThan(input.amount))
          throw badRequest('validation_failed', 'The allocations exceed the payment', [
            { field: 'allocations', message: `${total.toFixed(2)} allocated of ${input.amount}`, code: 'too_large' },
          ]);
        const id = await insertPayment(tx, tenantId, auth.userId, input);
        if (input.allocations.length) {
          const allocated = await allocate(
            tx,
            tenantId,
            auth.userId,
            { id, customerId: input.customerId },
            input.allocations,
          );
          await takeFromPayment(tx, tenantId, id, allocated);
        }
        return logPayment(tx, tenantId, auth.userId, id);
      }),

    /** Allocates what a payment still has on account (locked: two allocations of it wait for each other). */
    allocate: (auth: AuthContext, paymentId: number, body: TAllocationInput) =>
      scoped(auth, async (tx, tenantId) => {
        const input = ZAllocationInput.parse(body);
        const [payment] = await queryRows<{ id: number; customerId: number }>(
          tx,
          sql`select id, customer_id as "customerId" from payments where id = ${paymentId} and tenant_id = ${tenantId}`,
        );
        if (!payment) throw notFound('payment');
        const allocated = await allocate(tx, tenantId, auth.userId, payment, input.allocations, true);
        await takeFromPayment(tx, tenantId, paymentId, allocated);
        return readPayment(tx, tenantId, paymentId);
      }),

    /**
     * Pays back to the customer some of what a payment has on account (locked: an allocation of it waits), at
     * most that (409 `overpayment`).
     */
    refund: (auth: AuthContext, paymentId: number, body: TRefundInput) =>
      scoped(auth, async (tx, tenantId) => {
        const input = ZRefundInput.parse(body);
        const payment = await lockPayment(tx, tenantId, paymentId);
        const errors = await missingReferences(tx, tenantId, {
          paymentModeId: { table: 'payment_modes', id: input.paymentModeId },
        });
        if (errors.length) throw badRequest('unknown_reference', 'Unknown payment mode', errors);
        checkOnAccount(payment.unallocated, new D(input.amount));
        await tx.execute(
          sql`insert into payment_refunds (tenant_id, payment_id, refund_date, amount, payment_mode_id, reference,
                created_by)
              values (${tenantId}, ${paymentId}, ${input.refundDate}, ${input.amount}, ${input.paymentModeId},
                ${input.reference}, ${auth.userId})`,
        );
        await takeFromPayment(tx, tenantId, paymentId, new D(input.amount));
        const after = await readPayment(tx, tenantId, paymentId);
        await logActivity(tx, {
          tenantId,
          userId: auth.userId,
          entity: 'payment',
          entityId: paymentId,
          action: 'refunded',
          summary: `${after.customerName}: ${new D(input.amount).toFixed(2)}`,
          changes: [
            { field: 'refundDate', from: null, to: input.refundDate },
            { field: 'amount', from: null, to: new D(input.amount).toFixed(2) },
            { field: 'unallocated', from: payment.unallocated, to: after.unallocated },
          ],
        });
        return after;
      }),

    get: (auth: AuthContext, id: number) => scoped(auth, (tx, tenantId) => readPayment(tx, tenantId, id)),

    list: (auth: AuthContext, q: { page: number; limit: number } & Record<string, unknown>) =>
      scoped(
        auth,
        (tx, tenantId): Promise<TList<TPayment>> =>
          paginate(
            tx,
            {
              columns: paymentColumns,
              from: paymentFrom,
              where: [
                sql`p.tenant_id = ${tenantId}`,
                ...(q.customerId ? [sql`p.customer_id = ${q.customerId}`] : []),
                ...(q.onAccount === 'true' ? [sql`p.unallocated > 0`] : []),
                ...(q.onAccount === 'false' ? [sql`p.unallocated = 0`] : []),
              ],
              search: [sql`c.name`, sql`p.reference`],
              sort: { paymentDate: sql`p.payment_date`, amount: sql`p.amount`, customerName: sql`c.name` },
              defaultSort: 'paymentDate:desc',
              tieBreaker: sql`p.id desc`,
            },
            q,
          ) as Promise<TList<TPayment>>,
      ),
  };
}

const invoicePayments = (tx: Tx, tenantId: number, invoiceId: number) =>
  queryRows<TInvoicePayment>(
    tx,
    sql`select a.id, a.payment_id as "paymentId",
          to_char(coalesce(n.credit_date, p.payment_date), 'YYYY-MM-DD') as "paymentDate",
          a.amount::text as amount, p.amount::text as "paymentAmount", pm.label as "paymentModeLabel", p.reference,
          n.number as "creditNoteNumber", n.id as "creditNoteId", u.name as "userName",
          ${isoUtc(sql`a.created_at`)} as "createdAt"
        from payment_allocations a join payments p on p.id = a.payment_id and p.tenant_id = a.tenant_id
        join payment_modes pm on pm.id = p.payment_mode_id
        left join credit_notes n on n.id = a.credit_note_id and n.tenant_id = a.tenant_id
        left join users u on u.id = a.created_by and u.tenant_id = a.tenant_id
        where a.invoice_id = ${invoiceId} and a.tenant_id = ${tenantId}
        order by coalesce(n.credit_date, p.payment_date), a.id`,
  );
