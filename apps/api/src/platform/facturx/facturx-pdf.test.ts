import { createHash } from 'node:crypto';
import { XmlDocument } from 'libxml2-wasm';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFString,
  type PDFObject,
} from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderDocumentPdf, type PdfCompany, type PrintableDocument } from '../pdf/document-pdf';
import { pdfText } from '../pdf/pdf-text';
import { facturXXml, type FacturXDocument } from './cii';
import { extractFacturXXml } from './extract';
import { validateCii } from './validate';

/*
 * A Factur-X PDF, checked from the outside: pdf-lib reads its structure, libxml2 its XMP, as a receiving
 * validator would. What PDF/A-3b and Factur-X require of it is asserted piece by piece (there is no PDF/A validator
 * among our dependencies); the embedded XML must come back byte for byte and stay EN 16931-valid.
 */

// The company name carries XML's special characters: pdfkit writes it into the XMP, which must stay well-formed.
const company: PdfCompany = { name: 'Dupont & Fils <SAS>', siren: '123456789', vatNumber: 'FR32123456789' };

const printable: PrintableDocument = {
  title: 'Facture',
  number: 'FA-2025-00042',
  date: '2025-06-30',
  partyRole: 'customer',
  party: { name: 'Boutique Client SARL', lines: ['3 place du Marché', '69002 Lyon'] },
  fields: [{ label: 'Échéance', value: '30/07/2025' }],
  lines: [
    {
      reference: 'ETQ-1',
      designation: 'Étiquette RFID',
      quantity: 100,
      unitPrice: '1.2500',
      discount: '0',
      vatRate: '20.00',
      netAmount: '125.00',
    },
  ],
  totals: {
    net: '125.00',
    vat: '25.00',
    gross: '150.00',
    byRate: [{ category: 'S', rate: '20.00', base: '125.00', vat: '25.00' }],
  },
};

const cii: FacturXDocument = {
  typeCode: '380',
  number: 'FA-2025-00042',
  billingMode: 'B1',
  issueDate: '2025-06-30',
  currency: 'EUR',
  notes: [
    { subjectCode: 'PMT', text: 'Indemnité forfaitaire pour frais de recouvrement : 40 €' },
    { subjectCode: 'PMD', text: 'Pénalités de retard : trois fois le taux d’intérêt légal' },
    { subjectCode: 'AAB', text: 'Pas d’escompte pour paiement anticipé' },
  ],
  seller: {
    name: company.name,
    siren: '123456789',
    vatNumber: 'FR32123456789',
    address: { city: 'Paris', countryCode: 'FR' },
    electronicAddress: { id: '123456789', scheme: '0225' },
  },
  buyer: {
    name: 'Boutique Client SARL',
    siren: '987654321',
    address: { line1: '3 place du Marché', postcode: '69002', city: 'Lyon', countryCode: 'FR' },
    electronicAddress: { id: '987654321', scheme: '0225' },
  },
  dueDate: '2025-07-30',
  payment: { meansCode: '58', iban: 'FR7630006000011234567890189' },
  lines: [
    {
      id: '1',
      name: 'Étiquette RFID',
      quantity: '100',
      unitCode: 'C62',
      netUnitPrice: '1.2500',
      lineNet: '125.00',
      vatCategory: 'S',
      vatRate: '20.00',
    },
  ],
  allowances: [],
  breakdown: [{ category: 'S', rate: '20.00', base: '125.00', vat: '25.00' }],
  totals: {
    lineTotal: '125.00',
    allowanceTotal: '0.00',
    taxBasis: '125.00',
    vat: '25.00',
    grandTotal: '150.00',
    prepaid: '0.00',
    duePayable: '150.00',
  },
};
const xml = facturXXml(cii);

const XMP_NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
  pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#',
  fx: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
  dc: 'http://purl.org/dc/elements/1.1/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
};

