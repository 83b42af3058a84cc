import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipartFile, setupTestApp } from '../../test/helper';

const ctx = await setupTestApp();
const api = '/backend/api';
type Row = { id: number; [k: string]: unknown };
const admin = () => ctx.token('admin@demo.test');
const articleId = async (reference: string, token?: string) =>
  (
    (await ctx.as(token ?? (await admin()), { method: 'GET', url: `${api}/articles?search=${reference}` })).json()
      .items as Row[]
  )[0]!.id;
const upload = async (url: string, filename: string, content: Buffer | string, token?: string) =>
  ctx.as(token ?? (await admin()), { method: 'POST', url: `${api}${url}`, ...multipartFile(filename, content) });

describe('article image', () => {
  it('stores an image sniffed by content, serves it and a thumbnail, and logs the change', async () => {
    const id = await articleId('VT-BLO-L');
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#1e88e5' } })
      .png()
      .toBuffer();
    const res = await upload(`/articles/${id}/image`, 'photo.bin', png);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hasImage).toBe(true);
    const full = await ctx.as(await admin(), { method: 'GET', url: `${api}/articles/${id}/image` });
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.rawPayload.equals(png)).toBe(true);
    const thumb = await ctx.as(await admin(), { method: 'GET', url: `${api}/articles/${id}/image/thumbnail` });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(240);
    const logs = (await ctx.as(await admin(), { method: 'GET', url: `${api}/logs?search=VT-BLO-L` })).json()
      .items as Row[];
    expect(logs[0]!.changes).toEqual([{ field: 'image', from: null, to: 'image/png' }]);
  });

  it('refuses what is not an image, a broken image, a missing file, other tenants and read-only users', async () => {
    const id = await articleId('VT-VES-M');
    const html = await upload(`/articles/${id}/image`, 'x.png', '<html><script>alert(1)</script></html>');
    expect(html.statusCode).toBe(415);
    expect(html.json().code).toBe('unsupported_image');
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    expect((await upload(`/articles/${id}/image`, 'x.png', broken)).statusCode).toBe(415);
    const json = await ctx.as(await admin(), {
      method: 'POST',
      url: `${api}/articles/${id}/image`,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(6 * 1024 * 1024)]);
    expect((await upload(`/articles/${id}/image`, 'big.jpg', big)).statusCode).toBe(413);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(`/articles/${id}/image`, 'a.png', png, await ctx.token('admin@acme.test'))).statusCode).toBe(
      404,
    );
    expect((await upload(`/articles/${id}/image`, 'a.png', png, await ctx.token('viewer@demo.test'))).statusCode).toBe(
      403,
    );
    expect((await ctx.as(await admin(), { method: 'GET', url: `${api}/articles/${id}/image` })).statusCode).toBe(404);
  });
});

describe('lots (DLC)', () => {
  it('lists lots by nearest expiry with days left, behind the article’s tenant', async () => {
    const id = await articleId('EPI-GAN-9');
    const day = (offset: number) => new Date(Date.now() + offset * 86400000).toISOString().slice(0, 10);
    const later = await ctx.as(await admin(), {
      method: 'POST',
      url: `${api}/articles/${id}/lots`,
      payload: { lotNumber: 'L-200', quantity: 10, expiryDate: day(30) },
    });
    expect(later.statusCode, later.body).toBe(200);
    await ctx.as(await admin(), {
      method: 'POST',
      url: `${api}/articles/${id}/lots`,
      payload: { lotNumber: 'L-100', quantity: 5, expiryDate: day(-2) },
    });
    const dup = await ctx.as(await admin(), {
      method: 'POST',
      url: `${api}/articles/${id}/lots`,
      payload: { lotNumber: 'L-100', quantity: 1, expiryDate: day(3) },
    });
    expect(dup.statusCode).toBe(409);
    const bad = await ctx.as(await admin(), {
      method: 'POST',
      url: `${api}/articles/${id}/lots`,
      payload: { lotNumber: 'L-1', quantity: 0, expiryDate: '31/12/2026' },
    });
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['expiryDate', 'quantity']);

    const all = (await ctx.as(await admin(), { method: 'GET', url: `${api}/lots` })).json().items as Row[];
    expect(all.map((l) => l.lotNumber)).toEqual(['L-100', 'L-200']);
    expect(all.map((l) => l.daysLeft)).toEqual([-2, 30]);
    expect(all[0]).toMatchObject({ reference: 'EPI-GAN-9', articleId: id });

    const acme = await ctx.token('admin@acme.test');
    expect((await ctx.as(acme, { method: 'GET', url: `${api}/lots` })).json().total).toBe(0);
    expect((await ctx.as(acme, { method: 'GET', url: `${api}/articles/${id}/lots` })).statusCode).toBe(404);
    expect((await ctx.as(acme, { method: 'DELETE', url: `${api}/lots/${later.json().id}` })).statusCode).toBe(404);
    const edited = await ctx.as(await admin(), {
      method: 'PUT',
      url: `${api}/lots/${later.json().id}`,
      payload: { lotNumber: 'L-200', quantity: 8, expiryDate: day(31) },
    });
    expect(edited.json()).toMatchObject({ quantity: 8, daysLeft: 31 });
  });
});

