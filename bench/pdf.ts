import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  renderWithStats,
  type PdfCompany,
  type PdfLine,
  type PrintableDocument,
} from '../apps/api/src/platform/pdf/document-pdf';
import { pdfPageCount } from '../apps/api/src/platform/pdf/pdf-text';
import { loadAverage, record } from './lib';

/**
 * Business document PDFs (pdfmake in a worker thread): time to render a 500-line purchase order, the main
 * thread's event-loop delay meanwhile, memory, against a 10-line order in the same run.
 */
const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 20);
const MiB = 1024 * 1024;
const PDFMAKE = (createRequire(import.meta.url)('pdfmake/package.json') as { version: string }).version;

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

function order(lines: number): PrintableDocument {
  const line = (i: number): PdfLine => ({
    reference: `TAG-${String(i).padStart(5, '0')}`,
    designation: `Étiquette RFID UHF ${i % 7 ? 'adhésive' : 'textile lavable'} — rouleau de 1000, modèle ${i}`,
    quantity: 1 + (i % 40),
    unitPrice: '12.3450',
    discount: i % 5 ? '0' : '7.5',
    vatRate: i % 9 ? '20' : '5.5',
    netAmount: '493.80',
  });
  return {
    title: 'Bon de commande',
    number: 'BDC-2026-000042',
    date: '2026-03-15',
    partyRole: 'supplier',
    party: { name: 'Fournitures Dupont SARL', lines: ['12 rue des Lilas', '75011 Paris', 'France'] },
    fields: [
      { label: 'Livraison prévue', value: '30/03/2026' },
      { label: 'Mode de paiement', value: 'Virement à 30 jours' },
      { label: 'Statut', value: 'Envoyé' },
    ],
    lines: Array.from({ length: lines }, (_, i) => line(i + 1)),
    totals: {
      net: '246900.00',
      vat: '47358.42',
      gross: '294258.42',
      byRate: [
        { category: 'S', rate: '5.5', base: '27431.00', vat: '1508.71' },
        { category: 'S', rate: '20', base: '219469.00', vat: '43893.80' },
      ],
    },
    notes: 'Livraison au quai B, du lundi au vendredi avant 16 h.',
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const ms = (n: number) => `${Math.round(n)} ms`;

type Series = {
  median: number;
  p95: number;
  workerMedian: number;
  loopMax: number;
  loopP99: number;
  mainHeapPeak: number;
  workerHeapPeak: number;
  pages: number;
  bytes: number;
};

/** `runs` renders of `doc`, `parallel` at a time; wall time per render as the caller sees it. */
async function series(doc: PrintableDocument, runs: number, parallel = 1): Promise<Series> {
  const walls: number[] = [];
  const workers: number[] = [];
  let workerHeapPeak = 0;
  let mainHeapPeak = 0;
  let last: Buffer | undefined;
  const heapProbe = setInterval(() => (mainHeapPeak = Math.max(mainHeapPeak, process.memoryUsage().heapUsed)), 5);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  for (let done = 0; done < runs; done += parallel) {
    await Promise.all(
      Array.from({ length: Math.min(parallel, runs - done) }, async () => {
        const t0 = performance.now();
        const r = await renderWithStats(doc, company, 'fr');
        walls.push(performance.now() - t0);
        workers.push(r.renderMs);
        workerHeapPeak = Math.max(workerHeapPeak, r.workerHeapUsed);
        last = r.pdf;
      }),
    );
  }
  loop.disable();
  clearInterval(heapProbe);
  walls.sort((a, b) => a - b);
  workers.sort((a, b) => a - b);
  return {
    median: quantile(walls, 0.5),
    p95: quantile(walls, 0.95),
    workerMedian: quantile(workers, 0.5),
    loopMax: loop.max / 1e6,
    loopP99: loop.percentile(99) / 1e6,
    mainHeapPeak: mainHeapPeak / MiB,
    workerHeapPeak: workerHeapPeak / MiB,
    pages: await pdfPageCount(last!),
    bytes: last!.length,
  };
}

const row = (label: string, s: Series, target = '') =>
  `| ${label} | median **${ms(s.median)}**, p95 ${ms(s.p95)}; pdfmake's own run in the worker median ${ms(s.workerMedian)}; ` +
  `${s.pages} pages, ${Math.round(s.bytes / 1024)} KiB | ${target} |`;
const loopRow = (label: string, s: Series) =>
  `| ${label}: main thread event-loop delay | max **${ms(s.loopMax)}**, p99 ${ms(s.loopP99)} | max ≤ 50 ms |`;

export async function pdfBench(): Promise<void> {
  const small = order(10);
  const large = order(500);

  const loadBefore = loadAverage();
  const t0 = performance.now();
  await renderWithStats(small, company, 'fr');
  const firstMs = performance.now() - t0;
  // Warm-up of the layout code paths, left out of the figures.
  await renderWithStats(large, company, 'fr');

  const baseline = await series(small, RUNS);
  const rssAfterBaseline = process.resourceUsage().maxRSS / 1024;
  const big = await series(large, RUNS);
  const together = await series(large, 4, 4);
  const rssPeak = process.resourceUsage().maxRSS / 1024;

  record(`PDF rendering (pdfmake ${PDFMAKE}, worker thread, ${RUNS} renders per series, French) `, [
    `Machine: 2 cores shared with other work; load average (1, 5, 15 min) ${loadBefore} before, ${loadAverage()} after.`,
    '',
    '| measure | value | target |',
    '|---|---|---|',
    `| first render (10 lines), worker start and pdfmake load included | ${ms(firstMs)} | |`,
    row('baseline: 10-line purchase order, one at a time', baseline),
    loopRow('baseline: 10-line purchase order', baseline),
    row('500-line purchase order, one at a time', big),
    loopRow('500-line purchase order', big),
    row('4 × 500-line purchase orders asked at once (queued on the pool)', together),
    loopRow('4 × 500-line purchase orders at once', together),
    `| process peak resident memory (VmHWM, worker included) | after the baseline ${Math.round(rssAfterBaseline)} MiB → end ${Math.round(rssPeak)} MiB | |`,
    `| heap in use | main thread peak ${Math.round(Math.max(baseline.mainHeapPeak, big.mainHeapPeak, together.mainHeapPeak))} MiB; worker after a render: 10 lines ${Math.round(baseline.workerHeapPeak)} MiB, 500 lines ${Math.round(big.workerHeapPeak)} MiB | |`,
  ]);
}
