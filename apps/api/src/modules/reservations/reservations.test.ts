import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDaysTo,
  RESERVATION_DAYS_MAX,
  reservationToday,
  type TArticle,
  type TList,
  type TReservation,
  type TReservationHistoryEntry,
} from '@tagstock/contract';
import { withTenant } from '../../db/client';
import { apiCalls, platformRows, setupTestApp } from '../../test/helper';
import { reservationExpiry } from './reservations.module';
import { checkAvailability, consumeForDocument, releaseForDocument, reserve } from './reservations.service';

const ctx = await setupTestApp();
const db = ctx.database.db;
const tokens = { admin: '', otherTenant: '', reader: '' };
const { call, ok } = apiCalls<TReservation>(ctx, () => tokens.admin);

const today = reservationToday();
const until = addDaysTo(today, 7);
let tenantId = 0;
let adminId = 0;
let customerId = 0;
let otherArticle = 0;
let serial = 0;

const article = async (initialQuantity: number, extra: object = {}) =>
  (
    await ok<TArticle>('POST', '/articles', {
      reference: `RES-${++serial}`,
      designation: `Article réservé ${serial}`,
      priceHt: '10.00',
      vatRate: '20',
      stockAlert: 5,
      initialQuantity,
      ...extra,
    })
  ).id;
const articleOf = (id: number) => ok<TArticle>('GET', `/articles/${id}`);
const reserveBody = (articleId: number, quantity: number, extra: object = {}) => ({
  articleId,
  quantity,
  until,
  ...extra,
});
const history = (articleId: number) =>
  ok<TList<TReservationHistoryEntry>>('GET', `/reservations/history?articleId=${articleId}`);

beforeAll(async () => {
  [tokens.admin, tokens.otherTenant, tokens.reader] = await Promise.all([
    ctx.token('admin@demo.test'),
    ctx.token('admin@acme.test'),
    ctx.token('viewer@demo.test'),
  ]);
  const [t] = await platformRows<{ id: number; userId: number }>(
    db,
    sql`select t.id, u.id as "userId" from tenants t join users u on u.tenant_id = t.id
        where t.name = 'Demo' and u.email = 'admin@demo.test'`,
  );
  [tenantId, adminId] = [t!.id, t!.userId];
  customerId = (await ok<{ items: { id: number; name: string }[] }>('GET', '/customers?limit=100')).items.find(
    (c) => c.name === 'Boulangerie Moreau',
  )!.id;
  otherArticle = (
    await ctx
      .as(tokens.otherTenant, {
        method: 'POST',
        url: '/backend/api/articles',
        payload: {
          reference: 'ACME-RES',
          designation: 'Autre',
          priceHt: '1.00',
          vatRate: '20',
          stockAlert: 0,
          initialQuantity: 50,
        },
      })
      .then((r) => r.json() as { id: number })
  ).id;
});

