import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { multipartFile, setupTestApp } from '../test/helper';

const ctx = await setupTestApp();
const api = '/backend/api';
type Row = Record<string, unknown>;
const admin = () => ctx.token('admin@demo.test');
const get = async (url: string, headers: Record<string, string> = {}, token?: string) =>
  ctx.as(token ?? (await admin()), { method: 'GET', url: `${api}${url}`, headers });
const upload = async (url: string, filename: string, content: Buffer | string, token?: string) =>
  ctx.as(token ?? (await admin()), { method: 'POST', url: `${api}${url}`, ...multipartFile(filename, content) });
const workbook = async (payload: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
};
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');

describe('exports in the user’s language', () => {
  it('writes French XLSX headers and numeric money cells; English by lang or Accept-Language', async () => {
    const [article] = (await get('/articles?search=VT-BLO-L')).json().items as Row[];
    const fr = await workbook((await get('/articles/export?format=xlsx&search=VT-BLO-L&lang=fr')).rawPayload);
    expect(fr.getRow(1).getCell(1).value).toBe('Référence');
    expect(fr.getRow(1).getCell(4).value).toBe('Prix HT');
    expect(fr.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const price = fr.getRow(2).getCell(4);
    expect(typeof price.value).toBe('number');
    expect(String(price.value)).toBe(String(Number(article!.priceHt)));
    expect(price.numFmt).toBe('#,##0.00');
    expect(typeof fr.getRow(2).getCell(9).value).toBe('number');

    // The screen's language wins over the browser's; without it, Accept-Language decides.
    const byLang = await get('/articles/export?format=xlsx&lang=en', { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect((await workbook(byLang.rawPayload)).getRow(1).getCell(4).value).toBe('Pre-tax price');
    const byHeader = await get('/articles/export?format=csv', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' });
    expect(csvLines(byHeader.body)[0]).toMatch(/^Référence;Désignation;Taille;Prix HT;/);
    expect((await get('/articles/export?format=csv&lang=de')).statusCode).toBe(400);
  });

  it('writes French CSV with ; and decimal commas', async () => {
    const [article] = (await get('/articles?search=VT-BLO-L')).json().items as Row[];
    const lines = csvLines((await get('/articles/export?format=csv&search=VT-BLO-L&lang=fr')).body);
    const cells = lines[1]!.split(';');
    expect(cells[0]).toBe('VT-BLO-L');
    expect(cells[3]).toBe(String(article!.priceHt).replace('.', ','));
    const en = csvLines((await get('/articles/export?format=csv&search=VT-BLO-L&lang=en')).body);
    expect(en[1]!.split(',')[3]).toBe(article!.priceHt);
  });
});

describe('re-import of an export', () => {
  it('maps French and English headers back to keys and takes the formula guard off a phone number', async () => {
    const phone = '+33 3 20 11 22 33';
    const created = await upload('/suppliers/import', 's.csv', `name,phone,city\nGarde Formule,${phone},Roubaix\n`);
    expect(created.json()).toMatchObject({ created: 1 });
    for (const lang of ['fr', 'en'] as const) {
      const csv = await get(`/suppliers/export?format=csv&search=Garde%20Formule&lang=${lang}`);
      expect(csv.body).toContain(`'${phone}`);
      const again = await upload('/suppliers/import', `s-${lang}.csv`, csv.rawPayload);
      expect(again.json(), again.body).toMatchObject({ rows: 1, created: 0, updated: 1, errors: [] });
      const [supplier] = (await get('/suppliers?search=Garde%20Formule')).json().items as Row[];
      expect(supplier!.phone).toBe(phone);
    }
  });

  it('re-imports a French XLSX and CSV article export unchanged', async () => {
    for (const format of ['xlsx', 'csv'] as const) {
      const file = await get(`/articles/export?format=${format}&search=EPI&lang=fr`);
      const res = await upload('/articles/import?dryRun=true', `a.${format}`, file.rawPayload);
      expect(res.json(), res.body).toMatchObject({ rows: 4, created: 0, updated: 4, errors: [] });
    }
  });
});

describe('import template', () => {
  it('has the headers in the user’s language and one example row that imports as it is', async () => {
    const csv = await get('/articles/import-template?format=csv&lang=fr');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="articles-template\.csv"/);
    const lines = csvLines(csv.body);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Référence;Désignation;/);
    expect(lines[1]).toMatch(/^EX-0001;Gants nitrile;M;12,50;20;15,00;/);
    const preview = await upload('/articles/import?dryRun=true', 't.csv', csv.rawPayload);
    expect(preview.json()).toMatchObject({ rows: 1, created: 1, errors: [] });

    const xlsx = await workbook((await get('/customers/import-template?format=xlsx&lang=en')).rawPayload);
    expect(xlsx.getRow(1).getCell(1).value).toBe('Business name');
    expect(xlsx.getRow(2).getCell(1).value).toBe('Example Ltd');
  });

  it('takes its example from the caller’s tenant only, and is refused to read-only users', async () => {
    const acme = await ctx.token('admin@acme.test');
    const demoCategories = ((await get('/categories?limit=100')).json().items as Row[]).map((c) => c.name);
    const acmeCategories = ((await get('/categories?limit=100', {}, acme)).json().items as Row[]).map((c) => c.name);
    const cells = csvLines((await get('/articles/import-template?format=csv&lang=en', {}, acme)).body)[1]!.split(',');
    const category = cells[9]!;
    expect(acmeCategories).toContain(category);
    expect(demoCategories.filter((n) => !acmeCategories.includes(n))).not.toContain(category);
    const viewer = await ctx.token('viewer@demo.test');
    expect((await get('/articles/import-template?format=csv', {}, viewer)).statusCode).toBe(403);
    expect((await get('/articles/import-template?format=pdf')).statusCode).toBe(400);
  });
});

describe('import of the valid rows only', () => {
  const csv = [
    'Référence;Désignation;Prix HT;Taux de TVA (%);Quantité',
    'PART-1;Gilet haute visibilité;7,90;20;3',
    'PART-2;Sans prix;;20;0',
    'PART-3;Casque;abc;20;0',
    'PART-4;Bouchons d’oreille;0,35;5,5;100',
  ].join('\n');

  it('writes the valid rows and answers the rejected ones with their reasons', async () => {
    const res = await upload('/articles/import?validOnly=true&lang=fr', 'p.csv', csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ rows: 4, created: 2, updated: 0, applied: true, rejectedCount: 2 });
    expect(report.rejected).toEqual([
      {
        line: 3,
        values: { reference: 'PART-2', designation: 'Sans prix', priceHt: '', vatRate: '20', quantity: '0' },
        errors: [expect.objectContaining({ line: 3, column: 'priceHt', code: 'invalid_value' })],
      },
      {
        line: 4,
        values: expect.objectContaining({ reference: 'PART-3', priceHt: 'abc' }),
        errors: [expect.objectContaining({ column: 'priceHt' })],
      },
    ]);
    expect(report.columns).toContainEqual({ key: 'priceHt', label: 'Prix HT', type: 'money' });
    const items = (await get('/articles?search=PART-&sort=reference:asc')).json().items as Row[];
    expect(items.map((i) => [i.reference, i.priceHt, i.quantity])).toEqual([
      ['PART-1', '7.90', 3],
      ['PART-4', '0.35', 100],
    ]);
    // Other tenants see none of it.
    const acme = await ctx.token('admin@acme.test');
    expect((await get('/articles?search=PART-', {}, acme)).json().total).toBe(0);
  });

  it('still refuses the whole file without validOnly, and refuses read-only users', async () => {
    const other = csv.replaceAll('PART-', 'WHOLE-');
    expect((await upload('/articles/import', 'p.csv', other)).json().code).toBe('import_invalid');
    expect((await get('/articles?search=WHOLE-')).json().total).toBe(0);
    const viewer = await ctx.token('viewer@demo.test');
    expect((await upload('/articles/import?validOnly=true', 'p.csv', other, viewer)).statusCode).toBe(403);
  });
});
