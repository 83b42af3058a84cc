import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PDFDocument, PDFName, type PDFDict, type PDFString } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TCreditNote, TInvoice } from '@tagstock/contract';
import { queryRows, withTenant } from '../../db/client';
import { pdfText } from '../../platform/pdf/pdf-text';
import { apiCalls, platformRows, setupTestApp } from '../../test/helper';

/*
 * The invoice and credit-note PDFs as the API serves them: the issued document is the legal one (the same bytes at
 * every download), a credit note says where its amount went and asks for no payment, VAT is named as on the screens.
 */

const ctx = await setupTestApp();
let token = '';
const { call, ok } = apiCalls<TInvoice>(ctx, () => token);

let today = '';
let customerId = 0;
let paymentMode = { id: 0, label: '' };
let a20 = 0;
let a55 = 0;
let a0 = 0;
const line = (articleId: number, quantity: number, unitPrice: string, vatRate: string, extra: object = {}) => ({
  articleId,
  quantity,
  unitPrice,
  vatRate,
  ...extra,
});
const issued = async (lines: object[], extra: object = {}) => {
  // The test articles hold no stock: the invoice goes on without reserving.
  const draft = await ok('POST', '/invoices', {
    customerId,
    invoiceDate: today,
    lines,
    confirmWithoutReservation: true,
    ...extra,
  });
  return ok('POST', `/invoices/${draft.id}/status`, { status: 'issued' });
};
const pay = (id: number, amount: string) =>
  ok('POST', `/invoices/${id}/payments`, { paymentDate: today, amount, paymentModeId: paymentMode.id });