describe('reservations', () => {
  it('reserves units for a customer: available drops on the article, its list and the stock alerts', async () => {
    const id = await article(12);
    const r = await ok('POST', '/reservations', reserveBody(id, 5, { customerId }));
    expect(r).toMatchObject({
      articleId: id,
      quantity: 5,
      customerId,
      customerName: 'Boulangerie Moreau',
      status: 'active',
      until,
      documentType: null,
      releaseCause: null,
    });
    expect(r.createdByName).not.toBeNull();
    const a = await articleOf(id);
    expect([a.quantity, a.available]).toEqual([12, 7]);
    const listed = await ok<TList<TArticle>>('GET', `/articles?search=${a.reference}`);
    expect(listed.items.find((x) => x.id === id)?.available).toBe(7);
    // Sortable by what is available, as the other article columns.
    expect((await call('GET', '/articles?sort=available:asc')).statusCode).toBe(200);

    // Under its alert threshold by what is available: shown in the stock alerts with it.
    await ok('POST', '/reservations', reserveBody(id, 3));
    const low = await article(3);
    const alerts = await ok<TList<TArticle>>('GET', '/articles?stockAlert=true&limit=100');
    expect(alerts.items.find((x) => x.id === low)?.available).toBe(3);
    expect((await articleOf(id)).available).toBe(4);

    const mine = await ok<TList<TReservation>>('GET', `/reservations?articleId=${id}&sort=quantity:asc`);
    expect(mine.items.map((x) => x.quantity)).toEqual([3, 5]);
    const forCustomer = await ok<TList<TReservation>>('GET', `/reservations?customerId=${customerId}&status=active`);
    expect(forCustomer.items.map((x) => x.id)).toContain(r.id);
    expect((await ok('GET', `/reservations/${r.id}`)).id).toBe(r.id);
  });

  it('never reserves more than is available: 409 insufficient_available naming the article and its availability', async () => {
    const id = await article(4);
    await ok('POST', '/reservations', reserveBody(id, 3));
    const res = await call('POST', '/reservations', reserveBody(id, 2));
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json();
    expect(body.code).toBe('insufficient_available');
    expect(body.lines).toEqual([{ articleId: id, reference: `RES-${serial}`, requested: 2, available: 1 }]);
    expect(body.params).toMatchObject({ requested: 2, available: 1, count: 1 });
    expect((await articleOf(id)).available).toBe(1);
  });

  it('refuses bad input with 400, never 500', async () => {
    const id = await article(10);
    const bad: [string, object][] = [
      ['zero', reserveBody(id, 0)],
      ['negative', reserveBody(id, -1)],
      ['decimal', reserveBody(id, 1.5)],
      ['huge', reserveBody(id, 1e12)],
      ['text quantity', reserveBody(id, 'beaucoup' as unknown as number)],
      ['past', reserveBody(id, 1, { until: addDaysTo(today, -1) })],
      ['too far', reserveBody(id, 1, { until: addDaysTo(today, RESERVATION_DAYS_MAX + 1) })],
      ['not a date', reserveBody(id, 1, { until: '2026-02-30' })],
      ['no until', { articleId: id, quantity: 1 }],
      ['huge id', reserveBody(2 ** 40, 1)],
      ['document type alone', reserveBody(id, 1, { documentType: 'invoice' })],
      ['unknown document type', reserveBody(id, 1, { documentType: 'order', documentId: 1 })],
      ['unknown key', reserveBody(id, 1, { price: '1' })],
      ['NUL in reason-free body', { ...reserveBody(id, 1), until: 'x\u0000' }],
    ];
    for (const [name, payload] of bad) {
      const res = await call('POST', '/reservations', payload);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().code, name).toBe('validation_failed');
    }
    for (const url of [
      '/reservations?status=gone',
      '/reservations?articleId=abc',
      '/reservations?sort=nope',
      '/reservations/history?articleId=-1',
    ])
      expect((await call('GET', url)).statusCode, url).toBe(400);
    expect((await call('DELETE', '/reservations/abc')).statusCode).toBe(400);
    const long = await call('DELETE', `/reservations/1?reason=${'x'.repeat(301)}`);
    expect(long.statusCode).toBe(400);
    // References of the tenant only: an unknown or another tenant's article, customer or document is a 400.
    for (const [field, payload] of [
      ['articleId', reserveBody(otherArticle, 1)],
      ['articleId', reserveBody(2_000_000_000, 1)],
      ['customerId', reserveBody(id, 1, { customerId: 2_000_000_000 })],
      ['documentId', reserveBody(id, 1, { documentType: 'invoice', documentId: 2_000_000_000 })],
      // Before delivery notes register their table the type itself is refused; after, the missing note.
      ['document', reserveBody(id, 1, { documentType: 'delivery_note', documentId: 2_000_000_000 })],
    ] as const) {
      const res = await call('POST', '/reservations', payload);
      expect(res.statusCode, res.body).toBe(400);
      const fields = (res.json().errors as { field: string }[]).map((e) => e.field);
      if (field === 'document') expect(fields.some((f) => f === 'documentType' || f === 'documentId')).toBe(true);
      else expect(fields).toContain(field);
    }
    expect((await articleOf(id)).available).toBe(10);
  });

  it('keeps tenants apart and follows permissions', async () => {
    const id = await article(10);
    const r = await ok('POST', '/reservations', reserveBody(id, 2));
    const other = (opts: { method: 'GET' | 'DELETE'; url: string }) =>
      ctx.as(tokens.otherTenant, { ...opts, url: `/backend/api${opts.url}` });
    expect((await other({ method: 'GET', url: `/reservations/${r.id}` })).statusCode).toBe(404);
    expect((await other({ method: 'DELETE', url: `/reservations/${r.id}` })).statusCode).toBe(404);
    const theirs = (await other({ method: 'GET', url: '/reservations?limit=100' })).json() as TList<TReservation>;
    expect(theirs.items.map((x) => x.id)).not.toContain(r.id);
    const theirHistory = (await other({ method: 'GET', url: `/reservations/history?articleId=${id}` })).json();
    expect(theirHistory.total).toBe(0);
    // The reader sees the reservations but may not reserve or release.
    const asReader = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      call(method, url, payload, tokens.reader);
    expect((await asReader('GET', '/reservations')).statusCode).toBe(200);
    expect((await asReader('POST', '/reservations', reserveBody(id, 1))).statusCode).toBe(403);
    expect((await asReader('DELETE', `/reservations/${r.id}`)).statusCode).toBe(403);
    expect((await articleOf(id)).available).toBe(8);
  });

  it('releases by hand with a reason: available comes back, the history says who, when, what and why', async () => {
    const id = await article(6);
    const r = await ok('POST', '/reservations', reserveBody(id, 4, { customerId }));
    expect(
      (await ok<{ ok: true }>('DELETE', `/reservations/${r.id}?reason=${encodeURIComponent('Client a annulé')}`)).ok,
    ).toBe(true);
    expect((await articleOf(id)).available).toBe(6);
    const released = await ok('GET', `/reservations/${r.id}`);
    expect(released).toMatchObject({ status: 'released', releaseCause: 'manual', releaseReason: 'Client a annulé' });
    expect(released.releasedAt).not.toBeNull();
    // Once only.
    const again = await call('DELETE', `/reservations/${r.id}`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'invalid_transition']);
    expect((await call('DELETE', '/reservations/2000000000')).statusCode).toBe(404);
    // A release without a reason.
    const r2 = await ok('POST', '/reservations', reserveBody(id, 1));
    expect((await ok<{ ok: true }>('DELETE', `/reservations/${r2.id}`)).ok).toBe(true);

    const h = await history(id);
    expect(h.items.map((e) => [e.event, e.quantity, e.cause, e.reason])).toEqual([
      ['released', 1, 'manual', null],
      ['reserved', 1, null, null],
      ['released', 4, 'manual', 'Client a annulé'],
      ['reserved', 4, null, null],
    ]);
    expect(new Set(h.items.map((e) => e.userName)).size).toBe(1);
    expect(h.items[0]!.userName).not.toBeNull();
    expect(h.items[2]!.customerName).toBe('Boulangerie Moreau');
    const ofOne = await ok<TList<TReservationHistoryEntry>>('GET', `/reservations/history?reservationId=${r.id}`);
    expect(ofOne.total).toBe(2);
    expect((await ok<TList<TReservation>>('GET', `/reservations?articleId=${id}&status=released`)).total).toBe(2);
  });

  it('expires reservations past their day with a retry-safe job: once, in the history, available back', async () => {
    const id = await article(5);
    const r = await ok('POST', '/reservations', reserveBody(id, 2, { until: today }));
    const keep = await ok('POST', '/reservations', reserveBody(id, 1, { until: addDaysTo(today, 3) }));
    expect((await articleOf(id)).available).toBe(2);
    const job = reservationExpiry(db, { error: () => undefined });
    // Today's reservation still holds today.
    await job.run();
    expect((await ok('GET', `/reservations/${r.id}`)).status).toBe('active');
    // Two days on: this one expires, the other (three days) stays; a rerun expires nothing more.
    const later = new Date(Date.now() + 2 * 86_400_000);
    const [first, second] = await Promise.all([job.run(later), job.run(later)]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await job.run(later)).toBe(0);
    const expired = await ok('GET', `/reservations/${r.id}`);
    expect(expired).toMatchObject({ status: 'expired', releaseCause: 'expiry' });
    expect((await ok('GET', `/reservations/${keep.id}`)).status).toBe('active');
    const h = await history(id);
    expect(h.items.filter((e) => e.cause === 'expiry').map((e) => [e.reservationId, e.quantity, e.userName])).toEqual([
      [r.id, 2, null],
    ]);
    expect((await articleOf(id)).available).toBe(5 - 1);
    expect((await call('DELETE', `/reservations/${r.id}`)).statusCode).toBe(409);
  });

  it('releases a document’s reservations at its cancellation and turns them into a delivery, in part or whole', async () => {
    const [a, b] = [await article(20), await article(20)];
    const invoice = await ok<{ id: number }>('POST', '/invoices', {
      customerId,
      invoiceDate: today,
      lines: [{ articleId: a, quantity: 1, unitPrice: '10.00', vatRate: '20', discount: '0' }],
      confirmWithoutReservation: true,
    });
    const forInvoice = { documentType: 'invoice', documentId: invoice.id };
    const r = await ok('POST', '/reservations', reserveBody(a, 5, forInvoice));
    expect(r.documentType).toBe('invoice');
    expect(r.documentNumber).toBeNull();
    await ok('POST', '/reservations', reserveBody(a, 3, forInvoice));
    await ok('POST', '/reservations', reserveBody(b, 4, forInvoice));
    expect(
      (await ok<TList<TReservation>>('GET', `/reservations?documentType=invoice&documentId=${invoice.id}`)).total,
    ).toBe(3);

    const rc = { tenantId, userId: adminId };
    // A partial delivery of 6 of a: the older (5) entirely, 1 of the newer (3 → 2); b untouched.
    await withTenant(db, tenantId, (tx) =>
      consumeForDocument(tx, rc, 'invoice', invoice.id, [{ articleId: a, quantity: 6 }]),
    );
    expect((await articleOf(a)).available).toBe(20 - 2);
    expect((await articleOf(b)).available).toBe(20 - 4);
    const ofA = await ok<TList<TReservation>>('GET', `/reservations?articleId=${a}&sort=createdAt:asc`);
    expect(ofA.items.map((x) => [x.quantity, x.status, x.releaseCause])).toEqual([
      [5, 'released', 'delivery'],
      [2, 'active', null],
    ]);
    // Its cancellation releases the rest; a second call releases nothing more.
    const released = await withTenant(db, tenantId, (tx) =>
      releaseForDocument(tx, rc, 'invoice', invoice.id, 'cancellation'),
    );
    expect(released).toHaveLength(2);
    expect(
      await withTenant(db, tenantId, (tx) => releaseForDocument(tx, rc, 'invoice', invoice.id, 'cancellation')),
    ).toEqual([]);
    expect([(await articleOf(a)).available, (await articleOf(b)).available]).toEqual([20, 20]);
    const h = await history(a);
    // One delivery's entries share its time: compared as a set.
    const releases = h.items.filter((e) => e.event === 'released').map((e) => `${e.quantity} ${e.cause}`);
    expect(releases[0]).toBe('2 cancellation');
    expect(releases.slice(1).sort()).toEqual(['1 delivery', '5 delivery']);
    // A whole delivery releases all that is held.
    await ok('POST', '/reservations', reserveBody(b, 2, forInvoice));
    await withTenant(db, tenantId, (tx) => consumeForDocument(tx, rc, 'invoice', invoice.id));
    expect((await articleOf(b)).available).toBe(20);
  });

  it('answers the lines beyond what is available, services aside, and reserves what is available', async () => {
    const [a, b] = [await article(3), await article(10)];
    const service = await article(0, { nature: 'service' });
    const rc = { tenantId, userId: adminId };
    const lines = [
      { articleId: a, quantity: 2 },
      { articleId: b, quantity: 4 },
      { articleId: a, quantity: 2 },
      { articleId: service, quantity: 9 },
    ];
    const short = await withTenant(db, tenantId, (tx) => checkAvailability(tx, tenantId, lines));
    expect(short).toEqual([{ articleId: a, reference: `RES-${serial - 2}`, requested: 4, available: 3 }]);
    const ids = await withTenant(db, tenantId, (tx) =>
      reserve(tx, rc, lines, { until, mode: 'available', customerId }),
    );
    expect(ids).toHaveLength(2);
    expect([(await articleOf(a)).available, (await articleOf(b)).available]).toEqual([0, 6]);
  });
});

