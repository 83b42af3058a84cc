import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The validation artefacts vendored in apps/api/assets/einvoicing (see its README): EN 16931 and the CII schemas at
 * the top, the FNFE-MPE's French rules, Factur-X schematron and lifecycle (CDAR) schemas and rules in `fr/`. This
 * module runs from apps/api/src/platform/facturx under tsx and vitest, but from apps/api/dist/main.mjs once esbuild
 * has bundled it, so the folder is found by walking up from wherever the code is until an `assets/einvoicing` appears.
 */

const SEF = 'EN16931-CII-validation.sef.json';

function findAssets(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'assets', 'einvoicing');
    if (existsSync(join(candidate, SEF))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`The EN 16931 validation artefacts (assets/einvoicing/${SEF}) were not found`);
    dir = parent;
  }
}

let found: string | undefined;
/** The vendored folder and its files, found on first use. */
export function einvoicingAssets() {
  found ??= findAssets();
  return {
    dir: found,
    /** The EN 16931 schematron for CII, compiled for SaxonJS. */
    sef: join(found, SEF),
    xsdDir: join(found, 'cii-xsd'),
    xsdMain: 'CrossIndustryInvoice_100pD16B.xsd',
    /** The Factur-X 1.09 schematron of the EN 16931 profile (FX-SCH-* rules), compiled for SaxonJS. */
    facturxSef: join(found, 'fr', 'FACTUR-X_EN16931.sef.json'),
    /** The code lists the Factur-X schematron reads with `document('FACTUR-X_EN16931_codedb.xml')`. */
    facturxCodeDb: join(found, 'fr', 'FACTUR-X_EN16931_codedb.xml'),
    /** The French CTC rules on a CII invoice (BR-FR-*, FNFE-MPE 1.4.0), compiled for SaxonJS. */
    frSef: join(found, 'fr', 'BR-FR-Flux2-Schematron-CII.sef.json'),
    /** The UN/CEFACT CDAR D22B schemas of the lifecycle status messages (as the FNFE-MPE publishes them). */
    cdarXsdDir: join(found, 'fr', 'cdar-xsd'),
    cdarXsdMain: 'CrossDomainAcknowledgementAndResponse_100pD22B.xsd',
    /** The French rules on a status message (BR-FR-CDV-*, FNFE-MPE 1.4.0), compiled for SaxonJS. */
    cdarSef: join(found, 'fr', 'BR-FR-CDV-Schematron-CDAR.sef.json'),
    /** The AFNOR XP Z12-012 example status messages (tests only). */
    cdarExamplesDir: join(found, 'fr', 'cdar-examples'),
  };
}
