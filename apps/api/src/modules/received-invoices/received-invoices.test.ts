import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TEinvoiceFailure, TReceivedInvoice, TReceivedInvoiceSummary } from '@tagstock/contract';
import { withTenant } from '../../db/client';
import { apiCalls, multipartFile, platformRows, setupTestApp } from '../../test/helper';
import { matchPurchaseOrder } from './received-invoices.service';

const ctx = await setupTestApp();
const api = '/backend/api';
const db = ctx.database.db;

const example = (name: string) => readFileSync(new URL(`./testdata/${name}`, import.meta.url));
const EXAMPLE1 = example('CII_example1.xml');
const EXAMPLE5 = example('CII_example5.xml');
const BUSINESS = example('CII_business_example_01.xml');
/** Example 1 with its total with VAT changed: BR-CO-15 (and BR-CO-16) fail. */
const BROKEN = Buffer.from(
  EXAMPLE1.toString('utf8').replace(
    '<ram:GrandTotalAmount>250.33</ram:GrandTotalAmount>',
    '<ram:GrandTotalAmount>250.43</ram:GrandTotalAmount>',
  ),
);

let admin = '';
let acme = '';
let viewer = '';
const { call } = apiCalls(ctx, () => admin);
/** Sends a file as the web does: `confirmBuyer` once the user has said that another buyer is fine. */
const send = (name: string, content: Buffer | string, type: string, token: string, confirmBuyer: boolean) =>
  ctx.as(token, {
    method: 'POST',
    url: `${api}/received-invoices${confirmBuyer ? '?confirmBuyer=true' : ''}`,
    ...multipartFile(name, content, type),
  });
/** The official examples are addressed to other companies than Demo's: they are received once confirmed. */
const upload = (name: string, content: Buffer | string, type = 'application/octet-stream', token = admin) =>
  send(name, content, type, token, true);
/** As the first click sends it, before any question. */
const uploadAsIs = (name: string, content: Buffer | string, type = 'application/octet-stream', token = admin) =>
  send(name, content, type, token, false);

const vatOf = (vat: string) =>
  `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${vat}</ram:ID></ram:SpecifiedTaxRegistration>`;
