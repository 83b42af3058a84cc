import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TCreditNote, TInvoice } from '@tagstock/contract';
import { apiCalls, platformRows, setupTestApp } from '../../test/helper';
import { readZip, type ZipEntry } from '../../test/zip-reader';
import { columnMeaning } from './export-readme';
import { TABLES } from './export-columns';
import { exportTables, SECRET_COLUMN } from './export-tables';
import { writeTenantExport } from './tenant-export.service';
import { ZipWriter } from './zip-writer';

/*
 * A tenant's whole data as one ZIP: every table as CSV and XLSX, the kept PDFs of its issued documents, its received
 * originals, a README of the columns; its administrators only, and nothing of another tenant in it.
 */

const ctx = await setupTestApp();
let token = '';
const { call, ok } = apiCalls<TInvoice>(ctx, () => token);
const db = ctx.database.db;

let demoId = 0;
let acmeId = 0;
let acme = '';
let invoice: TInvoice;
let note: TCreditNote;
const demoOriginal = Buffer.from('%PDF-1.7\n% original de la facture fournisseur Demo\n%%EOF\n');
const demoXml = Buffer.from('<?xml version="1.0"?><Invoice>Demo XML ' + 'x'.repeat(2000) + '</Invoice>');
const demoImage = Buffer.from('89504e470d0a1a0a-demo-image', 'utf8');
const ACME_MARKERS = ['ACME-PDF-MARKER', 'ACME-ORIGINAL-MARKER', 'Client Acme Exclusif'];

const receive = (tenantId: number, fileName: string, fileType: string, file: Buffer) =>
  platformRows(
    db,
    sql`insert into received_invoices (tenant_id, sha256, file_name, file_type, file_size, file, content, valid)
        values (${tenantId}, encode(sha256(${file}), 'hex'), ${fileName}, ${fileType}, ${file.length}, ${file},
                '{}'::jsonb, false)`,
  );

const download = async (as: string) => {
  const res = await ctx.as(as, { method: 'GET', url: '/backend/api/tenant/export' });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return { res, entries: readZip(res.rawPayload) };
};
const entry = (entries: ZipEntry[], name: string) => {
  const found = entries.find((e) => e.name === name);
  expect(found, name).toBeDefined();
  return found!;
};
/** A CSV of the export: its rows as arrays of cells (none of these fixtures quotes a `;`). */
const csvRows = (entries: ZipEntry[], table: string) => {
  const text = entry(entries, `csv/${table}.csv`).read().toString('utf8');
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));
};

beforeAll(async () => {
  token = await ctx.token('admin@demo.test');
  acme = await ctx.token('admin@acme.test');
  const tenants = await platformRows<{ id: number; name: string }>(db, sql`select id, name from tenants`);
  demoId = tenants.find((t) => t.name === 'Demo')!.id;
  acmeId = tenants.find((t) => t.name === 'Acme')!.id;
  const customers = await ok<{ items: { id: number; name: string }[] }>('GET', '/customers?limit=100');
  const customerId = customers.items.find((c) => c.name === 'Boulangerie Moreau')!.id;
  const article = await ok<{ id: number }>('POST', '/articles', {
    reference: 'EXP-1',
    designation: 'Article exporté',
    priceHt: '10.00',
    vatRate: '20',
    stockAlert: 0,
    // In stock, so that an invoice may take it whatever rule of availability applies.
    initialQuantity: 10,
  });
  const draft = await ok('POST', '/invoices', {
    customerId,
    invoiceDate: new Date().toISOString().slice(0, 10),
    lines: [{ articleId: article.id, quantity: 3, unitPrice: '12.50', vatRate: '20' }],
  });
  invoice = await ok('POST', `/invoices/${draft.id}/status`, { status: 'issued' });
  const noteDraft = await ok<TCreditNote>('POST', '/credit-notes', {
    invoiceId: invoice.id,
    lines: [{ invoiceLineId: invoice.lines[0]!.id, quantity: 1 }],
  });
  note = await ok<TCreditNote>('POST', `/credit-notes/${noteDraft.id}/status`, { status: 'issued' });
  await receive(demoId, 'facture fournisseur.pdf', 'application/pdf', demoOriginal);
  await receive(demoId, '../avoir/fournisseur.xml', 'application/xml', demoXml);
  await platformRows(
    db,
    sql`insert into article_images (article_id, tenant_id, mime, data, thumbnail)
        values (${article.id}, ${demoId}, 'image/png', ${demoImage}, ${demoImage})`,
  );
  // Another tenant's rows and files, each with a marker that must never be in Demo's archive.
  await ctx.as(acme, { method: 'POST', url: '/backend/api/customers', payload: { name: 'Client Acme Exclusif' } });
  await platformRows(
    db,
    sql`insert into issued_documents (tenant_id, entity, document_id, language, number, pdf, sha256)
        values (${acmeId}, 'invoice', ${invoice.id}, 'fr', 'FA-2026-999999', ${Buffer.from('ACME-PDF-MARKER')},
                encode(sha256(${Buffer.from('ACME-PDF-MARKER')}), 'hex'))`,
  );
  await receive(acmeId, 'acme.pdf', 'application/pdf', Buffer.from('%PDF ACME-ORIGINAL-MARKER'));
});

