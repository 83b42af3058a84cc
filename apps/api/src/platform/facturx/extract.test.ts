import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractFacturXXml } from './extract';

const invoice = readFileSync(new URL('./testdata/CII_example1.xml', import.meta.url));
const other = Buffer.from('<?xml version="1.0"?><notes>pas une facture</notes>');
// Not ASCII, so a wrong decoding shows: the bytes must come back exactly.
const accented = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><x>Désignation « spéciale » & cie</x>'.replace('&', '&amp;'),
);

/** A PDF written by pdf-lib (object streams, Flate-compressed attachments), a producer other than ours. */
async function pdfLibPdf(files: { name: string; data: Buffer; mimeType: string }[]) {
  const doc = await PDFDocument.create();
  doc.addPage();
  for (const f of files) await doc.attach(f.data, f.name, { mimeType: f.mimeType });
  return Buffer.from(await doc.save());
}

/**
 * A PDF written by hand, as some tools lay it out: objects given as text or bytes, a classic cross-reference
 * table. Object 1 is the catalog.
 */
function handmadePdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  const offsets: number[] = [];
  let size = parts[0]!.length;
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]);
    offsets.push(size);
    size += chunk.length;
    parts.push(chunk);
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`];
  for (const offset of offsets) xref.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  xref.push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`);
  return Buffer.concat([...parts, Buffer.from(xref.join(''))]);
}

const stream = (data: Buffer, extra = '') =>
  Buffer.concat([
    Buffer.from(`<< /Type /EmbeddedFile${extra} /Filter /FlateDecode /Length ${deflateSync(data).length} >>\nstream\n`),
    deflateSync(data),
    Buffer.from('\nendstream'),
  ]);
const utf16 = (text: string) => `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';

describe('extractFacturXXml', () => {
  it('finds factur-x.xml among other attachments of a pdf-lib PDF, byte for byte', async () => {
    const pdf = await pdfLibPdf([
      { name: 'notes.xml', data: other, mimeType: 'text/xml' },
      { name: 'logo.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]), mimeType: 'image/png' },
      { name: 'factur-x.xml', data: invoice, mimeType: 'text/xml' },
    ]);
    // The attachment is compressed: the XML cannot be read from the raw bytes.
    expect(pdf.includes(invoice.subarray(0, 200))).toBe(false);
    expect((await extractFacturXXml(pdf))?.equals(invoice)).toBe(true);
  });

  it('walks a name tree with kids, reads a UTF-16 name and inflates the stream (ZUGFeRD 2 naming)', async () => {
    const pdf = handmadePdf([
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 4 0 R >> >>',
      PAGES,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
      '<< /Kids [5 0 R] >>',
      `<< /Limits [(a.txt) (ZUGFeRD-invoice.xml)] /Names [(a.txt) 6 0 R (ZUGFeRD-invoice.xml) 7 0 R] >>`,
      '<< /Type /Filespec /F (a.txt) /EF << /F 8 0 R >> >>',
      `<< /Type /Filespec /F (ZUGFeRD-invoice.xml) /UF ${utf16('ZUGFeRD-invoice.xml')} /EF << /F 9 0 R >> >>`,
      stream(Buffer.from('just text')),
      stream(accented, ' /Subtype /text#2Fxml'),
    ]);
    expect((await extractFacturXXml(pdf))?.equals(accented)).toBe(true);
  });

  it('finds an XML attached only to a page (file attachment annotation)', async () => {
    const pdf = handmadePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      PAGES,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Annots [4 0 R] >>',
      '<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 10 10] /FS 5 0 R >>',
      '<< /Type /Filespec /F (invoice.xml) /EF << /F 6 0 R >> >>',
      stream(invoice),
    ]);
    expect((await extractFacturXXml(pdf))?.equals(invoice)).toBe(true);
  });

  it('takes a file declared text/xml whatever its name, when no name says XML', async () => {
    const pdf = handmadePdf([
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(invoice.dat) 4 0 R] >> >> >>',
      PAGES,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
      '<< /Type /Filespec /F (invoice.dat) /EF << /F 5 0 R >> >>',
      stream(invoice, ' /Subtype /text#2Fxml'),
    ]);
    expect((await extractFacturXXml(pdf))?.equals(invoice)).toBe(true);
  });

  it('prefers the standard name over an earlier .xml file', async () => {
    const pdf = handmadePdf([
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(a.xml) 4 0 R (factur-x.xml) 5 0 R] >> >> >>',
      PAGES,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
      '<< /Type /Filespec /F (a.xml) /EF << /F 6 0 R >> >>',
      '<< /Type /Filespec /F (factur-x.xml) /EF << /F 7 0 R >> >>',
      stream(other),
      stream(invoice),
    ]);
    expect((await extractFacturXXml(pdf))?.equals(invoice)).toBe(true);
  });

  it('answers null for a PDF without XML, and for what is not a PDF', async () => {
    expect(await extractFacturXXml(await pdfLibPdf([]))).toBeNull();
    const png = { name: 'logo.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]), mimeType: 'image/png' };
    expect(await extractFacturXXml(await pdfLibPdf([png]))).toBeNull();
    expect(await extractFacturXXml(invoice)).toBeNull();
    expect(await extractFacturXXml(Buffer.alloc(0))).toBeNull();
    expect(await extractFacturXXml(Buffer.from('%PDF-1.4\n%%EOF'))).toBeNull();
  });
});