/** The object a value refers to, which must be of the given pdf-lib class (their constructors are not public). */
function lookup<T extends PDFObject>(
  doc: PDFDocument,
  value: PDFObject | undefined,
  type: { prototype: T; name: string },
): T {
  const resolved = doc.context.lookup(value);
  if (!resolved || !Object.prototype.isPrototypeOf.call(type.prototype, resolved))
    throw new Error(`expected a ${type.name}, got ${resolved?.constructor.name}`);
  return resolved as T;
}
const get = (dict: PDFDict, key: string) => dict.get(PDFName.of(key));
const textOf = (doc: PDFDocument, value: PDFObject | undefined) => {
  const resolved = doc.context.lookup(value);
  return resolved instanceof PDFString || resolved instanceof PDFHexString ? resolved.decodeText() : undefined;
};
const dicts = (doc: PDFDocument) =>
  doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => (object instanceof PDFRawStream ? object.dict : object))
    .filter((object): object is PDFDict => object instanceof PDFDict);

let pdf: Buffer;
let doc: PDFDocument;
beforeAll(async () => {
  pdf = await renderDocumentPdf(printable, company, 'fr', { facturX: { xml, documentNumber: 'FA-2025-00042' } });
  doc = await PDFDocument.load(pdf, { updateMetadata: false });
}, 60_000);

