import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  cellInput,
  csvCell,
  CsvParser,
  decimalText,
  exportStream,
  headerKeys,
  readSheet,
  rowInput,
  unguard,
  type SheetColumn,
} from './spreadsheet';

const parse = (text: string, sep: string, step: number) => {
  const records: string[][] = [];
  const parser = new CsvParser(sep);
  const emit = (r: string[]) => records.push(r);
  for (let i = 0; i < text.length; i += step) parser.push(text.slice(i, i + step), emit);
  parser.end(emit);
  return records;
};

describe('CSV parsing', () => {
  it('gives the same records whatever the chunk boundaries', () => {
    const text = 'name;note\r\n"Dupont ""fils""";"a;b\r\nc"\r\nMartin;\n"";x';
    const expected = [
      ['name', 'note'],
      ['Dupont "fils"', 'a;b\r\nc'],
      ['Martin', ''],
      ['', 'x'],
    ];
    for (const step of [1, 2, 3, 5, 7, text.length]) expect(parse(text, ';', step)).toEqual(expected);
  });

  it('lets the event loop run while a large file is parsed, and skips blank lines', async () => {
    const data = Buffer.from('name,city\nDupont,Lyon\n' + '\n'.repeat(2_000_000) + 'Martin,Paris\n');
    let finished = false;
    const reading = readSheet('big.csv', data).then((rows) => {
      finished = true;
      return rows;
    });
    const during = await new Promise<boolean>((resolve) => setTimeout(() => resolve(finished), 0));
    expect(during).toBe(false);
    expect(await reading).toEqual([
      { line: 2, values: { name: 'Dupont', city: 'Lyon' } },
      { line: 2_000_003, values: { name: 'Martin', city: 'Paris' } },
    ]);
  });

  it('stops at the row cap', async () => {
    const data = Buffer.from('name\n' + 'x\n'.repeat(100_001));
    await expect(readSheet('big.csv', data)).rejects.toMatchObject({ code: 'too_many_rows' });
    expect(await readSheet('ok.csv', Buffer.from('name\n' + 'x\n'.repeat(100_000)))).toHaveLength(100_000);
  });
});

const COLUMNS: SheetColumn[] = [
  { key: 'reference', type: 'text', header: { en: 'Reference', fr: 'Référence' } },
  { key: 'priceHt', type: 'money', header: { en: 'Pre-tax price', fr: 'Prix HT' } },
  { key: 'vatRate', type: 'rate', header: { en: 'VAT rate (%)', fr: 'Taux de TVA (%)' } },
  { key: 'quantity', type: 'integer', header: { en: 'Quantity', fr: 'Quantité' } },
  { key: 'expiry', type: 'date', header: { en: 'Expiry date', fr: 'Date limite' } },
  { key: 'seenAt', type: 'datetime', header: { en: 'Seen at', fr: 'Vu le' } },
  { key: 'active', type: 'boolean', header: { en: 'Active', fr: 'Actif' } },
  { key: 'alert', type: 'text', header: { en: 'Stock alert threshold', fr: 'Seuil d’alerte de stock' } },
  { key: 'phone', type: 'text', header: { en: 'Phone', fr: 'Téléphone' } },
];
const ROW = {
  reference: 'A;1',
  priceHt: '1234.50',
  vatRate: '5.5',
  quantity: 12,
  expiry: '2026-12-31',
  seenAt: new Date('2026-03-04T05:06:07Z'),
  active: true,
  alert: null,
  phone: '+33 3 20 00 00 00',
};

const streamed = async (format: 'csv' | 'xlsx', lang: 'en' | 'fr') => {
  const chunks: Buffer[] = [];
  for await (const chunk of exportStream(format, COLUMNS, [[ROW]], lang))
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
};