const credit = async (invoice: TInvoice, quantity: number, issue = true) => {
  const draft = await ok<TCreditNote>('POST', '/credit-notes', {
    invoiceId: invoice.id,
    lines: [{ invoiceLineId: invoice.lines[0]!.id, quantity }],
  });
  return issue ? ok<TCreditNote>('POST', `/credit-notes/${draft.id}/status`, { status: 'issued' }) : draft;
};
const download = async (path: string, lang: 'fr' | 'en' = 'fr') => {
  const res = await call('GET', `${path}/pdf?lang=${lang}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};
/** The PDF's text on one line: what wraps in a column reads on. */
const text = async (path: string, lang: 'fr' | 'en' = 'fr') =>
  (await pdfText(await download(path, lang))).replace(/\s+/g, ' ');
const infoDate = async (pdf: Buffer, key: 'CreationDate' | 'ModDate') => {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const info = doc.context.lookup(doc.context.trailerInfo.Info) as PDFDict;
  return (doc.context.lookup(info.get(PDFName.of(key))) as PDFString).asString();
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  token = await ctx.token('admin@demo.test');
  today = (
    await platformRows<{ d: string }>(
      ctx.database.db,
      sql`select to_char((now() at time zone 'Europe/Paris')::date, 'YYYY-MM-DD') as d`,
    )
  )[0]!.d;
  const customers = await ok<{ items: { id: number; name: string }[] }>('GET', '/customers?limit=100');
  customerId = customers.items.find((c) => c.name === 'Boulangerie Moreau')!.id;
  paymentMode = (await ok<{ items: { id: number; label: string }[] }>('GET', '/payment-modes?active=true')).items[0]!;
  const article = async (reference: string, vatRate: string) =>
    (
      await ok<{ id: number }>('POST', '/articles', {
        reference,
        designation: `Article ${reference}`,
        priceHt: '10.00',
        vatRate,
        stockAlert: 0,
      })
    ).id;
  [a20, a55, a0] = [await article('PDF-20', '20'), await article('PDF-55', '5.5'), await article('PDF-0', '0')];
});

describe('the PDF of an issued invoice or credit note', () => {
  it('is the same bytes at every download, dated by the issue', { timeout: 60_000 }, async () => {
    const invoice = await issued([line(a20, 2, '10.00', '20')]);
    const note = await credit(invoice, 1);
    const first = {
      invoice: await download(`/invoices/${invoice.id}`),
      note: await download(`/credit-notes/${note.id}`),
    };
    // PDF dates count seconds: downloads in another second would differ if the clock dated them.
    await pause(1_100);
    expect((await download(`/invoices/${invoice.id}`)).equals(first.invoice)).toBe(true);
    expect((await download(`/credit-notes/${note.id}`)).equals(first.note)).toBe(true);

    const issuedAt = `D:${invoice.issuedAt!.replace(/\D/g, '').slice(0, 14)}Z`;
    expect(await infoDate(first.invoice, 'CreationDate')).toBe(issuedAt);
    expect(await infoDate(first.invoice, 'ModDate')).toBe(issuedAt);
    const [noteRow] = await platformRows<{ issuedAt: string }>(
      ctx.database.db,
      sql`select to_char(issued_at at time zone 'UTC', '"D:"YYYYMMDDHH24MISS"Z"') as "issuedAt"
          from credit_notes where id = ${note.id}`,
    );
    expect(await infoDate(first.note, 'CreationDate')).toBe(noteRow!.issuedAt);
    // The English copy is another file.
    expect((await download(`/invoices/${invoice.id}`, 'en')).equals(first.invoice)).toBe(false);
  });
});

describe('a credit note PDF', () => {
  it('says that the amount went onto the customer’s account when the invoice had been paid', async () => {
    const invoice = await issued([line(a20, 2, '10.00', '20')]);
    await pay(invoice.id, '24.00');
    const note = await credit(invoice, 1);
    expect(note.releasedToAccount).toBe('12.00');
    const fr = await text(`/credit-notes/${note.id}`);
    expect(fr).toContain('Montant remis au crédit du compte client : 12,00 €');
    expect(fr).not.toContain('Montant déduit');
    const en = await text(`/credit-notes/${note.id}`, 'en');
    expect(en).toContain("Amount credited to the customer's account: €12.00");
  });

  it('says what it took off the invoice, and what went onto the account beyond it', async () => {
    const unpaid = await issued([line(a20, 2, '10.00', '20')]);
    const off = await credit(unpaid, 1);
    const fr = await text(`/credit-notes/${off.id}`);
    expect(fr).toContain(`Montant déduit du solde de la facture ${unpaid.number} : 12,00 €`);
    expect(fr).not.toContain('compte client');
    expect(await text(`/credit-notes/${off.id}`, 'en')).toContain(
      `Amount deducted from the balance of invoice ${unpaid.number}: €12.00`,
    );

    // 24.00 invoiced, 20.00 paid, 12.00 credited: 4.00 was still due, 8.00 was paid beyond what is left.
    const partly = await issued([line(a20, 2, '10.00', '20')]);
    await pay(partly.id, '20.00');
    const both = await credit(partly, 1);
    expect(both.releasedToAccount).toBe('8.00');
    const text2 = await text(`/credit-notes/${both.id}`);
    expect(text2).toContain(`Montant déduit du solde de la facture ${partly.number} : 4,00 €`);
    expect(text2).toContain('Montant remis au crédit du compte client : 8,00 €');

    // A draft has gone nowhere yet.
    const draft = await credit(partly, 1, false);
    expect(await text(`/credit-notes/${draft.id}`)).not.toMatch(/Imputation|Montant déduit|compte client/);
  });

  it('asks for no payment: no late-payment penalties, recovery indemnity or early-payment discount', async () => {
    const invoice = await issued([line(a20, 2, '10.00', '20')]);
    const note = await credit(invoice, 1);
    const invoiceText = await text(`/invoices/${invoice.id}`);
    for (const mention of ['pénalités', '40 €', 'escompte']) expect(invoiceText).toContain(mention);
    const fr = await text(`/credit-notes/${note.id}`);
    for (const mention of ['pénalités', 'Indemnité forfaitaire', '40 €', 'escompte', 'L441-10', 'D441-5'])
      expect(fr).not.toContain(mention);
    // The seller's identity stays.
    expect(fr).toContain('SIREN');
    const en = await text(`/credit-notes/${note.id}`, 'en');
    for (const mention of ['penalties', 'indemnity', '€40', 'early payment']) expect(en).not.toContain(mention);
  });
});

describe('VAT on an invoice PDF', () => {
  it('names each rate as the screens do and prints the legal basis of an exempt line', async () => {
    const invoice = await issued([
      line(a20, 1, '100.00', '20'),
      line(a55, 1, '50.00', '5.5'),
      line(a0, 1, '30.00', '0', { vatExemption: { code: 'VATEX-EU-132' } }),
    ]);
    const fr = await text(`/invoices/${invoice.id}`);
    for (const expected of [
      'Taux normal 20 % 100,00 € 20,00 €',
      'Taux réduit 5,5 % 50,00 € 2,75 €',
      'Exonéré (art. 261 du CGI) 30,00 € 0,00 €',
      // The mention, in words.
      'Exonération de TVA, article 261 du CGI',
    ])
      expect(fr).toContain(expected);
    expect(fr).not.toMatch(/(^| )[SZE] \d/);

    const en = await text(`/invoices/${invoice.id}`, 'en');
    for (const expected of [
      'Standard rate 20% €100.00 €20.00',
      'Reduced rate 5.5% €50.00 €2.75',
      'Exempt (CGI art. 261) €30.00 €0.00',
      'VAT exempt, art. 261 of the French tax code (CGI)',
    ])
      expect(en).toContain(expected);
    expect(en).not.toMatch(/(^| )[SZE] \d/);
  });
});

describe('payment on an invoice PDF', () => {
  it('names the payment means, and the tenant’s payment mode only when one is chosen', async () => {
    const plain = await issued([line(a20, 1, '10.00', '20')]);
    const fr = await text(`/invoices/${plain.id}`);
    expect(fr).toContain('Moyen de paiement Virement SEPA');
    expect(fr).not.toMatch(/Mode de règlement|Mode de paiement/);

    const withMode = await issued([line(a20, 1, '10.00', '20')], {
      paymentModeId: paymentMode.id,
      paymentType: 'cheque',
    });
    const chosen = await text(`/invoices/${withMode.id}`);
    expect(chosen).toContain('Moyen de paiement Chèque');
    expect(chosen).toContain(`Mode de règlement ${paymentMode.label}`);
    expect(chosen).not.toContain('Mode de paiement');
    const en = await text(`/invoices/${withMode.id}`, 'en');
    expect(en).toContain('Payment means Cheque');
    expect(en).toContain(`Payment mode ${paymentMode.label}`);
  });
});

describe('the kept PDF of an issued invoice or credit note', () => {
  const stored = (entity: string, id: number) =>
    platformRows<{ number: string; pdf: Uint8Array; sha256: string }>(
      ctx.database.db,
      sql`select number, pdf, sha256 from issued_documents where entity = ${entity} and document_id = ${id}
            and language = 'fr'`,
    );
  const renameCompany = (name: string) =>
    platformRows(
      ctx.database.db,
      sql`update company_settings set name = ${name}
          where tenant_id = (select tenant_id from invoices where id = ${companyOf})`,
    );
  let companyOf = 0;

  it('is stored after the issue and served as stored, whatever the company becomes', { timeout: 60_000 }, async () => {
    const invoice = await issued([line(a20, 1, '10.00', '20')]);
    const note = await credit(invoice, 1);
    companyOf = invoice.id;
    const [kept] = await stored('invoice', invoice.id);
    const [keptNote] = await stored('credit_note', note.id);
    expect([kept?.number, keptNote?.number]).toEqual([invoice.number, note.number]);
    const pdf = Buffer.from(kept!.pdf);
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(kept!.sha256);
    expect((await download(`/invoices/${invoice.id}`)).equals(pdf)).toBe(true);
    expect((await download(`/credit-notes/${note.id}`)).equals(Buffer.from(keptNote!.pdf))).toBe(true);

    const [{ name }] = (await platformRows<{ name: string }>(
      ctx.database.db,
      sql`select name from company_settings where tenant_id = (select tenant_id from invoices where id = ${invoice.id})`,
    )) as [{ name: string }];
    await renameCompany('Textiles Renommés SAS');
    try {
      expect((await download(`/invoices/${invoice.id}`)).equals(pdf)).toBe(true);
      expect(await text(`/invoices/${invoice.id}`)).toContain(name);
      // Another language is rendered as the data is now.
      expect(await text(`/invoices/${invoice.id}`, 'en')).toContain('Textiles Renommés SAS');
    } finally {
      await renameCompany(name);
    }
  });

  it('is stored by the job when the issue left none, once', { timeout: 60_000 }, async () => {
    const invoice = await issued([line(a55, 2, '10.00', '5.5')]);
    await platformRows(
      ctx.database.db,
      sql`delete from issued_documents where entity = 'invoice' and document_id = ${invoice.id}`,
    );
    expect(await ctx.app.issuedPdfs.run()).toBe(1);
    const [kept] = await stored('invoice', invoice.id);
    expect((await download(`/invoices/${invoice.id}`)).equals(Buffer.from(kept!.pdf))).toBe(true);
    expect(await ctx.app.issuedPdfs.run()).toBe(0);
  });

  it('is not kept for a draft, and another tenant never reads it', async () => {
    const draft = await ok('POST', '/invoices', {
      customerId,
      invoiceDate: today,
      lines: [line(a20, 1, '10.00', '20')],
      confirmWithoutReservation: true,
    });
    await download(`/invoices/${draft.id}`);
    expect(await stored('invoice', draft.id)).toEqual([]);

    const acme = await ctx.token('admin@acme.test');
    const issuedOne = await issued([line(a20, 1, '10.00', '20')]);
    expect((await call('GET', `/invoices/${issuedOne.id}/pdf?lang=fr`, undefined, acme)).statusCode).toBe(404);
    const acmeId = (
      await platformRows<{ id: number }>(ctx.database.db, sql`select id from tenants where name = 'Acme'`)
    )[0]!.id;
    // Row-level security alone: a query of Acme's that forgets its own filter still sees none of Demo's PDFs.
    const seen = await withTenant(ctx.database.db, acmeId, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from issued_documents`),
    );
    expect(seen[0]!.n).toBe(0);
  });
});