describe('a Factur-X PDF (PDF/A-3b, EN 16931)', () => {
  it('carries the XML it was given, byte for byte, still valid', { timeout: 60_000 }, async () => {
    expect((await validateCii(xml)).valid).toBe(true);
    const embedded = await extractFacturXXml(pdf);
    expect(embedded?.equals(Buffer.from(xml, 'utf8'))).toBe(true);
    expect((await validateCii(embedded!)).valid).toBe(true);
  });

  it('embeds it as factur-x.xml: text/xml, relationship Data, in /AF and /EmbeddedFiles, dated, with its MD5', () => {
    expect(pdf.includes('/AFRelationship /Data')).toBe(true);
    const af = lookup(doc, get(doc.catalog, 'AF'), PDFArray).asArray();
    expect(af).toHaveLength(1);
    const spec = lookup(doc, af[0], PDFDict);
    expect(get(spec, 'Type')).toBe(PDFName.of('Filespec'));
    expect(get(spec, 'AFRelationship')).toBe(PDFName.of('Data'));
    expect(textOf(doc, get(spec, 'F'))).toBe('factur-x.xml');
    expect(textOf(doc, get(spec, 'UF'))).toBe('factur-x.xml');

    const names = lookup(doc, get(lookup(doc, get(doc.catalog, 'Names'), PDFDict), 'EmbeddedFiles'), PDFDict);
    const pairs = lookup(doc, get(names, 'Names'), PDFArray).asArray();
    expect(textOf(doc, pairs[0])).toBe('factur-x.xml');
    expect(doc.context.lookup(pairs[1])).toBe(spec);

    const stream = lookup(doc, get(lookup(doc, get(spec, 'EF'), PDFDict), 'F'), PDFRawStream);
    expect(get(stream.dict, 'Type')).toBe(PDFName.of('EmbeddedFile'));
    expect(get(stream.dict, 'Subtype')).toBe(PDFName.of('text/xml'));
    const params = lookup(doc, get(stream.dict, 'Params'), PDFDict);
    expect(textOf(doc, get(params, 'ModDate'))).toMatch(/^D:\d{14}Z$/);
    expect(lookup(doc, get(params, 'Size'), PDFNumber).asNumber()).toBe(Buffer.byteLength(xml));
    const md5 = createHash('md5').update(xml).digest('hex');
    expect(lookup(doc, get(params, 'CheckSum'), PDFHexString).asString().toLowerCase()).toBe(md5);
    expect(Buffer.from(decodePDFRawStream(stream).decode()).toString('utf8')).toBe(xml);
  });

  it('declares PDF/A-3b and Factur-X EN 16931 in well-formed XMP that agrees with the document info', () => {
    const metadata = lookup(doc, get(doc.catalog, 'Metadata'), PDFRawStream);
    expect(get(metadata.dict, 'Subtype')).toBe(PDFName.of('XML'));
    // Uncompressed, so that any reader can find it.
    expect(get(metadata.dict, 'Filter')).toBeUndefined();
    const packet = Buffer.from(metadata.contents).toString('utf8');
    expect(packet).toMatch(/^<\?xpacket begin="\uFEFF"/);
    expect(pdf.includes('pdfaid:part')).toBe(true);

    const xmp = XmlDocument.fromString(packet);
    try {
      const value = (path: string) => xmp.get(path, XMP_NS)?.content.trim();
      expect(value('//pdfaid:part')).toBe('3');
      expect(value('//pdfaid:conformance')).toBe('B');
      expect(value('//fx:DocumentType')).toBe('INVOICE');
      expect(value('//fx:DocumentFileName')).toBe('factur-x.xml');
      expect(value('//fx:Version')).toBe('1.0');
      expect(value('//fx:ConformanceLevel')).toBe('EN 16931');
      expect(value('//pdfaSchema:namespaceURI')).toBe(XMP_NS.fx);
      expect(value('//pdfaSchema:prefix')).toBe('fx');
      expect(xmp.find('//pdfaSchema:property//pdfaProperty:name', XMP_NS).map((n) => n.content)).toEqual([
        'DocumentFileName',
        'DocumentType',
        'Version',
        'ConformanceLevel',
      ]);

      const info = lookup(doc, doc.context.trailerInfo.Info, PDFDict);
      expect(value('//dc:creator//rdf:li')).toBe('Dupont & Fils <SAS>');
      expect(textOf(doc, get(info, 'Author'))).toBe('Dupont & Fils <SAS>');
      expect(value('//dc:title//rdf:li')).toBe(textOf(doc, get(info, 'Title')));
      expect(value('//pdf:Producer')).toBe(textOf(doc, get(info, 'Producer')));
      expect(value('//xmp:CreatorTool')).toBe(textOf(doc, get(info, 'Creator')));
      const xmpDate = (key: string) =>
        textOf(doc, get(info, key))!.replace(/^D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z');
      expect(value('//xmp:CreateDate')).toBe(xmpDate('CreationDate'));
      expect(value('//xmp:ModifyDate')).toBe(xmpDate('ModDate'));
      expect(value('//xmp:MetadataDate')).toBe(xmpDate('ModDate'));
    } finally {
      xmp.dispose();
    }
  });

  it('has an sRGB output intent (GTS_PDFA1) with its ICC profile', () => {
    expect(pdf.includes('/GTS_PDFA1')).toBe(true);
    const intents = lookup(doc, get(doc.catalog, 'OutputIntents'), PDFArray).asArray();
    expect(intents).toHaveLength(1);
    const intent = lookup(doc, intents[0], PDFDict);
    expect(get(intent, 'S')).toBe(PDFName.of('GTS_PDFA1'));
    const profile = lookup(doc, get(intent, 'DestOutputProfile'), PDFRawStream);
    expect(lookup(doc, get(profile.dict, 'N'), PDFNumber).asNumber()).toBe(3);
    const icc = Buffer.from(decodePDFRawStream(profile).decode());
    // The ICC header: its signature, and an RGB colour space.
    expect(icc.subarray(36, 40).toString('latin1')).toBe('acsp');
    expect(icc.subarray(16, 20).toString('latin1')).toBe('RGB ');
  });

  it('embeds every font it uses', () => {
    expect(pdf.includes('/FontFile2')).toBe(true);
    const fonts = dicts(doc).filter(
      (d) => get(d, 'Type') === PDFName.of('Font') && get(d, 'Subtype') !== PDFName.of('Type0'),
    );
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      const descriptor = lookup(doc, get(font, 'FontDescriptor'), PDFDict);
      const program = ['FontFile', 'FontFile2', 'FontFile3'].map((k) => get(descriptor, k)).find(Boolean);
      expect(program, `font ${String(get(font, 'BaseFont'))}`).toBeDefined();
    }
  });

  it('is PDF 1.7 with a file ID, unencrypted, and has no transparency', () => {
    expect(pdf.subarray(0, 9).toString('latin1')).toBe('%PDF-1.7\n');
    // The binary comment PDF/A wants on the second line.
    expect([...pdf.subarray(10, 14)].every((byte) => byte > 127)).toBe(true);
    expect(doc.isEncrypted).toBe(false);
    expect(doc.context.trailerInfo.Encrypt).toBeUndefined();
    expect(lookup(doc, doc.context.trailerInfo.ID, PDFArray).size()).toBe(2);
    for (const d of dicts(doc)) {
      const smask = get(d, 'SMask');
      expect(smask === undefined || smask === PDFName.of('None')).toBe(true);
      for (const alpha of ['CA', 'ca']) {
        const value = get(d, alpha);
        if (value) expect((value as PDFNumber).asNumber()).toBe(1);
      }
      const group = d.get(PDFName.of('Group'));
      if (group) expect(get(lookup(doc, group, PDFDict), 'S')).not.toBe(PDFName.of('Transparency'));
    }
  });

  it('still reads as the same document', { timeout: 60_000 }, async () => {
    const text = await pdfText(pdf);
    expect(text).toContain('FA-2025-00042');
    expect(text).toContain('Boutique Client SARL');
  });

  it('draws a logo with an alpha channel opaque, on white', { timeout: 60_000 }, async () => {
    const logo = await sharp({
      create: { width: 60, height: 20, channels: 4, background: { r: 30, g: 136, b: 229, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const withLogo = { ...company, logo: { data: logo, mimeType: 'image/png' as const } };
    const plain = await renderDocumentPdf(printable, withLogo, 'fr');
    // Without Factur-X, pdfkit keeps the transparency (so the check below can fail).
    expect(plain.includes('/SMask')).toBe(true);
    const facturX = await renderDocumentPdf(printable, withLogo, 'fr', { facturX: { xml } });
    expect(facturX.includes('/Subtype /Image')).toBe(true);
    expect(facturX.includes('/SMask')).toBe(false);
    expect((await extractFacturXXml(facturX))?.equals(Buffer.from(xml))).toBe(true);
  });
});

describe('an issued Factur-X', () => {
  it('is dated by its issue throughout, and gives the same bytes at every render', { timeout: 60_000 }, async () => {
    const issued = { ...printable, issuedAt: '2025-06-30T14:05:09.000Z' };
    const render = () =>
      renderDocumentPdf(issued, company, 'fr', { facturX: { xml, documentNumber: 'FA-2025-00042' } });
    const first = await render();
    // PDF dates count seconds: a render in the next second would be dated anew if the clock dated it.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await render()).equals(first)).toBe(true);

    const issuedDoc = await PDFDocument.load(first, { updateMetadata: false });
    const info = lookup(issuedDoc, issuedDoc.context.trailerInfo.Info, PDFDict);
    const date = (dict: PDFDict, key: string) => lookup(issuedDoc, get(dict, key), PDFString).asString();
    expect([date(info, 'CreationDate'), date(info, 'ModDate')]).toEqual(['D:20250630140509Z', 'D:20250630140509Z']);
    // The embedded factur-x.xml too.
    const spec = lookup(issuedDoc, lookup(issuedDoc, get(issuedDoc.catalog, 'AF'), PDFArray).get(0), PDFDict);
    const stream = lookup(issuedDoc, get(lookup(issuedDoc, get(spec, 'EF'), PDFDict), 'F'), PDFRawStream);
    const params = lookup(issuedDoc, get(stream.dict, 'Params'), PDFDict);
    expect([date(params, 'CreationDate'), date(params, 'ModDate')]).toEqual(['D:20250630140509Z', 'D:20250630140509Z']);
    const metadata = lookup(issuedDoc, get(issuedDoc.catalog, 'Metadata'), PDFRawStream);
    const xmp = XmlDocument.fromString(Buffer.from(metadata.contents).toString('utf8'));
    try {
      for (const key of ['CreateDate', 'ModifyDate', 'MetadataDate'])
        expect(xmp.get(`//xmp:${key}`, XMP_NS)?.content.trim(), key).toBe('2025-06-30T14:05:09Z');
    } finally {
      xmp.dispose();
    }
  });
});

describe('a PDF without Factur-X', () => {
  it('is left as before: PDF 1.3, no attachment, no XMP, no output intent', { timeout: 60_000 }, async () => {
    const plain = await renderDocumentPdf(printable, company, 'fr');
    expect(plain.subarray(0, 9).toString('latin1')).toBe('%PDF-1.3\n');
    for (const marker of ['/AF', '/EmbeddedFile', 'pdfaid', '/OutputIntents', '/Metadata', 'factur-x.xml'])
      expect(plain.includes(marker), marker).toBe(false);
    expect(await extractFacturXXml(plain)).toBeNull();
  });
});