describe('CSV and XLSX in the user’s language', () => {
  it('writes French CSV with ; and a decimal comma, English with , and a point, both UTF-8 with BOM', async () => {
    const fr = (await streamed('csv', 'fr')).toString('utf8');
    expect(fr).toBe(
      '\uFEFFRéférence;Prix HT;Taux de TVA (%);Quantité;Date limite;Vu le;Actif;Seuil d’alerte de stock;Téléphone\r\n' +
        `"A;1";1234,50;5,5;12;31/12/2026;04/03/2026 05:06:07;VRAI;;'+33 3 20 00 00 00\r\n`,
    );
    const en = (await streamed('csv', 'en')).toString('utf8');
    expect(en).toBe(
      '\uFEFFReference,Pre-tax price,VAT rate (%),Quantity,Expiry date,Seen at,Active,Stock alert threshold,Phone\r\n' +
        `A;1,1234.50,5.5,12,2026-12-31,2026-03-04 05:06:07,TRUE,,'+33 3 20 00 00 00\r\n`,
    );
  });

  it('writes XLSX with typed cells, number formats, translated headers and a frozen header row', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await streamed('xlsx', 'fr')) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).values).toEqual([undefined, ...COLUMNS.map((c) => c.header.fr)]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const cells = sheet.getRow(2);
    expect(cells.getCell(2).value).toBe(1234.5);
    expect(cells.getCell(2).numFmt).toBe('#,##0.00');
    expect(cells.getCell(3).value).toBe(5.5);
    expect(cells.getCell(4).value).toBe(12);
    expect(cells.getCell(5).value).toEqual(new Date('2026-12-31T00:00:00Z'));
    expect(cells.getCell(5).numFmt).toBe('dd/mm/yyyy');
    expect(cells.getCell(6).value).toEqual(new Date('2026-03-04T05:06:07Z'));
    expect(cells.getCell(7).value).toBe(true);
    // No guard in XLSX: a text cell is never a formula there.
    expect(cells.getCell(9).value).toBe('+33 3 20 00 00 00');
    expect(sheet.getColumn(1).width).toBeGreaterThan(8);
  });

  it('reads back an export in either language to the column keys, with the formula guard taken off', async () => {
    const keys = headerKeys(COLUMNS);
    for (const lang of ['fr', 'en'] as const) {
      for (const format of ['csv', 'xlsx'] as const) {
        const [row] = await readSheet(`x.${format}`, await streamed(format, lang), keys);
        expect(rowInput(COLUMNS, row!.values), `${lang} ${format}`).toEqual({
          reference: 'A;1',
          priceHt: format === 'xlsx' ? '1234.5' : '1234.50',
          vatRate: '5.5',
          quantity: '12',
          expiry: '2026-12-31',
          seenAt: format === 'xlsx' ? '2026-03-04T05:06:07.000Z' : expect.stringMatching(/^2026-03-04.05:06:07/),
          active: 'true',
          alert: '',
          phone: '+33 3 20 00 00 00',
        });
      }
    }
  });

  it('maps headers whatever their case, accents and apostrophes; keeps unknown ones', async () => {
    const keys = headerKeys(COLUMNS);
    const rows = await readSheet(
      'x.csv',
      Buffer.from("REFERENCE;prix ht;Seuil d'alerte de stock;Autre\nA;1;2;3\n"),
      keys,
    );
    expect(rows[0]!.values).toEqual({ reference: 'A', priceHt: '1', alert: '2', Autre: '3' });
  });

  it('reads numbers typed in either language', () => {
    expect(
      ['27,60', '27.60', '1 234,50', '1\u202f234,50', '1,234.50', '1.234,50', '1.234.567', '12', '-3,5'].map(
        decimalText,
      ),
    ).toEqual(['27.60', '27.60', '1234.50', '1234.50', '1234.50', '1234.50', '1234567', '12', '-3.5']);
    expect(cellInput('31/12/2026', 'date')).toBe('2026-12-31');
    // A date cell read without its format is Excel's day number; a year typed alone is not one.
    expect(cellInput('46387', 'date')).toBe('2026-12-31');
    expect(cellInput('46085.2125810185', 'datetime')).toBe('2026-03-04T05:06:07.000Z');
    expect(cellInput('2026', 'date')).toBe('2026');
    expect(cellInput('Faux', 'boolean')).toBe('false');
    expect(cellInput('1 200', 'integer')).toBe('1200');
  });

  it('guards formula-looking text on export and takes the guard off on import, for every risky start', () => {
    for (const text of ['=1+2', '+33 1', '-x', '@SUM(A1)', '\tx']) {
      const cell = csvCell(text, 'text', 'fr');
      expect(cell).toBe(`'${text}`);
      expect(unguard(cell)).toBe(text);
    }
    expect(csvCell('-12.5', 'money', 'fr')).toBe('-12,5');
    expect(unguard("'quote")).toBe("'quote");
  });
});
