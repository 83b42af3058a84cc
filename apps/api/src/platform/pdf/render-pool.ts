import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

/*
 * Why a worker: pdfmake lays out and writes the whole document in one synchronous run. Measured here (bench/pdf.ts),
 * a 500-line order takes several hundred milliseconds of CPU — far beyond the ~50 ms a request may hold the event
 * loop — so every render runs in a worker thread; the main thread only builds the definition (plain data).
 *
 * How the worker is found under tsx, vitest and the esbuild bundle (apps/api/dist/main.mjs) alike: it is not a
 * file of its own but the short CommonJS source below, started with `eval: true`. It loads pdfmake from the path
 * resolved here through Node's resolution (pdfmake stays external to the bundle, in node_modules), and reads the
 * Roboto fonts shipped inside the pdfmake package. Nothing is fetched and no other file is read: the URL and local
 * file policies refuse everything; the fonts sit in pdfmake's virtual file system and images come as data URLs.
 *
 * PDF/A-3 (Factur-X): given a `PdfA3`, the definition asks pdfkit for PDF 1.7 and its 'PDF/A-3b' subset (XMP with
 * pdfaid, sRGB OutputIntent from the ICC profile pdfkit ships; the Roboto fonts are always embedded), and the worker
 * adds the file (an /AF entry and /EmbeddedFiles) and the XMP that declares it, before the document is closed. pdfkit
 * writes the document info into the XMP without escaping it, so for those documents the worker escapes it first
 * (the info dictionary itself is already written by then, unescaped, as it must be).
 *
 * The same document gives the same bytes (an issued invoice is downloaded again and again, and must not change):
 * its dates come from the definition's `info` when it sets them (an issued document's issue), the embedded file's
 * and the XMP's follow the info dictionary's, and the file ID is the MD5 of the definition and that date (pdfkit's
 * digests the info: two documents of one title and second would share it).
 *
 * The pool: up to POOL_SIZE workers started on demand, one job each at a time, the rest queued; a worker idle
 * for IDLE_MS ends (it holds ~50 MiB), and one that takes longer than TIMEOUT_MS or runs out of its heap is
 * ended and its job rejected, so a pathological document cannot wedge the pool. A server warms the pool up at
 * start (`warmUpRenderer`): from then on the first worker stays when idle, so no PDF waits for a worker to load
 * pdfmake and parse the fonts (the first one after a start took 2.5 s).
 */

export type PdfDefinition = TDocumentDefinitions;
/**
 * The page footer: pdfmake wants a function, which cannot cross to the worker, so it is content (plain data) in
 * which `{page}` and `{pages}` stand for the page numbers, filled in there.
 */
export type PdfFooter = Content;
/** A file to embed in a PDF/A-3 (Factur-X: factur-x.xml, relationship Data), and the XMP that declares it. */
export type PdfA3 = {
  file: {
    name: string;
    data: string;
    mimeType: string;
    relationship: 'Data' | 'Source' | 'Alternative';
    description: string;
  };
  /** `rdf:Description` elements added to the document's XMP packet. */
  xmp: string;
};
/** The PDF, with what the benchmark reports: the worker's rendering time and its heap in use right after. */
export type RenderResult = { pdf: Buffer; renderMs: number; workerHeapUsed: number };

const POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));
const IDLE_MS = 60_000;
const TIMEOUT_MS = 60_000;
const HEAP_MB = 512;

