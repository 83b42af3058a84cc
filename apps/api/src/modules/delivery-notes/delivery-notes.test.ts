import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_NOTE_STATUSES, type TDeliveryNote, type TDeliveryRemaining } from '@tagstock/contract';
import { describeDocumentType } from '../../test/document-kit';
import { apiCalls, exitGate, impinjWalkOuts, platformRows, setupTestApp } from '../../test/helper';
import { deliveryNoteType } from './delivery-notes.service';

const ctx = await setupTestApp();
const db = ctx.database.db;
const tokens = { admin: '', otherTenant: '', reader: '' };
const { call, ok } = apiCalls<TDeliveryNote>(ctx, () => tokens.admin);

const day = (offset = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(Date.now() + offset * 86_400_000));
let customerId = 0;
let otherCustomer = 0;
let plenty = 0;
let tagged = 0;
let scarce = 0;
const epc = (i: number) => `DD0000000000000000${String(i).padStart(6, '0')}`;

const stockOf = async (id: number) => await ok<{ quantity: number; available: number }>('GET', `/articles/${id}`);
const body = (lines: object[], extra: object = {}) => ({ customerId, plannedDate: day(), lines, ...extra });
const ready = (id: number) => ok('POST', `/delivery-notes/${id}/status`, { status: 'ready' });

/** A new article of the Demo tenant with `initialQuantity` in stock: its id. */
const article = async (reference: string, initialQuantity: number) =>
  (
    await ok<{ id: number }>('POST', '/articles', {
      reference,
      designation: `Article ${reference}`,
      priceHt: '10.00',
      vatRate: '20',
      stockAlert: 0,
      initialQuantity,
    })
  ).id;

beforeAll(async () => {
  [tokens.admin, tokens.otherTenant, tokens.reader] = await Promise.all([
    ctx.token('admin@demo.test'),
    ctx.token('admin@acme.test'),
    ctx.token('viewer@demo.test'),
  ]);
  customerId = (
    await ok<{ id: number }>('POST', '/customers', {
      name: 'Client livraisons',
      address: '1 rue du Quai',
      postcode: '44000',
      city: 'Nantes',
    })
  ).id;
  otherCustomer = (await ok<{ id: number }>('POST', '/customers', { name: 'Autre client livraisons' })).id;
  plenty = await article('BL-STOCK', 100_000);
  tagged = await article('BL-TAGGED', 10);
  scarce = await article('BL-SCARCE', 3);
  await ok('POST', '/tags/bind', { articleId: tagged, epcs: [1, 2, 3, 4].map(epc) });
});

describeDocumentType(deliveryNoteType, {
  ctx,
  path: '/delivery-notes',
  statuses: DELIVERY_NOTE_STATUSES,
  bodyStatuses: ['ready', 'delivered', 'canceled'],
  tokens: () => tokens,
  body: (lines = 1) => body(Array.from({ length: lines }, () => ({ articleId: plenty, quantity: 1 }))),
});

