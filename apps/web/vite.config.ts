import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// Relative path: Node cannot load the workspace package's .ts entry when Vite externalizes it.
import { APP_VERSION } from '../../packages/contract/src/constants.ts';

const BACKEND = 'http://localhost:8080';
// The chart library and its own dependencies: only the pages that draw charts load them.
const CHARTS = /[\\/]node_modules[\\/](@mui[\\/]x-charts|d3-)/;

// The running app compares this file with its own version to detect a new deployment.
const metaJson = (): Plugin => ({
  name: 'tagstock-meta-json',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'meta.json', source: JSON.stringify({ version: APP_VERSION }) });
  },
});

export default defineConfig({
  plugins: [react(), metaJson()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The contract's zod schemas are pure definitions: an unused schema must not drag zod into the
      // sign-in page's first load (budget ≤ 200 KB gzip), so contract modules are side-effect free and
      // zod builder calls are treated as pure.
      treeshake: {
        manualPureFunctions: ['z'],
        moduleSideEffects: (id: string) => !id.includes('/packages/contract/'),
      },
      output: {
        // Few, large chunks: a page opened cold fetched ~130 small files one wave after another (2–4 s on a
        // 2-core machine); it now fetches about 20. `boot` is what the sign-in page loads (everything the entry
        // imports statically; budget ≤ 150 KB gzip); zod (the signed-in forms only) and the charts (dashboard,
        // reports, purchases) have their own; the other libraries are one `vendor` chunk, the shared app code one
        // `app` chunk; pages and areas stay lazy chunks of their own. The admin texts stay out of `app`: the
        // module that awaits them at its top level must not share a chunk with what they import.
        codeSplitting: {
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 4 },
            { name: 'boot', tags: ['$initial'], priority: 3 },
            // Libraries first, so that what the charts share with the Data Grid stays in `vendor`.
            {
              name: 'vendor',
              test: (id: string) => /[\\/]node_modules[\\/]/.test(id) && !CHARTS.test(id),
              priority: 2,
            },
            { name: 'charts', test: CHARTS, priority: 1 },
            {
              name: 'app',
              test: (id: string) =>
                /[\\/]src[\\/](app|components|lib|hooks)[\\/]/.test(id) && !/i18n-admin|locales/.test(id),
              priority: 0,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/backend': { target: BACKEND, changeOrigin: true },
      '/backend-socket': { target: BACKEND, changeOrigin: true, ws: true },
    },
  },
});