describe('creating an invoice beyond what is available (SPEC §5)', () => {
  const invoiceLine = (articleId: number, quantity: number) => ({
    articleId,
    quantity,
    unitPrice: '10.00',
    vatRate: '20',
    discount: '0',
  });
  const invoiceBody = (lines: object[], extra: object = {}) => ({ customerId, invoiceDate: today, lines, ...extra });
  const invoicesOf = async (articleId: number) =>
    (await ok<TList<TReservation>>('GET', `/reservations?articleId=${articleId}&status=active`)).items;

  it('answers 409 insufficient_available with the lines and their availability, and creates nothing', async () => {
    const [a, b] = [await article(5), await article(50)];
    await ok('POST', '/reservations', reserveBody(a, 2));
    const before = (await ok<TList<unknown>>('GET', '/invoices?limit=1')).total;
    const res = await call('POST', '/invoices', invoiceBody([invoiceLine(a, 4), invoiceLine(b, 3)]));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      code: 'insufficient_available',
      lines: [{ articleId: a, reference: `RES-${serial - 1}`, requested: 4, available: 3 }],
    });
    expect((await ok<TList<unknown>>('GET', '/invoices?limit=1')).total).toBe(before);
    // Within what is available: no question asked.
    expect((await call('POST', '/invoices', invoiceBody([invoiceLine(a, 3)]))).statusCode).toBe(200);
  });

  it('goes on without reserving when confirmed', async () => {
    const a = await article(1);
    const invoice = await ok<{ id: number; lines: unknown[] }>(
      'POST',
      '/invoices',
      invoiceBody([invoiceLine(a, 4)], { confirmWithoutReservation: true }),
    );
    expect(invoice.lines).toHaveLength(1);
    expect(await invoicesOf(a)).toEqual([]);
    expect((await articleOf(a)).available).toBe(1);
  });

  it('reserves what is available for the invoice when asked', async () => {
    const [a, b] = [await article(3), await article(10)];
    const invoice = await ok<{ id: number }>(
      'POST',
      '/invoices',
      invoiceBody([invoiceLine(a, 5), invoiceLine(b, 4)], { reserveAvailable: true }),
    );
    const [ra, rb] = [await invoicesOf(a), await invoicesOf(b)];
    expect(ra.map((r) => [r.quantity, r.documentType, r.documentId, r.customerId])).toEqual([
      [3, 'invoice', invoice.id, customerId],
    ]);
    expect(rb.map((r) => r.quantity)).toEqual([4]);
    expect(ra[0]!.until).toBe(addDaysTo(today, 30));
    expect([(await articleOf(a)).available, (await articleOf(b)).available]).toEqual([0, 6]);
    // Bad flags are a 400.
    const bad = await call('POST', '/invoices', invoiceBody([invoiceLine(a, 1)], { reserveAvailable: 'oui' }));
    expect(bad.statusCode).toBe(400);
  });

  it('converts a proforma: its reservations follow into the invoice, and beyond what is available it asks first', async () => {
    const [a, b] = [await article(6), await article(2)];
    const proforma = await ok<{ id: number }>('POST', '/proformas', {
      customerId,
      proformaDate: today,
      lines: [invoiceLine(a, 4), invoiceLine(b, 3)],
    });
    // The proforma holds 4 of a; b has 2 on hand for 3 asked.
    const held = await ok<TReservation>(
      'POST',
      '/reservations',
      reserveBody(a, 4, { documentType: 'proforma', documentId: proforma.id }),
    );
    const refused = await call('POST', `/proformas/${proforma.id}/convert`);
    expect(refused.statusCode, refused.body).toBe(409);
    // Only b is short: what the proforma holds of a is its own.
    expect(refused.json().lines).toEqual([{ articleId: b, reference: `RES-${serial}`, requested: 3, available: 2 }]);
    expect((await ok<{ status: string }>('GET', `/proformas/${proforma.id}`)).status).toBe('open');
    expect((await call('POST', `/proformas/${proforma.id}/convert`, { reserveAvailable: 'oui' })).statusCode).toBe(400);

    const { invoiceId } = await ok<{ invoiceId: number }>('POST', `/proformas/${proforma.id}/convert`, {
      reserveAvailable: true,
    });
    const [ra, rb] = [await invoicesOf(a), await invoicesOf(b)];
    expect(ra.map((r) => [r.id, r.quantity, r.documentType, r.documentId])).toEqual([
      [held.id, 4, 'invoice', invoiceId],
    ]);
    expect(rb.map((r) => [r.quantity, r.documentType, r.documentId])).toEqual([[2, 'invoice', invoiceId]]);
    expect([(await articleOf(a)).available, (await articleOf(b)).available]).toEqual([2, 0]);
  });
});

describe('never oversells', () => {
  it('50 concurrent reservations for the last 10 units: exactly 10 reserved, the others 409', async () => {
    const id = await article(10);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/reservations', reserveBody(id, 1))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('insufficient_available');
    const [held] = await platformRows<{ units: number }>(
      db,
      sql`select coalesce(sum(quantity), 0)::int as units from reservations where article_id = ${id} and status = 'active'`,
    );
    expect(held!.units).toBe(10);
    expect((await articleOf(id)).available).toBe(0);
  });
});
