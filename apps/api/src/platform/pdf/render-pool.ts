import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

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
 * The pool: up to POOL_SIZE workers started on demand, one job each at a time, the rest queued; a worker idle
 * for IDLE_MS ends (it holds ~50 MiB), and one that takes longer than TIMEOUT_MS or runs out of its heap is
 * ended and its job rejected, so a pathological document cannot wedge the pool.
 */

export type PdfDefinition = TDocumentDefinitions;
/**
 * The page footer: pdfmake wants a function, which cannot cross to the worker, so it is content (plain data) in
 * which `{page}` and `{pages}` stand for the page numbers, filled in there.
 */
export type PdfFooter = Content;
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
parentPort.on('message', async ({ definition, footer }) => {
  try {
    const started = performance.now();
    if (footer) {
      const json = JSON.stringify(footer);
      definition.footer = (page, pages) =>
        JSON.parse(json.replaceAll('{page}', String(page)).replaceAll('{pages}', String(pages)));
    }
    const pdf = await pdfmake.createPdf(definition).getBuffer();
    const renderMs = performance.now() - started;
    parentPort.postMessage({ pdf, renderMs, heapUsed: getHeapStatistics().used_heap_size });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});
`;

type Job = {
  message: { definition: PdfDefinition; footer?: PdfFooter };
  resolve(result: RenderResult): void;
  reject(err: Error): void;
};
type Slot = { worker: Worker; job?: Job; timer?: NodeJS.Timeout };

const slots: Slot[] = [];
const queue: Job[] = [];

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

/** Renders a pdfmake definition (plain data, fonts from FONTS) in the worker pool; `renderMs` is the worker's time. */
export function renderPdf(definition: PdfDefinition, footer?: PdfFooter): Promise<RenderResult> {
  return new Promise((resolve, reject) => {
    queue.push({ message: { definition, footer }, resolve, reject });
    dispatch();
  });
}
