import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// Relative path: Node cannot load the workspace package's .ts entry when Vite externalizes it.
import { APP_VERSION } from '../../packages/contract/src/constants.ts';

const BACKEND = 'http://localhost:8080';

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
        // zod is only for the signed-in screens' forms: its own chunk, so the automatic splitting never
        // merges it into a chunk the sign-in page needs. (Grouping modules that have dependencies, like
        // the Data Grid, broke the evaluation order: "reading '__emotion_styles'".)
        codeSplitting: {
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }],
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
