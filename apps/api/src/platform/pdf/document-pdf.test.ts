import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { PDFDocument, PDFName, type PDFDict, type PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderDocumentPdf, type PdfCompany, type PdfLine, type PrintableDocument } from './document-pdf';
import { formatDate, formatMoney, formatNumber, formatPercent, printable } from './pdf-format';
import { pdfPageCount, pdfText } from './pdf-text';

const NBSP = '\u00a0';

const line = (i: number, over: Partial<PdfLine> = {}): PdfLine => ({
  reference: `REF-${String(i).padStart(4, '0')}`,
  designation: `Étiquette RFID UHF n° ${i}`,
  quantity: 1000 + i,
  unitPrice: '0.0125',
  discount: i % 2 ? '5.00' : '0',
  vatRate: '20.00',
  netAmount: '11.88',
  ...over,
});

const order = (over: Partial<PrintableDocument> = {}): PrintableDocument => ({
  title: 'Bon de commande',
  number: 'BDC-2026-000042',
  date: '2026-03-15',
  partyRole: 'supplier',
  party: { name: 'Fournitures Dupont SARL', lines: ['12 rue des Lilas', '75011 Paris'] },
  fields: [{ label: 'Livraison prévue', value: '30/03/2026' }],
  lines: [line(1), line(2, { vatRate: '5.50', netAmount: '1222.62' })],
  totals: {
    net: '1234.50',
    vat: '69.62',
    gross: '1304.12',
    byRate: [
      { category: 'S', rate: '5.50', base: '1222.62', vat: '67.24' },
      { category: 'S', rate: '20.00', base: '11.88', vat: '2.38' },
    ],
  },
  notes: 'Livrer au quai B, avant 10 h.',
  ...over,
});

const company: PdfCompany = {
  name: 'Tagstock Démo SAS',
  address: '1 avenue de la République',
  postalCode: '69001',
  city: 'Lyon',
  country: 'France',
  siren: '123456789',
  vatNumber: 'FR12123456789',
  email: 'achats@demo.fr',
  phone: '04 00 00 00 00',
};

const hasImage = (pdf: Buffer) => pdf.includes('/Subtype /Image');

/** The dates of a PDF's info dictionary, as written (D:yyyymmddhhmmssZ), and its file ID. */
async function pdfDates(pdf: Buffer) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const info = doc.context.lookup(doc.context.trailerInfo.Info) as PDFDict;
  const date = (key: string) => (doc.context.lookup(info.get(PDFName.of(key))) as PDFString | undefined)?.asString();
  return { created: date('CreationDate'), modified: date('ModDate') };
}
const fileId = (pdf: Buffer) => /\/ID \[<([0-9a-f]+)> <\1>\]/.exec(pdf.toString('latin1'))?.[1];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('amounts, rates and dates as each language writes them', () => {
  it('formats euros from decimal text, half-up, without floats', () => {
    expect(formatMoney('1234.5', 'fr')).toBe(`1${NBSP}234,50${NBSP}€`);
    expect(formatMoney('1234.5', 'en')).toBe('€1,234.50');
    expect(formatMoney('-1234.5', 'en')).toBe('-€1,234.50');
    expect(formatMoney('0.005', 'fr')).toBe(`0,01${NBSP}€`);
    expect(formatMoney('-0.001', 'en')).toBe('€0.00');
    // Beyond what a double holds exactly.
    expect(formatMoney('12345678901234567.89', 'en')).toBe('€12,345,678,901,234,567.89');
    expect(formatMoney('0.0125', 'fr', 4)).toBe(`0,0125${NBSP}€`);
    expect(formatMoney('12.5000', 'en', 4)).toBe('€12.50');
    expect(formatPercent('5.50', 'fr')).toBe(`5,5${NBSP}%`);
    expect(formatPercent('20.00', 'en')).toBe('20%');
    expect(formatNumber(1500, 'fr')).toBe(`1${NBSP}500`);
    expect(formatNumber(1500, 'en')).toBe('1,500');
    expect(formatDate('2026-12-31', 'fr')).toBe('31/12/2026');
    expect(formatDate('2026-12-31', 'en')).toBe('2026-12-31');
  });

  it('drops what cannot be drawn', () => {
    expect(printable('a\u0001b\u007fc\td\ne')).toBe('abc d\ne');
    expect(printable('x\ud800y\udc00z 😀')).toBe('xyz 😀');
    expect(printable('a\r\nb\u0085c')).toBe('a\nbc');
    expect(printable(`${'x'.repeat(45)} ok`)).toBe(`${'x'.repeat(30)}\u200b${'x'.repeat(15)} ok`);
  });
});

