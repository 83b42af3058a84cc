import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_ORDER_STATUSES, type TPurchaseOrder } from '@tagstock/contract';
import { pdfText } from '../../platform/pdf/pdf-text';
import { describeDocumentType } from '../../test/document-kit';
import { apiCalls, platformRows, setupTestApp, statementCounter } from '../../test/helper';
import { purchaseOrderType } from './purchasing.service';

const statements = statementCounter();
const ctx = await setupTestApp({}, { logQuery: statements.logQuery });
const db = ctx.database.db;

type Method = 'GET' | 'POST' | 'PUT';
let admin = '';
let acme = '';
let viewer = '';
const { call } = apiCalls(ctx, () => admin);

let supplierId = 0;
let modeId = 0;
let articles: { id: number; reference: string; designation: string; quantity: number }[] = [];
const today = new Date().toISOString().slice(0, 10);
/** The year of numbers: the server's date in Europe/Paris. */
const numberYear = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());

const createArticle = async (reference: string) => {
  const res = await call('POST', '/articles', {
    reference,
    designation: `Article ${reference}`,
    priceHt: '10.00',
    vatRate: '20',
    stockAlert: 0,
    supplierId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; reference: string; designation: string; quantity: number };
};

const orderBody = (lines: object[], extra: object = {}) => ({
  supplierId,
  paymentModeId: modeId,
  orderDate: today,
  expectedDate: null,
  notes: 'Livraison quai 2',
  lines,
  ...extra,
});
const line = (articleId: number, quantity: number, unitPrice = '10.00', vatRate = '20', discount = '0') => ({
  articleId,
  quantity,
  unitPrice,
  vatRate,
  discount,
});
const createOrder = async (lines: object[]) => {
  const res = await call('POST', '/purchase-orders', orderBody(lines));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TPurchaseOrder;
};
const stockOf = async (id: number) => ((await call('GET', `/articles/${id}`)).json() as { quantity: number }).quantity;

beforeAll(async () => {
  [admin, acme, viewer] = await Promise.all([
    ctx.token('admin@demo.test'),
    ctx.token('admin@acme.test'),
    ctx.token('viewer@demo.test'),
  ]);
  supplierId = (await call('POST', '/suppliers', { name: 'Fournisseur achats' })).json().id;
  const [mode] = await platformRows<{ id: number }>(
    db,
    sql`insert into payment_modes (tenant_id, label) select id, 'Virement test' from tenants where name = 'Demo'
        returning id`,
  );
  modeId = mode!.id;
  articles = await Promise.all(['PO-A', 'PO-B', 'PO-C'].map((r) => createArticle(r)));
});

describeDocumentType(purchaseOrderType, {
  ctx,
  path: '/purchase-orders',
  statuses: PURCHASE_ORDER_STATUSES,
  bodyStatuses: PURCHASE_ORDER_STATUSES,
  tokens: () => ({ admin, otherTenant: acme, reader: viewer }),
  body: (lines = 1) => orderBody(Array.from({ length: lines }, (_, i) => line(articles[i % 3]!.id, i + 1))),
  totals: {
    body: () =>
      orderBody([
        line(articles[0]!.id, 3, '0.33', '20'),
        line(articles[1]!.id, 1, '0.33', '20'),
        line(articles[2]!.id, 2, '5.00', '0'),
      ]),
    expected: {
      net: '11.32',
      vat: '0.26',
      gross: '11.58',
      byRate: [
        { category: 'Z', rate: '0.00', base: '10.00', vat: '0.00' },
        { category: 'S', rate: '20.00', base: '1.32', vat: '0.26' },
      ],
    },
  },
});

describe('purchase orders', () => {
  it('creates a numbered order in progress whose lines keep the article as written and whose totals are decimal', async () => {
    const [a, b, c] = articles;
    const order = await createOrder([
      line(a!.id, 3, '19.99', '20', '15'),
      { ...line(b!.id, 10, '0.33', '5.5'), designation: 'Gilet taille M' },
      line(c!.id, 1, '100.00', '0'),
    ]);
    expect(order.number).toMatch(new RegExp(`^BC-${numberYear}-\\d{6}$`));
    expect(order.status).toBe('in_progress');
    expect(order.receiptStatus).toBe('not_received');
    expect(order.lines.map((l) => [l.reference, l.designation, l.netAmount])).toEqual([
      ['PO-A', 'Article PO-A', '50.97'],
      ['PO-B', 'Gilet taille M', '3.30'],
      ['PO-C', 'Article PO-C', '100.00'],
    ]);
    expect(order.totals).toEqual({
      net: '154.27',
      vat: '10.37',
      gross: '164.64',
      byRate: [
        { category: 'Z', rate: '0.00', base: '100.00', vat: '0.00' },
        { category: 'S', rate: '5.50', base: '3.30', vat: '0.18' },
        { category: 'S', rate: '20.00', base: '50.97', vat: '10.19' },
      ],
    });
    expect([order.totalNet, order.totalVat, order.totalGross, order.lineCount]).toEqual([
      '154.27',
      '10.37',
      '164.64',
      3,
    ]);
    expect(order.supplierName).toBe('Fournisseur achats');
    expect(order.paymentModeLabel).toBe('Virement test');

    // Renaming the article later leaves the order's line as it was written.
    await call('PUT', `/articles/${a!.id}`, {
      reference: 'PO-A',
      designation: 'Renamed',
      priceHt: '10.00',
      vatRate: '20',
      stockAlert: 0,
      supplierId,
    });
    expect((await call('GET', `/purchase-orders/${order.id}`)).json().lines[0].designation).toBe('Article PO-A');

    const list = await call('GET', `/purchase-orders?search=${order.number}`);
    expect(list.json().items.map((o: TPurchaseOrder) => o.id)).toEqual([order.id]);
    const byArticle = await call('GET', `/purchase-orders?articleId=${b!.id}&status=in_progress`);
    expect(byArticle.json().items.map((o: TPurchaseOrder) => o.id)).toContain(order.id);
  });

  it('refuses bad input with field errors, never a 500', async () => {
    const missing = await call('POST', '/purchase-orders', { orderDate: today, lines: [] });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['paymentModeId', 'supplierId']);
    for (const body of [
      orderBody([], { orderDate: '2026-02-30' }),
      orderBody([line(articles[0]!.id, 0)]),
      orderBody([line(articles[0]!.id, 1, '10.123')]),
      orderBody([line(articles[0]!.id, 1, '10', '101')]),
      orderBody([line(articles[0]!.id, 1_000_001)]),
      orderBody([line(2147483648, 1)]),
      orderBody([], { notes: 'x\u0000' }),
      orderBody([], { extra: true }),
    ]) {
      const res = await call('POST', '/purchase-orders', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // References of another tenant are unknown here.
    const acmeSupplier = (await call('POST', '/suppliers', { name: 'Fournisseur Acme' }, acme)).json().id;
    const acmeArticle = (
      await call(
        'POST',
        '/articles',
        { reference: 'ACME-PO', designation: 'x', priceHt: '1', vatRate: '20', stockAlert: 0 },
        acme,
      )
    ).json().id;
    const foreign = await call(
      'POST',
      '/purchase-orders',
      orderBody([line(acmeArticle, 1)], { supplierId: acmeSupplier }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('unknown_reference');
    expect(foreign.json().errors.map((e: { field: string }) => e.field)).toEqual(['supplierId', 'lines.0.articleId']);
  });

  it('edits an order in progress only, and logs every change', async () => {
    const order = await createOrder([line(articles[0]!.id, 2)]);
    const edited = await call(
      'PUT',
      `/purchase-orders/${order.id}`,
      orderBody([line(articles[0]!.id, 5), line(articles[1]!.id, 1, '2.50')], { notes: 'Urgent' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().totalNet).toBe('52.50');
    expect(edited.json().number).toBe(order.number);

    expect((await call('POST', `/purchase-orders/${order.id}/status`, { status: 'done' })).statusCode).toBe(200);
    const locked = await call('PUT', `/purchase-orders/${order.id}`, orderBody([line(articles[0]!.id, 1)]));
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('document_locked');

    const history = (await call('GET', `/purchase-orders/${order.id}/history`)).json();
    expect(history.map((e: { action: string }) => e.action)).toEqual(['created', 'updated', 'status']);
    expect(history[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'notes', from: 'Livraison quai 2', to: 'Urgent' },
        { field: 'lines', from: 1, to: 2 },
        { field: 'totalNet', from: '20.00', to: '52.50' },
      ]),
    );
    expect(history[2].changes).toEqual([{ field: 'status', from: 'in_progress', to: 'done' }]);
    expect(history[2].userName).toBeTruthy();
  });

  it('receives part then the rest into stock, refuses an unconfirmed over-receipt, then refuses to cancel', async () => {
    const [a, b] = articles;
    const order = await createOrder([line(a!.id, 4), line(b!.id, 2)]);
    const [la, lb] = order.lines;
    const receipt = (lines: object[], extra: object = {}) =>
      call('POST', `/purchase-orders/${order.id}/receipts`, { receiptDate: today, lines, ...extra });

    const early = await receipt([{ lineId: la!.id, quantity: 1 }]);
    expect([early.statusCode, early.json().code]).toEqual([409, 'invalid_transition']);
    await call('POST', `/purchase-orders/${order.id}/status`, { status: 'done' });

    const before = [await stockOf(a!.id), await stockOf(b!.id)];
    const part = await receipt([{ lineId: la!.id, quantity: 3 }]);
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().receiptStatus).toBe('partially_received');
    expect(part.json().lines.map((l: { receivedQuantity: number }) => l.receivedQuantity)).toEqual([3, 0]);
    expect(await stockOf(a!.id)).toBe(before[0]! + 3);

    const over = await receipt([
      { lineId: la!.id, quantity: 2 },
      { lineId: lb!.id, quantity: 2 },
    ]);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('over_receipt');
    expect(over.json().errors).toEqual([
      expect.objectContaining({
        field: 'lines.0.quantity',
        code: 'too_large',
        params: { maximum: 1, inclusive: true },
      }),
    ]);
    expect(await stockOf(a!.id)).toBe(before[0]! + 3);

    const rest = await receipt(
      [
        { lineId: la!.id, quantity: 2 },
        { lineId: lb!.id, quantity: 2 },
      ],
      { confirmOverReceipt: true, note: 'Un de plus' },
    );
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().receiptStatus).toBe('received');
    expect([await stockOf(a!.id), await stockOf(b!.id)]).toEqual([before[0]! + 5, before[1]! + 2]);

    const movements = (await call('GET', `/articles/${a!.id}/movements`)).json().items;
    expect(movements[0]).toEqual(
      expect.objectContaining({
        reasonCode: 'receipt',
        note: order.number,
        sourceType: 'purchase_order',
        sourceId: order.id,
      }),
    );
    // The history's receipt entries: numbers as changes, no English words in the summary.
    const history = (await call('GET', `/purchase-orders/${order.id}/history`)).json();
    expect(history.at(-1)).toMatchObject({
      action: 'received',
      summary: order.number,
      byPlatform: false,
      changes: [
        { field: 'receiptStatus', from: 'partially_received', to: 'received' },
        { field: 'receivedUnits', from: null, to: 4 },
      ],
    });
    const receipts = (await call('GET', `/purchase-orders/${order.id}/receipts`)).json();
    expect(receipts).toHaveLength(2);
    expect(receipts[0].lines).toEqual([
      { lineId: la!.id, articleId: a!.id, reference: 'PO-A', quantity: 2, epcCount: 0 },
      { lineId: lb!.id, articleId: b!.id, reference: 'PO-B', quantity: 2, epcCount: 0 },
    ]);

    const cancel = await call('POST', `/purchase-orders/${order.id}/status`, { status: 'canceled' });
    expect([cancel.statusCode, cancel.json().code]).toEqual([409, 'invalid_transition']);

    const unknown = await receipt([{ lineId: 2147483647, quantity: 1 }]);
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'unknown_reference']);
    const twice = await receipt([
      { lineId: la!.id, quantity: 1 },
      { lineId: la!.id, quantity: 1 },
    ]);
    expect(twice.statusCode).toBe(400);
  });

  it('binds the EPCs of received items to their article, in stock, and refuses EPCs it cannot receive', async () => {
    const [a, b] = articles;
    const order = await createOrder([line(a!.id, 3), line(b!.id, 2)]);
    await call('POST', `/purchase-orders/${order.id}/status`, { status: 'done' });
    const [la, lb] = order.lines;
    const receipt = (lines: object[]) =>
      call('POST', `/purchase-orders/${order.id}/receipts`, { receiptDate: today, lines });
    const epc = (n: number) => `E28011700000000000${String(n).padStart(6, '0')}`;
    // Registered by a platform delivery (no article, a family), of article A and out of stock, of article B.
    await platformRows(
      db,
      sql`insert into tags (tenant_id, epc, article_id, family_id, in_stock)
          select t.id, v.epc, v.article_id, f.id, v.in_stock
          from tenants t
          cross join (values (${epc(1)}, null::int, true), (${epc(2)}, ${a!.id}::int, false),
                             (${epc(4)}, ${b!.id}::int, false)) v(epc, article_id, in_stock)
          left join lateral (select id from tag_families where tenant_id = t.id order by id limit 1) f on v.epc = ${epc(1)}
          where t.name = 'Demo'`,
    );
    const tagsOf = () =>
      platformRows<{ epc: string; articleId: number | null; inStock: boolean; familyId: number | null }>(
        db,
        sql`select epc, article_id as "articleId", in_stock as "inStock", family_id as "familyId" from tags
            where epc like 'E28011700000000000%' order by epc`,
      );
    const before = await tagsOf();
    expect(before[0]!.familyId).not.toBeNull();
    const stock = await stockOf(a!.id);

    const tooMany = await receipt([{ lineId: la!.id, quantity: 1, epcs: [epc(1), epc(3)] }]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([
      expect.objectContaining({ field: 'lines.0.epcs', code: 'too_many', params: { maximum: 1 } }),
    ]);
    const invalid = await receipt([{ lineId: la!.id, quantity: 1, epcs: ['not an EPC'] }]);
    expect([invalid.statusCode, invalid.json().errors[0].field]).toEqual([400, 'lines.0.epcs.0']);
    const twice = await receipt([
      { lineId: la!.id, quantity: 1, epcs: [epc(3)] },
      { lineId: lb!.id, quantity: 1, epcs: [epc(3).toLowerCase()] },
    ]);
    expect([twice.statusCode, twice.json().errors[0].field]).toEqual([400, 'lines.1.epcs']);
    const elsewhere = await receipt([{ lineId: la!.id, quantity: 2, epcs: [epc(3), epc(4)] }]);
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([409, 'epc_not_receivable']);
    expect(elsewhere.json().params).toEqual({ count: 1, epcs: epc(4) });
    // Nothing was written by the refused receipts.
    expect(await tagsOf()).toEqual(before);
    expect(await stockOf(a!.id)).toBe(stock);
    expect((await call('GET', `/purchase-orders/${order.id}/receipts`)).json()).toEqual([]);

    const ok = await receipt([
      { lineId: la!.id, quantity: 3, epcs: [epc(1), epc(2), epc(3)] },
      { lineId: lb!.id, quantity: 1 },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await stockOf(a!.id)).toBe(stock + 3);
    const after = await tagsOf();
    expect(after.map((t) => [t.epc, t.articleId, t.inStock])).toEqual([
      [epc(1), a!.id, true],
      [epc(2), a!.id, true],
      [epc(3), a!.id, true],
      [epc(4), b!.id, false],
    ]);
    expect(after[0]!.familyId).toBe(before[0]!.familyId);
    const [saved] = (await call('GET', `/purchase-orders/${order.id}/receipts`)).json();
    expect(saved.lines.map((l: { epcCount: number }) => l.epcCount)).toEqual([3, 0]);

    // The same items cannot come in twice: they are in stock already.
    const again = await receipt([{ lineId: lb!.id, quantity: 1, epcs: [epc(1)] }]);
    expect([again.statusCode, again.json().code]).toEqual([409, 'epc_not_receivable']);
  });

  it('prints an order as a PDF in the user’s language or the one asked, with the company and the supplier', async () => {
    const order = await createOrder([line(articles[0]!.id, 2, '12.50'), line(articles[1]!.id, 1, '3.00', '5.5')]);
    const res = await call('GET', `/purchase-orders/${order.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${order.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(order.number);
    expect(text).toContain('Fournisseur achats');
    expect(text).toContain('Bon de commande');
    expect(text).toContain('Virement test');
    const english = await pdfText((await call('GET', `/purchase-orders/${order.id}/pdf?lang=en`)).rawPayload);
    expect(english).toContain('Purchase order');
    expect((await call('GET', `/purchase-orders/${order.id}/pdf?lang=de`)).statusCode).toBe(400);
    expect((await call('GET', `/purchase-orders/${order.id}/pdf`, undefined, acme)).statusCode).toBe(404);
    expect((await call('GET', `/purchase-orders/${order.id}/pdf`, undefined, viewer)).statusCode).toBe(200);
  });

  it('tells what an article has on order', async () => {
    const article = await createArticle('PO-ON-ORDER');
    const first = await createOrder([line(article.id, 7)]);
    const second = await createOrder([line(article.id, 3)]);
    await call('POST', `/purchase-orders/${second.id}/status`, { status: 'done' });
    await call('POST', `/purchase-orders/${second.id}/receipts`, {
      receiptDate: today,
      lines: [{ lineId: second.lines[0]!.id, quantity: 1 }],
    });
    const canceled = await createOrder([line(article.id, 100)]);
    await call('POST', `/purchase-orders/${canceled.id}/status`, { status: 'canceled' });
    const onOrder = (await call('GET', `/articles/${article.id}/on-order`)).json();
    expect(onOrder.quantityOnOrder).toBe(9);
    expect(onOrder.orders.map((o: { id: number }) => o.id).sort()).toEqual([first.id, second.id].sort());
  });

  it('refuses to send an empty order, hides receipts from another tenant and numbers per tenant', async () => {
    const empty = await createOrder([]);
    const refused = await call('POST', `/purchase-orders/${empty.id}/status`, { status: 'done' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'invalid_transition']);
    const order = await createOrder([line(articles[0]!.id, 1)]);
    const receipt = { receiptDate: today, lines: [{ lineId: order.lines[0]!.id, quantity: 1 }] };
    const notSent = await call('POST', `/purchase-orders/${order.id}/receipts`, receipt);
    expect([notSent.statusCode, notSent.json().code]).toEqual([409, 'invalid_transition']);
    for (const [method, url, body] of [
      ['POST', `/purchase-orders/${order.id}/receipts`, receipt],
      ['GET', `/purchase-orders/${order.id}/receipts`],
      ['GET', `/articles/${articles[0]!.id}/on-order`],
    ] as [Method, string, object?][]) {
      expect((await call(method, url, body, acme)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, body, viewer)).statusCode, `${method} ${url}`).toBe(method === 'GET' ? 200 : 403);
    }
    expect((await call('GET', `/purchase-orders?supplierId=${supplierId}`, undefined, acme)).json().items).toEqual([]);
    // Numbers are per tenant: Acme's series starts at 1 whatever Demo issued.
    const acmeMode = await platformRows<{ id: number }>(
      db,
      sql`insert into payment_modes (tenant_id, label) select id, 'Mode de test Acme' from tenants where name = 'Acme' returning id`,
    );
    const acmeSupplier = (await call('POST', '/suppliers', { name: 'Acme fournisseur 2' }, acme)).json().id;
    const acmeOrder = await call(
      'POST',
      '/purchase-orders',
      orderBody([], { supplierId: acmeSupplier, paymentModeId: acmeMode[0]!.id }),
      acme,
    );
    expect(acmeOrder.json().number).toBe(`BC-${numberYear}-000001`);
    // The number's year is the server's, not the one of a date the user typed.
    const backdated = await call('POST', '/purchase-orders', orderBody([], { orderDate: '2020-06-15' }));
    expect([backdated.json().orderDate, backdated.json().number.slice(0, 8)]).toEqual([
      '2020-06-15',
      `BC-${numberYear}-`,
    ]);
  });

  it('receives a 1,000-line order with its EPCs in as many statements as a 10-line one', async () => {
    const many = await platformRows<{ id: number }>(
      db,
      sql`insert into articles (tenant_id, reference, designation, price_ht, vat_rate, price_ttc)
          select t.id, 'PO-BULK-' || g, 'Bulk ' || g, 1, 20, 1.2 from tenants t, generate_series(1, 1000) g
          where t.name = 'Demo' returning id`,
    );
    const measure = async (count: number) => {
      const order = await createOrder(many.slice(0, count).map((a) => line(a.id, 2, '1.00')));
      await call('POST', `/purchase-orders/${order.id}/status`, { status: 'done' });
      // Nothing else queries meanwhile: the reader sweep is stopped and the session is in the cache.
      ctx.app.readerStatus.stop();
      await call('GET', `/purchase-orders/${order.id}`);
      const { result: res, statements: run } = await statements.count(() =>
        call('POST', `/purchase-orders/${order.id}/receipts`, {
          receiptDate: today,
          // One EPC per line: binding the tags costs no statement per line either.
          lines: order.lines.map((l, i) => ({
            lineId: l.id,
            quantity: 2,
            epcs: [`E2801170${String(count).padStart(4, '0')}${String(i).padStart(12, '0')}`],
          })),
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().receiptStatus).toBe('received');
      return run;
    };
    const ten = await measure(10);
    const thousand = await measure(1000);
    expect(ten).toBeGreaterThan(0);
    expect(thousand).toBe(ten);
    const [stock] = await platformRows<{ total: number }>(
      db,
      sql`select sum(quantity)::int as total from articles where reference like 'PO-BULK-%'`,
    );
    expect(stock!.total).toBe(2 * 1000 + 2 * 10);
  });
});