describe('export and import', () => {
  it('exports the current view to CSV and XLSX', async () => {
    const csv = await ctx.as(await admin(), {
      method: 'GET',
      url: `${api}/articles/export?format=csv&search=EPI&sort=reference:desc`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="articles-.*\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Reference,Designation,Size,Pre-tax price,VAT rate (%),Price incl. tax,Unit price,Stock alert threshold,' +
        'Quantity,Category,Supplier,Stock tag',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['EPI-LUN-01', 'EPI-GAN-9', 'EPI-CAS-01', 'EPI-BOU-01']);

    const xlsx = await ctx.as(await admin(), { method: 'GET', url: `${api}/suppliers/export?format=xlsx` });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Business name');
    expect(sheet.rowCount).toBe(4);
    expect((await ctx.as(await admin(), { method: 'GET', url: `${api}/articles/export?format=pdf` })).statusCode).toBe(
      400,
    );
  });

  it('previews an import with per-row errors and writes nothing when a row is bad', async () => {
    const csv = [
      'reference;designation;priceHt;vatRate;stockAlert;category;quantity',
      'IMP-1;Gilet réfléchissant;7,90;20;2;Vêtements de travail;12',
      'IMP-2;Sans prix;;20;0;;0',
      'IMP-3;Catégorie inconnue;1;20;0;Nulle part;0',
      'IMP-1;Doublon;1;20;0;;0',
    ].join('\n');
    const preview = await upload('/articles/import?dryRun=true', 'articles.csv', csv);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ rows: 4, applied: false });
    expect(preview.json().errors).toEqual([
      {
        line: 3,
        column: 'priceHt',
        code: 'invalid_value',
        params: { issue: 'invalid_format' },
        message: expect.any(String),
      },
      {
        line: 4,
        column: 'category',
        code: 'unknown_reference',
        params: { value: 'Nulle part' },
        message: 'unknown category "Nulle part"',
      },
      { line: 5, column: 'reference', code: 'duplicate', params: { line: 2 }, message: 'duplicate of line 2' },
    ]);
    const apply = await upload('/articles/import', 'articles.csv', csv);
    expect(apply.statusCode).toBe(400);
    expect(apply.json().code).toBe('import_invalid');
    expect((await ctx.as(await admin(), { method: 'GET', url: `${api}/articles?search=IMP-` })).json().total).toBe(0);
  });

  it('imports and updates by reference on re-import, never touching stock', async () => {
    const csv =
      'reference,designation,priceHt,vatRate,stockAlert,quantity,supplier\nIMP-10,Gants nitrile,4.20,20,5,40,Textiles du Nord\nIMP-11,Masque FFP2,0.95,5.5,100,500,\n';
    const preview = await upload('/articles/import?dryRun=true', 'a.csv', csv);
    expect(preview.json()).toMatchObject({ created: 2, updated: 0, errors: [], applied: false });
    expect((await ctx.as(await admin(), { method: 'GET', url: `${api}/articles?search=IMP-1` })).json().total).toBe(0);
    const first = await upload('/articles/import', 'a.csv', csv);
    expect(first.json()).toMatchObject({ rows: 2, created: 2, updated: 0, applied: true });
    const again = await upload(
      '/articles/import',
      'a.csv',
      csv.replace('Gants nitrile', 'Gants nitrile bleus').replace(',40,', ',999,'),
    );
    expect(again.json()).toMatchObject({ created: 0, updated: 2 });
    const items = (
      await ctx.as(await admin(), { method: 'GET', url: `${api}/articles?search=IMP-1&sort=reference:asc` })
    ).json().items as Row[];
    expect(items.map((i) => [i.reference, i.designation, i.quantity, i.priceTtc])).toEqual([
      ['IMP-10', 'Gants nitrile bleus', 40, '5.04'],
      ['IMP-11', 'Masque FFP2', 500, '1.00'],
    ]);
    // The opening stock of an import is a stock movement with its reason, logged; a re-import adds none.
    const history = (
      await ctx.as(await admin(), { method: 'GET', url: `${api}/articles/${items[0]!.id}/movements` })
    ).json().items as Row[];
    expect(history.map((m) => [m.delta, m.reasonCode, m.reason])).toEqual([[40, 'import', null]]);
    const logs = (await ctx.as(await admin(), { method: 'GET', url: `${api}/logs?search=IMP-10` })).json()
      .items as Row[];
    expect(logs.find((l) => l.action === 'incremented')).toMatchObject({
      changes: [
        { field: 'quantity', from: 0, to: 40 },
        { field: 'reasonCode', from: null, to: 'import' },
      ],
    });
    const acme = await ctx.token('admin@acme.test');
    expect((await ctx.as(acme, { method: 'GET', url: `${api}/articles?search=IMP-1` })).json().total).toBe(0);
    expect((await upload('/articles/import', 'a.csv', csv, await ctx.token('viewer@demo.test'))).statusCode).toBe(403);
  });

  it('round-trips customers through XLSX, matching by name', async () => {
    const xlsx = await ctx.as(await admin(), { method: 'GET', url: `${api}/customers/export?format=xlsx` });
    const res = await upload('/customers/import', 'customers.xlsx', xlsx.rawPayload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 4, created: 0, updated: 4, applied: true });
    expect((await upload('/customers/import', 'c.xlsx', 'not a workbook')).statusCode).toBe(400);
    const badGroup = await upload(
      '/customers/import?dryRun=true',
      'c.csv',
      'name,group\nNouveau client,Groupe fantôme\n',
    );
    expect(badGroup.json().errors).toEqual([
      {
        line: 2,
        column: 'group',
        code: 'unknown_reference',
        params: { value: 'Groupe fantôme' },
        message: 'unknown group "Groupe fantôme"',
      },
    ]);
  });
});