describe('GET /tenant/export', () => {
  it('is for the tenant’s administrators: 401 without a token, 403 without roles.write', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/backend/api/tenant/export' });
    expect(anonymous.statusCode).toBe(401);
    const viewer = await call('GET', '/tenant/export', undefined, await ctx.token('viewer@demo.test'));
    expect([viewer.statusCode, viewer.json().code]).toEqual([403, 'forbidden']);
    // The platform's super admin has no tenant to export.
    const platform = await call('GET', '/tenant/export', undefined, await ctx.token('super@tagstock.test'));
    expect(platform.statusCode).toBe(404);
  });

  it('holds every table as CSV for French Excel and as XLSX, with a README of the columns', async () => {
    // More drafts than a page of a table with JSON columns (100 rows): every row once, in key order.
    await platformRows(
      db,
      sql`insert into invoices (tenant_id, status, customer_id, invoice_date, payment_term_days, due_date)
          select ${demoId}, 'draft', ${invoice.customerId}, current_date, 30, current_date + 30
          from generate_series(1, 250)`,
    );
    const { res, entries } = await download(token);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tagstock-demo-\d{4}-\d{2}-\d{2}\.zip"$/);
    const names = entries.map((e) => e.name);
    for (const table of exportTables()) {
      expect(names).toContain(`csv/${table.name}.csv`);
      expect(names).toContain(`xlsx/${table.name}.xlsx`);
    }
    expect(names).not.toContain('csv/platform_products.csv');

    const csv = entry(entries, 'csv/invoices.csv').read();
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = csvRows(entries, 'invoices');
    expect(header!.slice(0, 3)).toEqual(['id', 'tenant_id', 'created_at']);
    const ids = rows.map((r) => Number(r[0]));
    const [{ n }] = (await platformRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from invoices where tenant_id = ${demoId}`,
    )) as [{ n: number }];
    expect(new Set(ids).size).toBe(n);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const row = rows.find((r) => r[header!.indexOf('id')] === String(invoice.id))!;
    // 3 × 12,50 € + 20 % VAT: a decimal comma, as French Excel reads it; dates as dd/mm/yyyy.
    expect(row[header!.indexOf('total_gross')]).toBe('45,00');
    expect(row[header!.indexOf('invoice_date')]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(row[header!.indexOf('number')]).toBe(invoice.number);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(entry(entries, 'xlsx/invoices.xlsx').read() as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('invoices');
    expect(sheet.rowCount).toBe(rows.length + 1);
    const cells = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(cells).toEqual(header);
    const xlsxRow = sheet.getRows(2, rows.length)!.find((r) => r.getCell(1).value === invoice.id)!;
    expect(xlsxRow.getCell(header!.indexOf('total_gross') + 1).value).toBe(45);
    expect(xlsxRow.getCell(header!.indexOf('invoice_date') + 1).value).toBeInstanceOf(Date);

    // Secrets never leave: no password hash, token version or reader secret, in any file.
    expect(csvRows(entries, 'users')[0]).not.toContain('password_hash');
    expect(csvRows(entries, 'users')[0]).not.toContain('token_version');
    expect(csvRows(entries, 'readers')[0]).not.toContain('secret_hash');
    for (const e of entries) expect(e.read().includes('$argon2'), e.name).toBe(false);

    const readme = entry(entries, 'README.md').read().toString('utf8');
    expect(readme).toContain('séparateur `;`, virgule décimale');
    expect(readme).toContain('| total_gross | numeric(22, 2) | Total TTC | Total including VAT |');
    expect(readme).toContain('| ~~password_hash~~ | text | Secret, non exporté | Secret, not exported |');
    expect(readme).not.toContain('(not described)');

    const log = await ok<{ items: { action: string; entity: string }[] }>('GET', '/logs?entity=company');
    expect(log.items[0]).toMatchObject({ action: 'exported', entity: 'company' });
  });

  it('holds the kept PDFs as stored, the received originals byte for byte, the images and their rows', async () => {
    const { entries } = await download(token);
    const stored = await platformRows<{ entity: string; number: string; pdf: Uint8Array }>(
      db,
      sql`select entity, number, pdf from issued_documents where tenant_id = ${demoId} and language = 'fr'`,
    );
    expect(stored.map((s) => s.number)).toEqual(expect.arrayContaining([invoice.number, note.number]));
    for (const s of stored) {
      const folder = s.entity === 'invoice' ? 'invoices' : 'credit-notes';
      expect(entry(entries, `documents/${folder}/${s.number}.pdf`).read().equals(Buffer.from(s.pdf))).toBe(true);
    }
    const served = await call('GET', `/invoices/${invoice.id}/pdf?lang=fr`);
    expect(entry(entries, `documents/invoices/${invoice.number}.pdf`).read().equals(served.rawPayload)).toBe(true);

    const received = await platformRows<{ id: number; fileName: string }>(
      db,
      sql`select id, file_name as "fileName" from received_invoices where tenant_id = ${demoId} order by id`,
    );
    const [pdf, xml] = received.map((r) => r.id);
    expect(entry(entries, `documents/received-invoices/${pdf}-facture fournisseur.pdf`).read()).toEqual(demoOriginal);
    // A name cannot climb out of its folder.
    const xmlEntry = entry(entries, `documents/received-invoices/${xml}-__avoir_fournisseur.xml`);
    expect(xmlEntry.method).toBe(8);
    expect(xmlEntry.read()).toEqual(demoXml);
    expect(entries.filter((e) => e.name.startsWith('files/article-images/')).map((e) => e.read())).toEqual([demoImage]);
    const [header, ...rows] = csvRows(entries, 'received_invoices');
    expect(header).not.toContain('file');
    expect(rows.map((r) => r[header!.indexOf('file_name')])).toEqual([
      'facture fournisseur.pdf',
      '../avoir/fournisseur.xml',
    ]);
  });

  it('holds no row and no file of another tenant; that tenant’s own export holds its own', async () => {
    const { entries } = await download(token);
    const texts = entries.flatMap((e) =>
      // An XLSX is itself a ZIP: its sheets are read inside it.
      e.name.endsWith('.xlsx') ? readZip(e.read()).map((x) => x.read().toString('utf8')) : [e.read().toString('utf8')],
    );
    for (const marker of ACME_MARKERS)
      expect(
        texts.some((t) => t.includes(marker)),
        marker,
      ).toBe(false);
    for (const table of exportTables()) {
      const [header, ...rows] = csvRows(entries, table.name);
      const column = header!.indexOf(table.name === 'tenants' ? 'id' : 'tenant_id');
      expect(
        rows.every((r) => r[column] === String(demoId)),
        table.name,
      ).toBe(true);
    }
    expect(
      csvRows(entries, 'tenants')
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(['Demo']);

    const own = (await download(acme)).entries;
    expect(entry(own, 'documents/invoices/FA-2026-999999.pdf').read().toString()).toBe('ACME-PDF-MARKER');
    expect(own.some((e) => e.name.endsWith('facture fournisseur.pdf'))).toBe(false);
    expect(own.some((e) => e.name === `documents/invoices/${invoice.number}.pdf`)).toBe(false);
  });

  it('describes every column it exports, in French and English, and exports no secret', () => {
    for (const table of exportTables()) {
      expect(TABLES[table.name], table.name).toBeDefined();
      for (const column of table.columns) {
        expect(columnMeaning(table.name, column.name), `${table.name}.${column.name}`).toBeDefined();
        expect(SECRET_COLUMN.test(column.name), `${table.name}.${column.name}`).toBe(false);
      }
      expect(table.key.length, table.name).toBeGreaterThan(0);
    }
  });

  it('reads the files no further ahead of a slow client than a batch: the next is read once the last is taken', async () => {
    // 240 kept PDFs of 64 KiB (15 MiB): about four batches of file bytes.
    await platformRows(
      db,
      sql`with i as (
            insert into invoices (tenant_id, number, status, customer_id, invoice_date, payment_term_days, due_date)
            select ${demoId}, 'FA-2020-' || lpad(g::text, 6, '0'), 'issued', ${invoice.customerId}, current_date, 30,
              current_date + 30
            from generate_series(1, 240) g returning id, number)
          insert into issued_documents (tenant_id, entity, document_id, language, number, pdf, sha256)
          select ${demoId}, 'invoice', i.id, 'fr', i.number, decode(repeat(md5(i.number), 4096), 'hex'),
            encode(sha256(i.number::bytea), 'hex')
          from i`,
    );
    // File bytes as the export reads them (hex text, two characters a byte), counted at each query.
    let read = 0;
    let taken = 0;
    let ahead = 0;
    const counted = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'transaction') return Reflect.get(target, prop, receiver) as unknown;
        return (fn: (tx: unknown) => Promise<unknown>) =>
          target.transaction((tx) =>
            fn(
              new Proxy(tx, {
                get(t, p, r) {
                  if (p !== 'execute') return Reflect.get(t, p, r) as unknown;
                  return async (query: Parameters<typeof t.execute>[0]) => {
                    const res = (await t.execute(query)) as unknown as { rows: Record<string, unknown>[] };
                    for (const row of res.rows) if (typeof row.data === 'string') read += row.data.length / 2;
                    ahead = Math.max(ahead, read - taken);
                    return res;
                  };
                },
              }),
            ),
          );
      },
    });
    const zip = new ZipWriter({ highWaterMark: 16 * 1024 });
    const reading = (async () => {
      for await (const chunk of zip.output as AsyncIterable<Buffer>) {
        taken += chunk.length;
        // A slow client: a few turns of the event loop for each chunk.
        for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const info = { tenantName: 'Demo', exportedAt: new Date() };
    await writeTenantExport(counted, demoId, zip, [], info, new AbortController().signal);
    await zip.finalize();
    await reading;
    expect(read).toBeGreaterThan(15 * 1024 * 1024);
    // One batch of file bytes (at most 4 MiB) and a few buffers: never the whole set.
    expect(ahead).toBeLessThan(5 * 1024 * 1024);
  });
});