const pdfmakeDir = dirname(createRequire(import.meta.url).resolve('pdfmake/package.json'));
const FONT_DIR = join(pdfmakeDir, 'fonts', 'Roboto');
/** The font family pdfmake draws with: Roboto as the pdfmake package ships it, read into its virtual file system. */
const FONTS = {
  Roboto: {
    normal: 'Roboto-Regular.ttf',
    bold: 'Roboto-Medium.ttf',
    italics: 'Roboto-Italic.ttf',
    bolditalics: 'Roboto-MediumItalic.ttf',
  },
};
const FONT_FILES = Object.values(FONTS.Roboto);

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { getHeapStatistics } = require('node:v8');
const { createHash } = require('node:crypto');
const { createRequire } = require('node:module');
// pdfkit parses the fonts again for every document (fontkit.create on the same bytes), which is most of a short
// document's time; the parsed fonts are the same every time, so fontkit's create, as pdfkit loads it, keeps them
// (each document still makes its own subset). Set before pdfmake loads pdfkit.
const fromPdfkit = createRequire(createRequire(workerData.pdfmake).resolve('pdfkit'));
const fontkit = fromPdfkit('fontkit');
const parsed = new WeakMap();
fromPdfkit.cache[fromPdfkit.resolve('fontkit')].exports = {
  ...fontkit,
  create(bytes, postscriptName) {
    let fonts = parsed.get(bytes);
    if (!fonts) parsed.set(bytes, (fonts = new Map()));
    const key = postscriptName || '';
    if (!fonts.has(key)) fonts.set(key, fontkit.create(bytes, postscriptName));
    return fonts.get(key);
  },
};
const pdfmake = require(workerData.pdfmake);
for (const file of workerData.fontFiles) pdfmake.virtualfs.writeFileSync(file, readFileSync(join(workerData.fontDir, file)));
pdfmake.setFonts(workerData.fonts);
// 'rows': a rule under the header and light ones between rows, no vertical lines, 4 pt of padding inside.
pdfmake.addTableLayouts({
  rows: {
    hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0 : i === node.table.headerRows ? 1 : 0.5),
    vLineWidth: () => 0,
    hLineColor: (i, node) => (i === node.table.headerRows ? '#555555' : '#cccccc'),
    paddingLeft: (i) => (i === 0 ? 2 : 4),
    paddingRight: (i, node) => (i === node.table.widths.length - 1 ? 2 : 4),
    paddingTop: () => 3,
    paddingBottom: () => 3,
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);
const XML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// What pdfkit's own file() does, but with the MD5 as the 16 bytes the PDF specification asks for (file() writes
// its hexadecimal text) and the stream under both /F and /UF, as Factur-X recommends.
// Dated as the document (its issue, or now for a draft); the XMP states the same dates as the info dictionary.
function addPdfA3(doc, { file, xmp }) {
  const data = Buffer.from(file.data, 'utf8');
  const created = doc.info.CreationDate;
  const modified = (doc.info.ModDate = doc.info.ModDate || created);
  const stream = doc.ref({
    Type: 'EmbeddedFile',
    Subtype: file.mimeType.replace(/[^A-Za-z0-9.+-]/g, (c) => '#' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')),
    Params: { Size: data.length, CreationDate: created, ModDate: modified, CheckSum: createHash('md5').update(data).digest() },
  });
  stream.end(data);
  const spec = doc.ref({
    Type: 'Filespec',
    F: new String(file.name),
    UF: new String(file.name),
    Desc: new String(file.description),
    AFRelationship: file.relationship,
    EF: { F: stream, UF: stream },
  });
  spec.end();
  doc.addNamedEmbeddedFile(file.name, spec);
  doc._root.data.AF = [...(doc._root.data.AF || []), spec];
  doc.appendXML(xmp);
  const xmpDate = (date) => date.toISOString().split('.')[0] + 'Z';
  doc.appendXML(\`
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
          <xmp:ModifyDate>\${xmpDate(modified)}</xmp:ModifyDate>
          <xmp:MetadataDate>\${xmpDate(modified)}</xmp:MetadataDate>
        </rdf:Description>\`);
  const endMetadata = doc.endMetadata;
  doc.endMetadata = function () {
    for (const key of Object.keys(this.info))
      if (typeof this.info[key] === 'string') this.info[key] = this.info[key].replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
    return endMetadata.call(this);
  };
}
function toBuffer(doc) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
parentPort.on('message', async ({ definition, footer, pdfA3 }) => {
  try {
    const started = performance.now();
    if (footer) {
      const json = JSON.stringify(footer);
      definition.footer = (page, pages) =>
        JSON.parse(json.replaceAll('{page}', String(page)).replaceAll('{pages}', String(pages)));
    }
    // What the document is made of, read before pdfmake adds its layout to the definition.
    const input = createHash('md5').update(JSON.stringify([definition, footer, pdfA3 || null]));
    const doc = await pdfmake.createPdf(definition).getStream();
    doc._id = input.update(doc.info.CreationDate.toISOString()).digest();
    if (pdfA3) addPdfA3(doc, pdfA3);
    const pdf = await toBuffer(doc);
    const renderMs = performance.now() - started;
    parentPort.postMessage({ pdf, renderMs, heapUsed: getHeapStatistics().used_heap_size });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});
`;

type Job = {
  message: { definition: PdfDefinition; footer?: PdfFooter; pdfA3?: PdfA3 };
  resolve(result: RenderResult): void;
  reject(err: Error): void;
};
type Slot = { worker: Worker; job?: Job; timer?: NodeJS.Timeout };

const slots: Slot[] = [];
const queue: Job[] = [];
/** How many workers (the first ones) stay when idle: 0 until warmed up, then 1. */
let resident = 0;

function startWorker(): Slot {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    // Not the parent's flags: under tsx they would load a TypeScript loader the worker does not need.
    execArgv: [],
    workerData: { pdfmake: join(pdfmakeDir, 'js', 'index.js'), fontDir: FONT_DIR, fontFiles: FONT_FILES, fonts: FONTS },
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    stdout: false,
    stderr: false,
  });
  const slot: Slot = { worker };
  worker.on('message', (reply: { pdf?: Uint8Array; renderMs?: number; heapUsed?: number; error?: string }) => {
    const job = slot.job;
    finish(slot);
    if (!job) return;
    if (reply.pdf)
      job.resolve({
        pdf: Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength),
        renderMs: reply.renderMs ?? 0,
        workerHeapUsed: reply.heapUsed ?? 0,
      });
    else job.reject(new Error(`PDF rendering failed: ${reply.error ?? 'unknown error'}`));
  });
  const gone = (reason: string) => {
    const index = slots.indexOf(slot);
    if (index < 0) return;
    slots.splice(index, 1);
    clearTimeout(slot.timer);
    slot.job?.reject(new Error(`PDF rendering failed: ${reason}`));
    slot.job = undefined;
    dispatch();
  };
  worker.on('error', (err) => gone(err.message));
  worker.on('exit', (code) => gone(`the worker stopped (exit code ${code})`));
  slots.push(slot);
  return slot;
}

/** The worker is done with its job: it takes the next one, or waits (not keeping the process alive) and ends when idle too long. */
function finish(slot: Slot) {
  clearTimeout(slot.timer);
  slot.job = undefined;
  const next = queue.shift();
  if (next) return run(slot, next);
  slot.worker.unref();
  if (slots.indexOf(slot) < resident) return;
  slot.timer = setTimeout(() => void slot.worker.terminate(), IDLE_MS).unref();
}

function run(slot: Slot, job: Job) {
  clearTimeout(slot.timer);
  slot.job = job;
  slot.worker.ref();
  slot.timer = setTimeout(() => {
    job.reject(new Error(`PDF rendering took longer than ${TIMEOUT_MS / 1000} s`));
    slot.job = undefined;
    void slot.worker.terminate();
  }, TIMEOUT_MS);
  slot.worker.postMessage(job.message);
}

function dispatch() {
  while (queue.length) {
    const slot = slots.find((s) => !s.job) ?? (slots.length < POOL_SIZE ? startWorker() : undefined);
    if (!slot) return;
    run(slot, queue.shift()!);
  }
}

/**
 * Renders a pdfmake definition (plain data, fonts from FONTS) in the worker pool; `renderMs` is the worker's time.
 * With `pdfA3`, the PDF is a PDF/A-3b carrying that file.
 */
export function renderPdf(definition: PdfDefinition, footer?: PdfFooter, pdfA3?: PdfA3): Promise<RenderResult> {
  const message = pdfA3
    ? { definition: { ...definition, version: '1.7' as const, subset: 'PDF/A-3b' as const }, footer, pdfA3 }
    : { definition, footer };
  return new Promise((resolve, reject) => {
    queue.push({ message, resolve, reject });
    dispatch();
  });
}

/**
 * Starts a worker and renders in it a page laid out as a document is (columns, a table with its header, totals, a
 * footer, a PDF/A-3 with an attachment), so that pdfmake is loaded, the fonts parsed and the code paths of a
 * Factur-X invoice compiled off the event loop; then keeps that worker for the life of the process (not keeping
 * the process alive). Answers how long it took.
 */
export async function warmUpRenderer(): Promise<{ ms: number }> {
  const started = performance.now();
  resident = 1;
  const row = (i: number): TableCell[] => [
    String(i),
    { text: `Article ${i}`, bold: i === 1 },
    { text: '1,00', alignment: 'right' },
    { text: '10,00 €', alignment: 'right' },
  ];
  await renderPdf(
    {
      pageSize: 'A4',
      pageMargins: [40, 40, 40, 60],
      defaultStyle: { font: 'Roboto', fontSize: 9 },
      content: [
        {
          columns: [
            { stack: [{ text: 'Tagstock', bold: true, fontSize: 14 }, 'Lille'] },
            {
              stack: [
                { text: 'Facture', italics: true },
                { text: 'FA-0000-000000', bold: true },
              ],
              width: 'auto',
            },
          ],
        },
        {
          table: {
            headerRows: 1,
            keepWithHeaderRows: 1,
            widths: ['auto', '*', 'auto', 'auto'],
            body: [
              ['#', 'Désignation', 'Qté', 'Total'].map(
                (text): TableCell => ({ text, bold: true, fillColor: '#eeeeee' }),
              ),
              ...[1, 2, 3].map(row),
            ],
          },
          layout: 'rows',
          margin: [0, 12, 0, 0],
        },
        { unbreakable: true, stack: [{ text: 'Total TTC 30,00 €', bold: true, alignment: 'right' }] },
      ],
    },
    { text: '{page} / {pages}', alignment: 'right' },
    {
      file: {
        name: 'factur-x.xml',
        data: '<rsm:CrossIndustryInvoice/>',
        mimeType: 'text/xml',
        relationship: 'Data',
        description: 'Factur-X',
      },
      xmp: '',
    },
  );
  return { ms: Math.round(performance.now() - started) };
}
