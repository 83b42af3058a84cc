// Checks the JS a browser without a saved session loads for /auth/sign-in against the budget: index.html's scripts
// with their static imports (the sign-in page, without the router or the store) and the texts of one language (the
// larger of the two chunks), which load before the first render. Run after `npm run build -w apps/web`:
// node apps/web/scripts/bundle-budget.mjs
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = fileURLToPath(new URL('../dist', import.meta.url));
const assets = join(dist, 'assets');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const start = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(join(assets, file))).length;
const texts = readdirSync(assets)
  .filter((f) => /^(en|fr)-[\w-]+\.js$/.test(f))
  .sort((a, b) => gz(b) - gz(a));
if (texts.length !== 2) throw new Error(`expected one texts chunk per language, found ${texts.join(', ')}`);
start.push(texts[0]);

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
  const kb = gz(file) / 1024;
  total += kb;
  console.log(`${kb.toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`sign-in JS: ${total.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (total > BUDGET_KB) process.exit(1);
