// Checks the JS loaded by /auth/sign-in (index.html's scripts + the AuthArea chunk, with their static
// imports) against the budget. Run after `npm run build -w apps/web`: node apps/web/scripts/bundle-budget.mjs
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const dist = fileURLToPath(new URL('../dist', import.meta.url));
const assets = join(dist, 'assets');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const start = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
start.push(...readdirSync(assets).filter((f) => f.startsWith('AuthArea-') && f.endsWith('.js')));

const seen = new Set();
const visit = (file) => {
  if (seen.has(file)) return;
  seen.add(file);
  const source = readFileSync(join(assets, file), 'utf8');
  // Static imports only: `import(` (lazy chunks) does not match.
  for (const m of source.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(m[1]);
};
start.forEach(visit);

let total = 0;
for (const file of seen) {
  const kb = gzipSync(readFileSync(join(assets, file))).length / 1024;
  total += kb;
  console.log(`${kb.toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`sign-in JS: ${total.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (total > BUDGET_KB) process.exit(1);
