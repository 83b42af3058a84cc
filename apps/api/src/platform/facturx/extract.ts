import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  type PDFObject,
} from 'pdf-lib';

/*
 * Finds the invoice XML inside a Factur-X / ZUGFeRD PDF, whoever produced it. The standard puts it in the
 * catalog's /Names /EmbeddedFiles tree (and /AF) as `factur-x.xml`; older ZUGFeRD files name it
 * `zugferd-invoice.xml` or `ZUGFeRD-invoice.xml`, XRechnung hybrids `xrechnung.xml`, and a few tools attach it only
 * as a page's file attachment annotation. pdf-lib reads any PDF structure (cross-reference streams, object
 * streams, incremental updates) and decodes the stream's filters (FlateDecode…); its parser yields to the event
 * loop every hundred objects, so a large PDF does not hold it for long.
 */

/** The standard names, best first, compared in lower case. */
const INVOICE_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

type Attachment = { name: string; spec: PDFDict };

/**
 * The bytes of the embedded invoice XML, exactly as stored (decoded from its filters), or null when the PDF has
 * none, cannot be read, or is encrypted. A file with a standard name wins; otherwise the first `.xml` file, or the
 * first file declared `text/xml`.
 */
export async function extractFacturXXml(pdf: Buffer | Uint8Array): Promise<Buffer | null> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return null;
  }
  // Embedded files of an encrypted PDF are encrypted too, and pdf-lib cannot decrypt them.
  if (doc.isEncrypted) return null;

  let found: Attachment[];
  try {
    found = attachments(doc);
  } catch {
    // A damaged document (a catalog cut short): it holds nothing we can read.
    return null;
  }
  const ranked = [
    ...INVOICE_NAMES.flatMap((wanted) => found.filter((a) => a.name.toLowerCase() === wanted)),
    ...found.filter((a) => a.name.toLowerCase().endsWith('.xml')),
    ...found.filter((a) => fileStream(doc, a.spec)?.dict.get(PDFName.of('Subtype')) === PDFName.of('text/xml')),
  ];
  for (const attachment of ranked) {
    const stream = fileStream(doc, attachment.spec);
    if (!stream) continue;
    try {
      return Buffer.from(decodePDFRawStream(stream).decode());
    } catch {
      // A filter pdf-lib does not know, or damaged data: try the next candidate.
    }
  }
  return null;
}

/** Every file specification of the document: the EmbeddedFiles name tree, the catalog's /AF, page annotations. */
function attachments(doc: PDFDocument): Attachment[] {
  const specs: PDFDict[] = [];
  const names = dict(doc, doc.catalog.get(PDFName.of('Names')));
  walkNameTree(doc, dict(doc, names?.get(PDFName.of('EmbeddedFiles'))), specs, 0);
  for (const item of array(doc, doc.catalog.get(PDFName.of('AF')))) {
    const spec = dict(doc, item);
    if (spec) specs.push(spec);
  }
  for (const page of pages(doc)) {
    for (const item of array(doc, page.node.get(PDFName.of('Annots')))) {
      const annotation = dict(doc, item);
      if (annotation?.get(PDFName.of('Subtype')) !== PDFName.of('FileAttachment')) continue;
      const spec = dict(doc, annotation.get(PDFName.of('FS')));
      if (spec) specs.push(spec);
    }
  }
  return [...new Set(specs)].map((spec) => ({ spec, name: fileName(doc, spec) }));
}

/** The pages, or none when the page tree is too damaged to walk (the attachments may still be found elsewhere). */
function pages(doc: PDFDocument) {
  try {
    return doc.getPages();
  } catch {
    return [];
  }
}

/** Collects the values of a name tree (its /Names pairs, then its /Kids), guarding against cycles by depth. */
function walkNameTree(doc: PDFDocument, node: PDFDict | undefined, out: PDFDict[], depth: number) {
  if (!node || depth > 32) return;
  const pairs = array(doc, node.get(PDFName.of('Names')));
  for (let i = 1; i < pairs.length; i += 2) {
    const spec = dict(doc, pairs[i]);
    if (spec) out.push(spec);
  }
  for (const kid of array(doc, node.get(PDFName.of('Kids')))) walkNameTree(doc, dict(doc, kid), out, depth + 1);
}

/** The file's name: /UF (Unicode) if present, else /F. */
function fileName(doc: PDFDocument, spec: PDFDict): string {
  for (const key of ['UF', 'F']) {
    const value = doc.context.lookup(spec.get(PDFName.of(key)));
    if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText();
  }
  return '';
}

/** The embedded file stream of a file specification (/EF /F, or /EF /UF). */
function fileStream(doc: PDFDocument, spec: PDFDict): PDFRawStream | undefined {
  const ef = dict(doc, spec.get(PDFName.of('EF')));
  for (const key of ['F', 'UF']) {
    const stream = doc.context.lookup(ef?.get(PDFName.of(key)));
    if (stream instanceof PDFRawStream) return stream;
  }
  return undefined;
}

function dict(doc: PDFDocument, value: PDFObject | undefined): PDFDict | undefined {
  const resolved = doc.context.lookup(value);
  return resolved instanceof PDFDict ? resolved : undefined;
}

function array(doc: PDFDocument, value: PDFObject | undefined): PDFObject[] {
  const resolved = doc.context.lookup(value);
  return resolved instanceof PDFArray ? resolved.asArray() : [];
}
