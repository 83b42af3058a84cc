// Run by the build (scripts/ensure-build.mjs), bundled beside main.mjs: writes the migrated empty database that a
// new PGlite data folder starts from (template.ts). The migrations are read from beside this file, as main.mjs does.
import { fileURLToPath } from 'node:url';
import { TEMPLATE_FILE, writeTemplate } from './template';

await writeTemplate(fileURLToPath(new URL(`./${TEMPLATE_FILE}`, import.meta.url)));