/** Example 1 with its buyer (ODIN 59, named only) changed: another name, its SIREN, its VAT number. */
const withBuyer = (name: string, { siren, vat }: { siren?: string; vat?: string } = {}) =>
  Buffer.from(
    EXAMPLE1.toString('utf8')
      .replace(
        '<ram:Name>ODIN 59</ram:Name>',
        `<ram:Name>${name}</ram:Name>${
          siren
            ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${siren}</ram:ID></ram:SpecifiedLegalOrganization>`
            : ''
        }`,
      )
      .replace(/(<\/ram:PostalTradeAddress>\s*)(<\/ram:BuyerTradeParty>)/, `$1${vat ? vatOf(vat) : ''}$2`),
  );
const frenchFailures = (invoice: TReceivedInvoice) =>
  invoice.validation.failures.filter((f: TEinvoiceFailure) => f.source === 'fr' || f.source === 'facturx');

/** A PDF with the invoice attached as factur-x.xml, as a Factur-X producer other than us writes it. */
async function facturX(xml: Buffer | null) {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Facture');
  if (xml) await doc.attach(xml, 'factur-x.xml', { mimeType: 'text/xml', description: 'Factur-X' });
  return Buffer.from(await doc.save());
}

let supplierId = 0;
let orderId = 0;
let orderNumber = '';

beforeAll(async () => {
  [admin, acme, viewer] = await Promise.all([
    ctx.token('admin@demo.test'),
    ctx.token('admin@acme.test'),
    ctx.token('viewer@demo.test'),
  ]);
  // Example 1's seller, known to the Demo tenant by its VAT number written differently.
  const supplier = await call('POST', '/suppliers', { name: 'De Koksmaat', vatNumber: 'nl 8200 98 395 b01' });
  expect(supplier.statusCode, supplier.body).toBe(200);
  supplierId = supplier.json().id;
  const [mode] = await platformRows<{ id: number }>(
    db,
    sql`insert into payment_modes (tenant_id, label) select id, 'Virement réception' from tenants where name = 'Demo'
        returning id`,
  );
  // An order for three of the invoice's items (seller item ids as references), partly received.
  const articles = [];
  for (const reference of ['166022', '661813', '438146']) {
    const res = await call('POST', '/articles', {
      reference,
      designation: `Article ${reference}`,
      priceHt: '9.00',
      vatRate: '6',
      stockAlert: 0,
      supplierId,
    });
    expect(res.statusCode, res.body).toBe(200);
    articles.push(res.json() as { id: number });
  }
  const order = await call('POST', '/purchase-orders', {
    supplierId,
    paymentModeId: mode!.id,
    orderDate: '2015-01-02',
    expectedDate: null,
    notes: null,
    lines: articles.map((a, i) => ({ articleId: a.id, quantity: 2 + i, unitPrice: '9.00', vatRate: '6' })),
  });
  expect(order.statusCode, order.body).toBe(200);
  orderId = order.json().id;
  orderNumber = order.json().number;
  expect((await call('POST', `/purchase-orders/${orderId}/status`, { status: 'done' })).statusCode).toBe(200);
  const lines = order.json().lines as { id: number }[];
  const receipt = await call('POST', `/purchase-orders/${orderId}/receipts`, {
    receiptDate: '2015-01-08',
    lines: [{ lineId: lines[0]!.id, quantity: 2 }],
  });
  expect(receipt.statusCode, receipt.body).toBe(200);
});

describe('received invoices', () => {
  let example1Id = 0;

  it('asks before keeping an invoice addressed to another company, then keeps it once confirmed', async () => {
    // Example 1's buyer is ODIN 59 (no SIREN, no VAT number): a name clearly not Démo Distribution's.
    const asked = await uploadAsIs('CII_example1.xml', EXAMPLE1, 'text/xml');
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.headers['content-type']).toMatch(/problem\+json/);
    expect(asked.json()).toMatchObject({
      code: 'buyer_mismatch',
      params: {
        buyerName: 'ODIN 59',
        buyerSiren: null,
        buyerVatNumber: null,
        companyName: 'Démo Distribution',
        companySiren: '631229838',
        companyVatNumber: 'FR42631229838',
        by: 'name',
      },
    });
    // Another company's VAT number (business example 1: The Buyercompany, NO987654321MVA) is told apart by it.
    const byVat = await uploadAsIs('CII_business_example_01.xml', BUSINESS, 'application/xml');
    expect(byVat.json()).toMatchObject({
      code: 'buyer_mismatch',
      params: { buyerName: 'The Buyercompany', buyerVatNumber: 'NO987654321MVA', by: 'vatNumber' },
    });
    // Nothing was kept.
    expect((await call('GET', '/received-invoices')).json().total).toBe(0);
  });

  it('accepts the official examples of other producers once confirmed, valid, with their lines, totals and VAT breakdown', async () => {
    const res = await upload('CII_example1.xml', EXAMPLE1, 'text/xml');
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json() as TReceivedInvoice;
    example1Id = invoice.id;
    expect(invoice).toMatchObject({
      number: '12115118',
      typeCode: '380',
      issueDate: '2015-01-09',
      dueDate: '2015-01-09',
      currency: 'EUR',
      sellerName: 'De Koksmaat',
      valid: true,
      errorCount: 0,
      lineCount: 20,
      fileName: 'CII_example1.xml',
      fileType: 'application/xml',
      fileSize: EXAMPLE1.length,
      totals: { lines: '229.6', net: '229.6', vat: '20.73', gross: '250.33', duePayable: '250.33' },
      totalGross: '250.33',
      seller: { name: 'De Koksmaat', vatNumber: 'NL8200.98.395.B.01', country: 'NL', postcode: '1950 AB' },
      buyer: { name: 'ODIN 59', city: 'HEEMSKERK' },
      receivedByName: expect.any(String),
      buyerConfirmed: true,
    });
    // Valid against EN 16931, with no failure of it; written before the French rules, it fails them.
    expect(invoice.validation.valid).toBe(true);
    expect(invoice.validation.failures.filter((f) => f.source === 'xsd' || f.source === 'en16931')).toEqual([]);
    // Its French failures are fatal but one Factur-X warning.
    expect(invoice).toMatchObject({ frCompliant: false, frErrorCount: frenchFailures(invoice).length - 1 });
    expect(invoice.validation.failureCount).toBe(invoice.validation.failures.length);
    // The French rules it fails, by rule id, in French (theirs are French already), as EN 16931's are shown.
    const billingMode = invoice.validation.failures.find((f) => f.ruleId === 'BR-FR-08')!;
    expect(billingMode).toMatchObject({ source: 'fr', flag: 'fatal' });
    expect(billingMode.message).toMatch(/^La valeur du mode de facturation \(ram:ID\) est absente/);
    expect(billingMode.message).toContain('Valeurs acceptées\u202f:');
    const rates = invoice.validation.failures.filter((f) => f.ruleId === 'BR-FR-16');
    expect(rates.map((f) => f.message)).toContain(
      'Le taux de TVA (BT-119) doit être exprimé en pourcentage sans symbole «\u202f%\u202f» et faire partie des valeurs autorisées. Taux fourni\u202f: "6".',
    );
    // An empty element: a Factur-X warning, in French too.
    expect(invoice.validation.failures.find((f) => f.source === 'facturx')).toMatchObject({
      ruleId: 'FX-SCH-A-000372',
      flag: 'warning',
      message: 'Règle PEPPOL-EN16931-R008 du profil Factur-X\u202f: Le document ne doit contenir aucun élément vide.',
    });
    expect(invoice.vatBreakdown).toEqual([
      { category: 'S', rate: '6', base: '183.23', vat: '10.99', exemptionReason: null },
      { category: 'S', rate: '21', base: '46.37', vat: '9.74', exemptionReason: null },
    ]);
    expect(invoice.lines[0]).toEqual({
      id: '1',
      name: 'PATAT FRITES 10MM 10KG',
      sellerItemId: '166022',
      quantity: '2',
      unitCode: 'H87',
      unitPrice: '9.95',
      net: '19.9',
      vatRate: '6',
      vatCategory: 'S',
    });

    // Several rates and allowances and charges (example 5), rates at 0, 15 and 25 % with allowances (business 1).
    for (const [name, data, lines] of [
      ['CII_example5.xml', EXAMPLE5, 3],
      ['CII_business_example_01.xml', BUSINESS, 5],
    ] as const) {
      const other = await upload(name, data, 'application/xml');
      expect(other.statusCode, other.body).toBe(200);
      const body = other.json() as TReceivedInvoice;
      expect(
        body.validation.failures.filter((f) => f.flag === 'fatal' && (f.source === 'xsd' || f.source === 'en16931')),
        name,
      ).toEqual([]);
      expect(body, name).toMatchObject({
        valid: true,
        errorCount: 0,
        frCompliant: false,
        lineCount: lines,
        supplierId: null,
        purchaseOrderId: null,
      });
    }
    // Example 5 states its VAT in the invoice currency (DKK) and in the accounting currency (EUR).
    const five = (await call('GET', '/received-invoices?search=SellerCompany')).json()
      .items[0] as TReceivedInvoiceSummary;
    const detail = (await call('GET', `/received-invoices/${five.id}`)).json() as TReceivedInvoice;
    expect(detail).toMatchObject({
      currency: 'DKK',
      buyerOrderReference: 'PO4711',
      totals: { vat: '675.00', gross: '4675', duePayable: '2337.5' },
    });
    expect(detail.vatBreakdown.map((v) => v.rate)).toEqual(['25', '12']);
    // The Factur-X profile does not use its kind of additional document (a French platform would refuse it).
    expect(detail.validation.failures.filter((f) => f.source === 'facturx')).toEqual([
      expect.objectContaining({ ruleId: 'FX-SCH', flag: 'fatal' }),
      expect.objectContaining({ ruleId: 'FX-SCH', flag: 'fatal' }),
    ]);
    expect(detail.validation.failures.find((f) => f.source === 'facturx')!.message).toMatch(
      /^La variante d’élément ram:AdditionalReferencedDocument\[.*\] n’est pas utilisée à cet endroit dans le profil EN 16931 de Factur-X\.$/,
    );
    // The list says it too, without the failures.
    expect(five).toMatchObject({ valid: true, frCompliant: false, frErrorCount: detail.frErrorCount });
  });

  it('links an invoice to its supplier by VAT number and to the order whose references cover its lines', async () => {
    const invoice = (await call('GET', `/received-invoices/${example1Id}`)).json() as TReceivedInvoice;
    expect(invoice).toMatchObject({
      supplierId,
      supplierName: 'De Koksmaat',
      purchaseOrderId: orderId,
      purchaseOrderNumber: orderNumber,
    });
    // Each invoice line beside the order's line of the same reference: ordered, received, invoiced.
    expect(invoice.orderMatch.slice(0, 4)).toEqual([
      { lineId: '1', reference: '166022', designation: 'Article 166022', ordered: 2, received: 2, invoiced: '2' },
      { lineId: '2', reference: '661813', designation: 'Article 661813', ordered: 3, received: 0, invoiced: '1' },
      { lineId: '3', reference: '438146', designation: 'Article 438146', ordered: 4, received: 0, invoiced: '1' },
      {
        lineId: '4',
        reference: '438103',
        designation: 'FRITESSAUS 3 LRR',
        ordered: null,
        received: null,
        invoiced: '2',
      },
    ]);
    expect(invoice.orderMatch).toHaveLength(20);

    // By the order number the invoice gives (BT-13), with or without its supplier.
    const [demo] = await platformRows<{ id: number }>(db, sql`select id from tenants where name = 'Demo'`);
    const byNumber = (supplier: number | null, reference: string) =>
      withTenant(db, demo!.id, (tx) =>
        matchPurchaseOrder(tx, demo!.id, supplier, { buyerOrderReference: reference, lines: [] }),
      );
    expect(await byNumber(null, orderNumber.toLowerCase())).toBe(orderId);
    expect(await byNumber(supplierId, orderNumber)).toBe(orderId);
    expect(await byNumber(supplierId + 1000, orderNumber)).toBeNull();
    expect(await byNumber(null, 'PO4711')).toBeNull();

    const list = (await call('GET', `/received-invoices?supplierId=${supplierId}`)).json();
    expect(list).toMatchObject({ total: 1, page: 1, items: [{ id: example1Id, supplierName: 'De Koksmaat' }] });
  });

  it('keeps a broken copy, invalid, with its failed rules in French and in English', async () => {
    const res = await upload('broken.xml', BROKEN, 'text/xml');
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json() as TReceivedInvoice;
    expect(invoice).toMatchObject({ valid: false, totalGross: '250.43', supplierId, purchaseOrderId: orderId });
    const rules = invoice.validation.failures.map((f) => f.ruleId);
    expect(rules).toEqual(expect.arrayContaining(['BR-CO-15', 'BR-CO-16']));
    expect(invoice.errorCount).toBe(
      invoice.validation.failures.filter((f) => f.flag === 'fatal' && (f.source === 'xsd' || f.source === 'en16931'))
        .length,
    );
    const co15 = invoice.validation.failures.find((f) => f.ruleId === 'BR-CO-15')!;
    expect(co15).toMatchObject({
      flag: 'fatal',
      message:
        'Le montant total TVA comprise (BT-112) doit être égal au montant total hors TVA (BT-109) plus le montant total de la TVA (BT-110).',
      messageEn: expect.stringContaining('Invoice total amount with VAT (BT-112)'),
    });
    const invalid = (await call('GET', '/received-invoices?valid=false')).json();
    expect(invalid.items.map((i: TReceivedInvoiceSummary) => i.id)).toEqual([invoice.id]);
    expect((await call('GET', '/received-invoices?valid=true')).json().total).toBe(3);
  });

  it('recognises the same file received twice (409 already_received, with the first one)', async () => {
    const again = await upload('copie.xml', EXAMPLE1, 'text/xml');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_received', params: { id: example1Id } });
    // Another tenant may receive the same file.
    const acmeCopy = await upload('CII_example1.xml', EXAMPLE1, 'text/xml', acme);
    expect(acmeCopy.statusCode, acmeCopy.body).toBe(200);
    expect(acmeCopy.json()).toMatchObject({ supplierId: null, purchaseOrderId: null });
  });

  it('reads a Factur-X PDF, keeps it unchanged and gives it back byte for byte', async () => {
    const pdf = await facturX(EXAMPLE5.subarray(0));
    // The XML of example 5 is received already: the PDF is another file, but a new invoice of the same XML.
    const res = await upload('facture été.pdf', pdf, 'application/pdf');
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json() as TReceivedInvoice;
    expect(invoice).toMatchObject({
      fileType: 'application/pdf',
      fileName: 'facture été.pdf',
      fileSize: pdf.length,
      valid: true,
      number: 'TOSL110',
    });
    const file = await call('GET', `/received-invoices/${invoice.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''facture%20%C3%A9t%C3%A9.pdf");
    expect(Buffer.compare(file.rawPayload, pdf)).toBe(0);

    const xml = await call('GET', `/received-invoices/${example1Id}/file`);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(Buffer.compare(xml.rawPayload, EXAMPLE1)).toBe(0);
  });

  it('receives the Factur-X PDF/A-3 an invoice issued by another Tagstock tenant prints, matched to its supplier', async () => {
    // Demo issues an invoice to one of its customers; Acme, whose supplier Demo is, receives its PDF.
    const customers = (await call('GET', '/customers?limit=100')).json().items as { id: number; name: string }[];
    const article = (await call('GET', '/articles?search=166022')).json().items[0] as { id: number };
    const draft = await call('POST', '/invoices', {
      customerId: customers.find((c) => c.name === 'Boulangerie Moreau')!.id,
      invoiceDate: new Date().toISOString().slice(0, 10),
      lines: [{ articleId: article.id, quantity: 3, unitPrice: '12.50', vatRate: '20' }],
      confirmWithoutReservation: true,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const issued = await call('POST', `/invoices/${draft.json().id}/status`, { status: 'issued' });
    expect(issued.statusCode, issued.body).toBe(200);
    const pdf = await call('GET', `/invoices/${draft.json().id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const company = (await call('GET', '/company')).json() as { name: string; vatNumber: string; siren: string };
    const demoAsSupplier = await call('POST', '/suppliers', { name: 'Demo (fournisseur)', siren: company.siren }, acme);
    expect(demoAsSupplier.statusCode, demoAsSupplier.body).toBe(200);

    const res = await upload(`${issued.json().number}.pdf`, pdf.rawPayload, 'application/pdf', acme);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      number: issued.json().number,
      valid: true,
      fileType: 'application/pdf',
      sellerName: company.name,
      seller: { siren: company.siren, vatNumber: company.vatNumber },
      supplierId: demoAsSupplier.json().id,
      totals: { net: '37.50', vat: '7.50', gross: '45.00' },
      lines: [{ sellerItemId: '166022', quantity: '3' }],
    });
    // What Tagstock issues passes every check, the French platform rules included.
    expect(res.json()).toMatchObject({ frCompliant: true, frErrorCount: 0, validation: { failures: [] } });
  });

  it('refuses what is not an e-invoice with a clear reason, and files that are too large', async () => {
    const refusal = async (res: Awaited<ReturnType<typeof upload>>, status: number) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
      return res.json() as { code: string; params?: { reason?: string }; detail: string };
    };
    const plainPdf = await refusal(await upload('devis.pdf', await facturX(null), 'application/pdf'), 400);
    expect(plainPdf).toMatchObject({ code: 'invalid_einvoice', params: { reason: 'no_xml_in_pdf' } });
    expect(plainPdf.detail).toContain('factur-x.xml');
    // A purchase order PDF of our own: a PDF, but no invoice inside.
    const orderPdf = await call('GET', `/purchase-orders/${orderId}/pdf`);
    expect(orderPdf.statusCode).toBe(200);
    expect(await refusal(await upload('bc.pdf', orderPdf.rawPayload), 400)).toMatchObject({
      code: 'invalid_einvoice',
      params: { reason: 'no_xml_in_pdf' },
    });
    // A PDF cut short (no objects at all) is no invoice either, never a server error.
    expect(await refusal(await upload('cut.pdf', '%PDF-1.4\n%%EOF\n'), 400)).toMatchObject({
      params: { reason: 'no_xml_in_pdf' },
    });
    expect(await refusal(await upload('photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])), 400)).toMatchObject(
      { code: 'invalid_einvoice', params: { reason: 'not_pdf_or_xml' } },
    );
    expect(await refusal(await upload('empty.xml', Buffer.alloc(0)), 400)).toMatchObject({ code: 'invalid_einvoice' });
    expect(
      await refusal(
        await upload(
          'ubl.xml',
          '<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
        ),
        400,
      ),
    ).toMatchObject({ code: 'invalid_einvoice', params: { reason: 'not_cii' } });
    expect(await refusal(await upload('cut.xml', EXAMPLE1.subarray(0, 5000)), 400)).toMatchObject({
      code: 'invalid_einvoice',
      params: { reason: 'malformed_xml' },
    });
    const entity = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>';
    expect(await refusal(await upload('xxe.xml', entity), 400)).toMatchObject({ params: { reason: 'malformed_xml' } });
    // More lines than an invoice may have.
    const item = EXAMPLE1.toString('utf8').match(
      /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<\/ram:IncludedSupplyChainTradeLineItem>/,
    )![0];
    const huge = EXAMPLE1.toString('utf8').replace(item, item.repeat(5001));
    expect(await refusal(await upload('huge.xml', huge), 400)).toMatchObject({ params: { reason: 'too_large' } });
    // Over 10 MB.
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]);
    expect(await refusal(await upload('big.pdf', big), 413)).toMatchObject({ code: 'payload_too_large' });
    // Not multipart, or no file.
    expect((await call('POST', '/received-invoices', { file: 'x' })).statusCode).toBe(415);
    // Nothing refused was kept.
    expect((await call('GET', '/received-invoices')).json().total).toBe(5);
  });

  it('creates the supplier from the seller of an unlinked invoice, and links a matching one when it exists', async () => {
    const business = (await call('GET', '/received-invoices?search=Salescompany')).json()
      .items[0] as TReceivedInvoiceSummary;
    expect(business.supplierId).toBeNull();
    expect((await call('POST', `/received-invoices/${business.id}/supplier`, undefined, viewer)).statusCode).toBe(403);
    const res = await call('POST', `/received-invoices/${business.id}/supplier`);
    expect(res.statusCode, res.body).toBe(200);
    const linked = res.json() as TReceivedInvoice;
    expect(linked).toMatchObject({ supplierName: 'Salescompany ltd.', supplierId: expect.any(Number) });
    const supplier = (await call('GET', `/suppliers/${linked.supplierId}`)).json();
    expect(supplier).toMatchObject({
      name: 'Salescompany ltd.',
      contact: 'Antonio Salesmacher',
      address: 'Main street 34, Suite 123',
      postcode: '303',
      city: 'Big city',
      vatNumber: 'NO123456789MVA',
      phone: '46211230',
      email: 'antonio@salescompany.no',
    });
    expect(['Norvège', 'Norway']).toContain(supplier.country);
    // Linking again changes nothing; the log says who created the supplier and linked the invoice.
    expect((await call('POST', `/received-invoices/${business.id}/supplier`)).json().supplierId).toBe(
      linked.supplierId,
    );
    const logs = (await call('GET', '/logs?entity=received_invoice')).json().items as { action: string }[];
    expect(logs.map((l) => l.action)).toContain('updated');

    // The Acme copy of example 1 links to Acme's own supplier once it exists, without creating another one.
    const acmeInvoice = (await call('GET', '/received-invoices?search=Koksmaat', undefined, acme)).json()
      .items[0] as TReceivedInvoiceSummary;
    const acmeSupplier = (
      await call('POST', '/suppliers', { name: 'Koksmaat NL', vatNumber: 'NL820098395B01' }, acme)
    ).json();
    const acmeLinked = await call('POST', `/received-invoices/${acmeInvoice.id}/supplier`, undefined, acme);
    expect(acmeLinked.json()).toMatchObject({ supplierId: acmeSupplier.id, supplierName: 'Koksmaat NL' });
    // A supplier with received invoices is kept.
    const remove = await ctx.as(admin, { method: 'DELETE', url: `${api}/suppliers/${linked.supplierId}` });
    expect(remove.statusCode).toBe(409);
  });

  it('keeps tenants apart and follows the permissions', async () => {
    // Another tenant: 404 on the invoice and its file, never in its list.
    expect((await call('GET', `/received-invoices/${example1Id}`, undefined, acme)).statusCode).toBe(404);
    expect((await call('GET', `/received-invoices/${example1Id}/file`, undefined, acme)).statusCode).toBe(404);
    expect((await call('POST', `/received-invoices/${example1Id}/supplier`, undefined, acme)).statusCode).toBe(404);
    const acmeList = (await call('GET', '/received-invoices', undefined, acme)).json();
    expect(acmeList.items.map((i: TReceivedInvoiceSummary) => i.id)).not.toContain(example1Id);
    expect(acmeList.total).toBe(2);

    // A reader reads, never receives.
    expect((await call('GET', `/received-invoices/${example1Id}`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('GET', '/received-invoices', undefined, viewer)).statusCode).toBe(200);
    expect((await upload('again.xml', BROKEN, 'text/xml', viewer)).statusCode).toBe(403);

    // A role without the permission reads nothing.
    const role = (await call('POST', '/roles', { name: 'Sans factures reçues' })).json();
    await call('POST', `/roles/${role.id}/permissions`, { permissions: ['articles.read'] });
    await call('POST', '/users', {
      name: 'Sans Factures',
      email: 'no-invoices@demo.test',
      roleId: role.id,
      App_Type: 'Web',
      password: 'no-invoices-1',
      confirmation: 'no-invoices-1',
    });
    const none = await ctx.token('no-invoices@demo.test', 'no-invoices-1');
    for (const url of [
      '/received-invoices',
      `/received-invoices/${example1Id}`,
      `/received-invoices/${example1Id}/file`,
    ])
      expect((await call('GET', url, undefined, none)).statusCode, url).toBe(403);

    // Row-level security is the second wall: Acme's transaction does not see Demo's rows.
    const [acmeTenant] = await platformRows<{ id: number }>(db, sql`select id from tenants where name = 'Acme'`);
    const seen = await withTenant(db, acmeTenant!.id, (tx) =>
      tx.execute(sql`select count(*)::int as n from received_invoices where id = ${example1Id}`),
    );
    expect((seen as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('gives the administrator and reader roles their permissions (migration backfill and seeds)', async () => {
    const perms = await platformRows<{ name: string; permission: string }>(
      db,
      sql`select r.name, rp.permission from role_permissions rp join roles r on r.id = rp.role_id
          where rp.permission like 'receivedInvoices.%' order by r.name, rp.permission`,
    );
    expect(perms.filter((p) => p.name === 'Lecteur').map((p) => p.permission)).toEqual(['receivedInvoices.read']);
    expect(perms.filter((p) => p.name === 'Administrateur').map((p) => p.permission)).toContain(
      'receivedInvoices.write',
    );
  });
  it('keeps without a question an invoice whose buyer is our company, by name, SIREN or VAT number', async () => {
    for (const [file, data] of [
      ['our-name.xml', withBuyer('DEMO DISTRIBUTION SAS')],
      ['our-siren.xml', withBuyer('Magasin de Roubaix', { siren: '631229838' })],
      ['our-vat.xml', withBuyer('Entrepôt de Lille', { vat: 'FR42631229838' })],
    ] as const) {
      const res = await uploadAsIs(file, data, 'text/xml');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), file).toMatchObject({ valid: true, buyerConfirmed: false });
    }
    // Our name with another company's VAT number: the identifier decides.
    const other = await uploadAsIs(
      'other-vat.xml',
      withBuyer('Démo Distribution', { vat: 'BE0123456749' }),
      'text/xml',
    );
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'buyer_mismatch',
      params: { by: 'vatNumber', buyerVatNumber: 'BE0123456749' },
    });
  });

  it('refuses an invoice our own company issued (409 received_invoice_not_ours), keeping nothing', async () => {
    const before = (await call('GET', '/received-invoices')).json().total as number;
    // Our own Factur-X, as the invoice page prints it, sent back to us.
    const customers = (await call('GET', '/customers?limit=100')).json().items as { id: number; name: string }[];
    const article = (await call('GET', '/articles?search=166022')).json().items[0] as { id: number };
    const draft = await call('POST', '/invoices', {
      customerId: customers.find((c) => c.name === 'Boulangerie Moreau')!.id,
      invoiceDate: new Date().toISOString().slice(0, 10),
      lines: [{ articleId: article.id, quantity: 1, unitPrice: '10.00', vatRate: '20' }],
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const issued = await call('POST', `/invoices/${draft.json().id}/status`, { status: 'issued' });
    expect(issued.statusCode, issued.body).toBe(200);
    const pdf = await call('GET', `/invoices/${draft.json().id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    for (const confirmBuyer of [false, true]) {
      const res = await send('notre-facture.pdf', pdf.rawPayload, 'application/pdf', admin, confirmBuyer);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
      expect(res.json()).toMatchObject({
        code: 'received_invoice_not_ours',
        params: {
          number: issued.json().number,
          sellerName: 'Démo Distribution',
          sellerSiren: '631229838',
          sellerVatNumber: 'FR42631229838',
        },
      });
    }
    // A CII whose seller carries our VAT number, whatever its name.
    const ours = Buffer.from(EXAMPLE1.toString('utf8').replace('NL8200.98.395.B.01', 'FR42631229838'));
    const xml = await upload('nous.xml', ours, 'text/xml');
    expect(xml.statusCode, xml.body).toBe(409);
    expect(xml.json()).toMatchObject({ code: 'received_invoice_not_ours', params: { sellerName: 'De Koksmaat' } });
    expect((await call('GET', '/received-invoices')).json().total).toBe(before);
  });
});