describe('delivery notes', () => {
  it('delivers an invoice in parts: what is left to deliver, the stock moved once at delivery, back when canceled', async () => {
    const invoice = await ok<{ id: number }>('POST', '/invoices', {
      customerId,
      invoiceDate: day(),
      lines: [
        { articleId: plenty, quantity: 5, unitPrice: '10.00', vatRate: '20' },
        { articleId: plenty, quantity: 1, unitPrice: '10.00', vatRate: '20' },
      ],
    });
    const left = () => ok<TDeliveryRemaining>('GET', `/delivery-notes/remaining?invoiceId=${invoice.id}`);
    expect((await left()).lines).toEqual([
      expect.objectContaining({ articleId: plenty, ordered: 6, delivered: 0, planned: 0, remaining: 6 }),
    ]);
    const before = (await stockOf(plenty)).quantity;
    const first = await ok(
      'POST',
      '/delivery-notes',
      body([{ articleId: plenty, quantity: 4 }], { invoiceId: invoice.id }),
    );
    expect([first.status, first.number, first.invoiceId, first.customerAddress]).toEqual([
      'draft',
      null,
      invoice.id,
      '1 rue du Quai, 44000 Nantes',
    ]);
    expect((await left()).lines[0]).toMatchObject({ planned: 4, remaining: 2 });
    const numbered = await ready(first.id);
    expect(numbered.number).toMatch(/^BL-\d{4}-\d{6}$/);
    const delivered = await ok('POST', `/delivery-notes/${first.id}/status`, { status: 'delivered' });
    expect([delivered.status, delivered.deliveredAt]).toEqual(['delivered', expect.any(String)]);
    expect((await stockOf(plenty)).quantity).toBe(before - 4);
    expect((await left()).lines[0]).toMatchObject({ delivered: 4, planned: 0, remaining: 2 });
    const movements = (
      await ok<{ items: { reasonCode: string; note: string | null; delta: number }[] }>(
        'GET',
        `/articles/${plenty}/movements`,
      )
    ).items;
    expect(movements[0]).toMatchObject({ reasonCode: 'delivery', delta: -4 });

    const locked = await call('DELETE', `/delivery-notes/${first.id}`);
    expect(locked.statusCode).toBe(409);
    const canceled = await ok('POST', `/delivery-notes/${first.id}/status`, { status: 'canceled', note: 'Refusé' });
    expect(canceled.status).toBe('canceled');
    expect((await stockOf(plenty)).quantity).toBe(before);
    expect((await left()).lines[0]).toMatchObject({ delivered: 0, remaining: 6 });
  });

  it('asks before going beyond what is available, reserves what is available, and releases it at delivery', async () => {
    const beyond = await call('POST', '/delivery-notes', body([{ articleId: scarce, quantity: 5 }]));
    expect([beyond.statusCode, beyond.json().code]).toEqual([409, 'insufficient_available']);
    expect(beyond.json().lines).toEqual([{ articleId: scarce, reference: 'BL-SCARCE', requested: 5, available: 3 }]);
    const reserving = await ok(
      'POST',
      '/delivery-notes',
      body([{ articleId: scarce, quantity: 2 }], { reserveAvailable: true }),
    );
    expect((await stockOf(scarce)).available).toBe(1);
    const confirmed = await ok(
      'POST',
      '/delivery-notes',
      body([{ articleId: scarce, quantity: 5 }], { confirmWithoutReservation: true }),
    );
    expect(confirmed.status).toBe('draft');
    await ok('DELETE', `/delivery-notes/${confirmed.id}`);
    await ready(reserving.id);
    await ok('POST', `/delivery-notes/${reserving.id}/status`, { status: 'delivered' });
    expect(await stockOf(scarce)).toMatchObject({ quantity: 1, available: 1 });
    const held = await ok<{ items: { status: string; releaseCause: string | null }[] }>(
      'GET',
      `/reservations?documentType=delivery_note&documentId=${reserving.id}`,
    );
    expect(held.items.map((r) => [r.status, r.releaseCause])).toEqual([['released', 'delivery']]);
  });

  it('lets the picked items through an exit gate, ticks the lines, and counts them out once', async () => {
    const reader = await exitGate(ok, 'Portique livraisons', 'Quai');
    const note = await ok('POST', '/delivery-notes', body([{ articleId: tagged, quantity: 2, epcs: [epc(1)] }]));
    const { number } = await ready(note.id);
    const before = (await stockOf(tagged)).quantity;
    // The picked item, another item of the article (one unit left to pick) and a third one (none left).
    await impinjWalkOuts(ctx, reader.secret, [epc(1), epc(2), epc(3)]);
    const logged = await platformRows<{ epc: string; isAuthorized: boolean; message: string }>(
      db,
      sql`select epc, is_authorized as "isAuthorized", authorization_message as message from tag_movements
          where reader_id = ${reader.id} and event_type = 'OUT' order by epc`,
    );
    expect(logged).toEqual([
      { epc: epc(1), isAuthorized: true, message: `Authorized by ${number}` },
      { epc: epc(2), isAuthorized: true, message: `Authorized by ${number}` },
      { epc: epc(3), isAuthorized: false, message: expect.stringMatching(/no ready delivery note/) },
    ]);
    const ticked = await ok('GET', `/delivery-notes/${note.id}`);
    expect([ticked.exited, ticked.lines.map((l) => l.exited)]).toEqual([2, [2]]);
    // Three items left through the gate: three units counted out there; delivering moves none again.
    expect((await stockOf(tagged)).quantity).toBe(before - 3);
    await ok('POST', `/delivery-notes/${note.id}/status`, { status: 'delivered' });
    expect((await stockOf(tagged)).quantity).toBe(before - 3);
  });

  it('lets items of an article out under the ready notes in planned order, one unit each, passing over filled ones', async () => {
    const ordered = await article('BL-GATE-ORDER', 10);
    await ok('POST', '/tags/bind', { articleId: ordered, epcs: [11, 12, 13, 14].map(epc) });
    const reader = await exitGate(ok, 'Portique ordre des BL', 'Quai 2');
    // Created newest first: the planned date orders them, not the id.
    const numbers: string[] = [];
    for (const offset of [0, -1, -2]) {
      const note = await ok(
        'POST',
        '/delivery-notes',
        body([{ articleId: ordered, quantity: 1 }], { plannedDate: day(offset) }),
      );
      numbers.unshift((await ready(note.id)).number!);
    }
    const [oldest, middle, newest] = numbers;
    await impinjWalkOuts(ctx, reader.secret, [epc(11)], 60_000);
    // The oldest note has no unit left: the next three items go under the two others, the last one is refused.
    await impinjWalkOuts(ctx, reader.secret, [epc(12), epc(13), epc(14)], 40_000);
    const logged = await platformRows<{ epc: string; message: string }>(
      db,
      sql`select epc, authorization_message as message from tag_movements
          where reader_id = ${reader.id} and event_type = 'OUT' order by epc`,
    );
    expect(logged).toEqual([
      { epc: epc(11), message: `Authorized by ${oldest}` },
      { epc: epc(12), message: `Authorized by ${middle}` },
      { epc: epc(13), message: `Authorized by ${newest}` },
      { epc: epc(14), message: expect.stringMatching(/no ready delivery note/) },
    ]);
  });

  it('answers the delivery widgets of its own tenant only', async () => {
    const tenant = (await platformRows<{ id: number }>(db, sql`select id from tenants where name = 'Demo'`))[0]!.id;
    const late = await ok(
      'POST',
      '/delivery-notes',
      body([{ articleId: plenty, quantity: 1 }], { plannedDate: day(-3) }),
    );
    const invoice = await ok<{ id: number }>('POST', '/invoices', {
      customerId: otherCustomer,
      invoiceDate: day(),
      lines: [{ articleId: plenty, quantity: 2, unitPrice: '10.00', vatRate: '20' }],
    });
    await ok('POST', '/delivery-notes', {
      customerId: otherCustomer,
      invoiceId: invoice.id,
      plannedDate: day(),
      lines: [{ articleId: plenty, quantity: 2 }],
    });
    const lateOnes = await ok<{ count: number; items: { id: number; daysLate: number }[] }>(
      'GET',
      `/dashboard/late-deliveries/${tenant}`,
    );
    expect(lateOnes.items).toContainEqual(expect.objectContaining({ id: late.id, daysLate: 3 }));
    const lateList = await ok<{ items: { id: number; late: boolean }[] }>('GET', '/delivery-notes?late=true');
    expect(lateList.items.map((n) => n.id)).toContain(late.id);
    expect(lateList.items.every((n) => n.late)).toBe(true);
    const invoicesToday = await ok<{ invoiceId: number; units: number }[]>(
      'GET',
      `/dashboard/invoices-to-deliver-today/${tenant}`,
    );
    expect(invoicesToday).toContainEqual(expect.objectContaining({ invoiceId: invoice.id, units: 2 }));
    const clients = await ok<{ customerId: number; deliveryNotes: number }[]>(
      'GET',
      `/dashboard/getClientsToDeliverTodayByClient/${tenant}`,
    );
    expect(clients).toContainEqual(expect.objectContaining({ customerId: otherCustomer, deliveryNotes: 1 }));
    for (const path of ['late-deliveries', 'invoices-to-deliver-today', 'getClientsToDeliverTodayByClient']) {
      const other = await call('GET', `/dashboard/${path}/${tenant}`, undefined, tokens.otherTenant);
      expect(other.statusCode, path).toBe(404);
    }
  });

  it('takes picked EPCs (a handheld’s scan) on the lines of their article, and says which it left out', async () => {
    const note = await ok(
      'POST',
      '/delivery-notes',
      body([
        { articleId: tagged, quantity: 1 },
        { articleId: plenty, quantity: 1 },
      ]),
    );
    const unknown = 'FF0000000000000000000001';
    const picked = await ok<TDeliveryNote & { unmatched: { epc: string; reason: string }[] }>(
      'POST',
      `/delivery-notes/${note.id}/picks`,
      { epcs: [epc(4), epc(4), epc(3), unknown] },
    );
    expect([picked.lines[0]!.epcs, picked.epcCount]).toEqual([[epc(4)], 1]);
    expect(picked.unmatched).toEqual([
      { epc: epc(3), reason: 'no_room' },
      { epc: unknown, reason: 'unknown_tag' },
    ]);
    const bad = await call('POST', `/delivery-notes/${note.id}/picks`, { epcs: ['not-an-epc'] });
    expect(bad.statusCode).toBe(400);
    const foreign = await call('POST', `/delivery-notes/${note.id}/picks`, { epcs: [epc(4)] }, tokens.otherTenant);
    expect(foreign.statusCode).toBe(404);
    const reader = await call('POST', `/delivery-notes/${note.id}/picks`, { epcs: [epc(4)] }, tokens.reader);
    expect(reader.statusCode).toBe(403);
  });

  it('releases what a deleted draft reserved', async () => {
    const before = (await stockOf(scarce)).available;
    const note = await ok(
      'POST',
      '/delivery-notes',
      body([{ articleId: scarce, quantity: 1 }], { reserveAvailable: true }),
    );
    expect((await stockOf(scarce)).available).toBe(before - 1);
    await ok('DELETE', `/delivery-notes/${note.id}`);
    expect((await stockOf(scarce)).available).toBe(before);
  });

  it('refuses another tenant’s references and bad input with a 400, never a 500', async () => {
    const foreign = await ok<{ id: number }>(
      'POST',
      '/customers',
      { name: 'Client Acme livraisons' },
      tokens.otherTenant,
    );
    const cases: [object, string][] = [
      [body([{ articleId: plenty, quantity: 1 }], { customerId: foreign.id }), 'customerId'],
      [body([{ articleId: plenty, quantity: 1 }], { invoiceId: 2_000_000 }), 'invoiceId'],
      [body([{ articleId: plenty, quantity: 1 }], { invoiceId: 1, proformaId: 1 }), 'proformaId'],
      [body([{ articleId: plenty, quantity: 0 }]), 'lines.0.quantity'],
      [body([{ articleId: plenty, quantity: 1 }], { plannedDate: '2026-02-30' }), 'plannedDate'],
      [body([{ articleId: tagged, quantity: 1, epcs: [epc(1), epc(2)] }]), 'lines.0.epcs'],
      [body([{ articleId: plenty, quantity: 1, epcs: [epc(4)] }]), 'lines.0.epcs'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/delivery-notes', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        field,
      ).toContain(field);
    }
    const noSource = await call('GET', '/delivery-notes/remaining');
    expect(noSource.statusCode).toBe(400);
    const foreignInvoice = await call('GET', '/delivery-notes/remaining?invoiceId=2000000');
    expect(foreignInvoice.statusCode).toBe(404);
  });
});
