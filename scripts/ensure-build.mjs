// Builds the web app when its bundle is missing or older than its sources, so `npm start` always serves the current UI.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dist = 'apps/web/dist/index.html';
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

if (!existsSync(dist) || Math.max(...sources.map(newest)) > statSync(dist).mtimeMs) {
  console.log('Building the web app…');
  execSync('npm run build', { stdio: 'inherit' });
}