describe('renderDocumentPdf', () => {
  it('prints a purchase order in French', async () => {
    const pdf = await renderDocumentPdf(order(), company, 'fr');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const expected of [
      'Bon de commande',
      'N° BDC-2026-000042',
      'Date 15/03/2026',
      'FOURNISSEUR',
      'Fournitures Dupont SARL',
      '75011 Paris',
      'Tagstock Démo SAS',
      'SIREN 123456789',
      'N° TVA intracommunautaire FR12123456789',
      'Livraison prévue 30/03/2026',
      'Référence Désignation Qté PU HT Remise TVA Montant HT',
      `REF-0001 Étiquette RFID UHF n° 1 1 001 0,0125 € 5 % 20 % 11,88 €`,
      'Récapitulatif de la TVA',
      `Taux réduit 5,5 % 1 222,62 € 67,24 €`,
      `Taux normal 20 % 11,88 € 2,38 €`,
      `Total HT 1 234,50 €`,
      `Total TVA 69,62 €`,
      `Total TTC 1 304,12 €`,
      'Livrer au quai B, avant 10 h.',
      'Page 1 sur 1',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Purchase order');
    expect(hasImage(pdf)).toBe(false);
  });

  it('prints the same order in English', async () => {
    const text = await pdfText(await renderDocumentPdf(order({ title: 'Purchase order' }), company, 'en'));
    for (const expected of [
      'Purchase order',
      'No. BDC-2026-000042',
      'Date 2026-03-15',
      'SUPPLIER',
      'VAT number FR12123456789',
      'VAT breakdown',
      'Reduced rate 5.5% €1,222.62 €67.24',
      'Total excl. VAT €1,234.50',
      'Total VAT €69.62',
      'Total incl. VAT €1,304.12',
      'Page 1 / 1',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Bon de commande');
    expect(text).not.toContain('Total TTC');
  });

  it('prints a platform order for a tenant, with no lines, notes or company extras', async () => {
    const doc = order({
      title: 'Commande plateforme',
      partyRole: 'tenant',
      party: { name: 'Acme', lines: [] },
      fields: [],
      lines: [],
      totals: { net: '0', vat: '0', gross: '0', byRate: [] },
      notes: null,
    });
    const fr = await pdfText(await renderDocumentPdf(doc, { name: 'Tagstock' }, 'fr'));
    expect(fr).toContain('Commande plateforme');
    expect(fr).toContain('SOCIÉTÉ CLIENTE');
    expect(fr).toContain('Aucune ligne');
    expect(fr).toContain(`Total TTC 0,00 €`);
    expect(fr).not.toContain('SIREN');
    const en = await pdfText(await renderDocumentPdf({ ...doc, title: 'Platform order' }, { name: 'Tagstock' }, 'en'));
    expect(en).toContain('Platform order');
    expect(en).toContain('CLIENT COMPANY');
    expect(en).toContain('No lines');
  });

  it('prints a document without prices as items with their detail, and signature boxes', async () => {
    const doc = order({
      title: 'Bon de sortie',
      lines: undefined,
      totals: undefined,
      items: [{ reference: 'GANT-01', designation: 'Gants de manutention', quantity: 2, detail: 'E280 1160 6000' }],
      signatures: true,
    });
    const fr = await pdfText(await renderDocumentPdf(doc, { name: 'Tagstock' }, 'fr'));
    for (const expected of [
      'Bon de sortie',
      'Référence Désignation Qté Détail',
      'GANT-01',
      'E280 1160 6000',
      'Remis par',
      'Reçu par',
    ])
      expect(fr).toContain(expected);
    expect(fr).not.toContain('Total TTC');
  });

  it('spreads 500 lines over pages that each repeat the table header and count the pages', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => line(i + 1));
    const pdf = await renderDocumentPdf(order({ lines }), company, 'en');
    const pages = await pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(5);
    const text = await pdfText(pdf);
    const byPage = text.split('\f');
    expect(byPage).toHaveLength(pages);
    byPage.forEach((page, i) => {
      expect(page).toContain('Reference Description Qty');
      expect(page).toContain(`Page ${i + 1} / ${pages}`);
    });
    expect(text).toContain('REF-0500');
    expect(byPage.at(-1)).toContain('Total incl. VAT €1,304.12');
  });

  it('prints the logo, PNG or JPEG; a broken one is left out and the document still prints', async () => {
    const image = sharp({ create: { width: 120, height: 40, channels: 3, background: '#1e88e5' } });
    const png = await image.clone().png().toBuffer();
    const jpeg = await image.clone().jpeg().toBuffer();
    expect(
      hasImage(await renderDocumentPdf(order(), { ...company, logo: { data: png, mimeType: 'image/png' } }, 'fr')),
    ).toBe(true);
    expect(
      hasImage(await renderDocumentPdf(order(), { ...company, logo: { data: jpeg, mimeType: 'image/jpeg' } }, 'en')),
    ).toBe(true);

    // pdfkit goes by the bytes, not by the declared type.
    const mislabelled = { data: jpeg, mimeType: 'image/png' } as const;
    expect(hasImage(await renderDocumentPdf(order(), { ...company, logo: mislabelled }, 'fr'))).toBe(true);
    // A PNG signature followed by garbage: pdfkit takes it for a PNG, then cannot read it.
    const broken = Buffer.concat([png.subarray(0, 8), Buffer.alloc(200, 7)]);
    const pdf = await renderDocumentPdf(order(), { ...company, logo: { data: broken, mimeType: 'image/png' } }, 'fr');
    expect(hasImage(pdf)).toBe(false);
    expect(await pdfText(pdf)).toContain('BDC-2026-000042');
  });

  it('survives hostile text: huge unbroken words, scripts without glyphs, controls, PDF syntax', async () => {
    const weird = 'Ünïcødé ½ — “quotes” (paren) \\ back) %PDF-1.7 endobj';
    const lines = [
      line(1, { designation: 'X'.repeat(20_000) }),
      line(2, { designation: 'mot '.repeat(3_000) }),
      line(3, { designation: `${weird} 漢字 😀 العربية \u202eevil\u202c a\u0301 \u200b\u0001\ud800` }),
      line(4, { reference: 'R'.repeat(300) }),
    ];
    const doc = order({
      number: '(BDC) \\ 2026',
      party: { name: weird, lines: ['\n\n', 'Zürich'] },
      fields: [{ label: 'Note', value: 'a\nb\nc' }],
      lines,
      notes: 'n'.repeat(5_000),
    });
    const pdf = await renderDocumentPdf(doc, { ...company, name: `${weird}${'!'.repeat(500)}` }, 'fr');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Lines wrap where the column ends: compare across them.
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(text).toContain('N° (BDC) \\ 2026');
    expect(text).toContain(`FOURNISSEUR ${weird} Zürich`);
    expect(text).toContain(`REF-0003 ${weird}`);
    expect(text).toContain('REF-0001');
    // Nothing is lost where long words are cut, or where a line goes on over the next pages.
    const runs = (re: RegExp) => (text.replace(/\s/g, '').match(re) ?? []).join('').length;
    expect(runs(/X+/g)).toBe(20_000);
    expect(runs(/R{2,}/g)).toBe(300);
    expect(runs(/n{20,}/g)).toBe(5_000);
    expect(text).toContain('Page 1 sur');
  });

  it('prints a document the same before and after others (the worker parses its fonts once)', async () => {
    // Dated by its issue, not by the clock: the same bytes.
    const issuedAt = '2026-03-15T09:30:00Z';
    const first = await renderDocumentPdf(order({ issuedAt }), company, 'fr');
    // Glyphs the first one does not use, and every style.
    await renderDocumentPdf(
      order({ notes: 'Œuvre ÿ Ž — Zürich ½ ™ « ß »', party: { name: 'ÆØÅ', lines: [] } }),
      company,
      'en',
    );
    const again = await renderDocumentPdf(order({ issuedAt }), company, 'fr');
    expect(again.equals(first)).toBe(true);
    expect(await pdfText(again)).toContain('BDC-2026-000042');
  });

  it('renders documents asked for at the same time', async () => {
    const numbers = ['BDC-2026-000001', 'BDC-2026-000002', 'BDC-2026-000003', 'BDC-2026-000004'];
    const pdfs = await Promise.all(numbers.map((number) => renderDocumentPdf(order({ number }), company, 'en')));
    const texts = await Promise.all(pdfs.map(pdfText));
    texts.forEach((text, i) => expect(text).toContain(`No. ${numbers[i]}`));
  });
});

describe('an issued document', () => {
  const issuedAt = '2026-03-15T09:30:00.000Z';

  it('is dated by its issue and gives the same bytes at every render, whatever the clock says', async () => {
    const first = await renderDocumentPdf(order({ issuedAt }), company, 'fr');
    // PDF dates count seconds: a render in the next second would be dated anew if the clock dated it.
    await pause(1_100);
    const again = await renderDocumentPdf(order({ issuedAt }), company, 'fr');
    expect(again.equals(first)).toBe(true);
    expect(await pdfDates(first)).toEqual({ created: 'D:20260315093000Z', modified: 'D:20260315093000Z' });
    // Its file ID comes from what it is: another document, or the same in English, has another.
    const others = [
      await renderDocumentPdf(order({ issuedAt, number: 'BDC-2026-000043' }), company, 'fr'),
      await renderDocumentPdf(order({ issuedAt }), company, 'en'),
    ];
    const ids = [first, ...others].map(fileId);
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('while a draft is dated when it is printed', async () => {
    const before = Date.now();
    const { created, modified } = await pdfDates(await renderDocumentPdf(order({ issuedAt: null }), company, 'fr'));
    const m = /^D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z$/.exec(created ?? '')!;
    const at = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
    expect(at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(modified).toBeUndefined();
  });
});

describe('VAT on a sales document', () => {
  const franchise = { code: 'VATEX-FR-FRANCHISE' as const, text: 'TVA non applicable, art. 293 B du CGI' };
  const invoice = order({
    title: 'Facture',
    partyRole: 'customer',
    lines: [
      line(1),
      line(2, { vatRate: '2.10', netAmount: '100.00' }),
      line(3, { designation: 'Prestation', vatRate: '0.00', vatCategory: 'E', vatExemption: franchise }),
    ],
    totals: {
      net: '123.76',
      vat: '4.48',
      gross: '128.24',
      byRate: [
        { category: 'S', rate: '20.00', base: '11.88', vat: '2.38' },
        { category: 'S', rate: '2.10', base: '100.00', vat: '2.10' },
        { category: 'E', rate: '0.00', base: '11.88', vat: '0.00', exemption: franchise },
      ],
    },
  });

  it('names each rate and exemption as the screens do, never by a bare category code', async () => {
    const fr = (await pdfText(await renderDocumentPdf(invoice, company, 'fr'))).replace(/\s+/g, ' ');
    for (const expected of [
      'TVA Base HT Montant TVA',
      'Taux normal 20 % 11,88 € 2,38 €',
      'Taux particulier 2,1 % 100,00 € 2,10 €',
      'Exonéré (art. 293 B du CGI) 11,88 € 0,00 €',
    ])
      expect(fr).toContain(expected);
    // The exempt line says why under its designation.
    expect(fr).toMatch(/Prestation .*Exonéré \(art\. 293 B du CGI\).*Récapitulatif de la TVA/);
    expect(fr).not.toMatch(/(^| )[SZE] \d/);

    const en = (await pdfText(await renderDocumentPdf(invoice, company, 'en'))).replace(/\s+/g, ' ');
    for (const expected of [
      'Standard rate 20% €11.88 €2.38',
      'Special rate 2.1% €100.00 €2.10',
      'Exempt (CGI art. 293 B) €11.88 €0.00',
    ])
      expect(en).toContain(expected);
    expect(en).not.toMatch(/(^| )[SZE] \d/);
  });
});

describe('in the bundle npm start runs', () => {
  it('finds pdfmake, its fonts and the worker from an esbuild bundle', async () => {
    // Bundled as scripts/ensure-build.mjs bundles the API: one ES module, the API's dependencies left external.
    const api = fileURLToPath(new URL('../../..', import.meta.url));
    const pkg = JSON.parse(readFileSync(`${api}package.json`, 'utf8')) as Record<string, Record<string, string>>;
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
      (d) => !d.startsWith('@tagstock/'),
    );
    // Somewhere else than the sources, below the workspace's node_modules like apps/api/dist.
    const dir = fileURLToPath(
      new URL(`../../../../../node_modules/.cache/pdf-bundle-${process.pid}/`, import.meta.url),
    );
    mkdirSync(dir, { recursive: true });
    try {
      await build({
        stdin: {
          contents: `import { renderDocumentPdf } from './document-pdf';
            const doc = ${JSON.stringify(order({ title: 'Purchase order' }))};
            const pdf = await renderDocumentPdf(doc, { name: 'Bundled' }, 'en');
            process.stdout.write(pdf.toString('base64'));`,
          resolveDir: fileURLToPath(new URL('.', import.meta.url)),
          loader: 'ts',
        },
        outfile: `${dir}main.mjs`,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        external: deps.flatMap((d) => [d, `${d}/*`]),
        logLevel: 'warning',
      });
      const run = spawnSync(process.execPath, [`${dir}main.mjs`], { encoding: 'utf8', timeout: 60_000 });
      expect(run.stderr).toBe('');
      const text = await pdfText(Buffer.from(run.stdout, 'base64'));
      expect(text).toContain('Purchase order');
      expect(text).toContain('Bundled');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
