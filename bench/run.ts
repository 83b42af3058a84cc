// `npm run bench [-- name…]`: runs the named benchmarks (all by default) and appends their figures to RESULTS.md.
import { backupBench } from './backup';
import { catalog } from './catalog';
import { dashboardBench } from './dashboard';
import { deliveryDashboard } from './delivery-dashboard';
import { einvoicingBench } from './einvoicing';
import { exportBench } from './export';
import { firstRowsBench } from './first-rows';
import { foundation } from './foundation';
import { health } from './health';
import { importBench } from './import';
import { ingest } from './ingest';
import { inventoriesBench } from './inventories';
import { invoicing } from './invoicing';
import { loadBench } from './load';
import { purchaseDashboard } from './purchase-dashboard';
import { purchasing } from './purchasing';
import { pdfBench } from './pdf';
import { reportsBench } from './reports';
import { reservationsBench } from './reservations';
import { tagLogs } from './tag-logs';

const suites: Record<string, () => Promise<void>> = {
  foundation,
  catalog,
  ingest,
  'tag-logs': tagLogs,
  health,
  import: importBench,
  'first-rows': firstRowsBench,
  purchasing,
  'purchase-dashboard': purchaseDashboard,
  pdf: pdfBench,
  invoicing,
  backup: backupBench,
  export: exportBench,
  reservations: reservationsBench,
  'delivery-dashboard': deliveryDashboard,
  inventories: inventoriesBench,
  einvoicing: einvoicingBench,
  reports: reportsBench,
  load: loadBench,
  dashboard: dashboardBench,
};
const wanted = process.argv.slice(2).filter((a) => a !== '--');
for (const name of wanted.length ? wanted : Object.keys(suites)) {
  const suite = suites[name];
  if (!suite) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(suites).join(', ')}`);
  await suite();
}
