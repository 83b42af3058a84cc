import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { einvoicingAssets } from './assets';
import { createWorkerPool, type WorkerPool } from './worker-pool';

/*
 * EN 16931 validation of a CII invoice (the XML of a Factur-X PDF): the UN/CEFACT D16B schema, then the official
 * schematron (all the BR-* business rules), as the European Commission publishes them (assets/einvoicing).
 *
 * Why a worker: the schematron is a 5 MB compiled stylesheet. Loading it takes about a second and each run
 * 0.2–1 s of CPU — far too long for the event loop — so both checks run in one warm worker thread that parses the
 * stylesheet and compiles the schema once, then serves validations until idle for a minute.
 *
 * The worker is CommonJS source started with `eval: true` (as in render-pool.ts) so that it survives the esbuild
 * bundle: it loads saxon-js and libxml2-wasm (libxml2 compiled to WebAssembly, no native build) from the paths
 * resolved here. libxml2 parses with no network and no external entities, and reads only the in-memory XSD files;
 * its XPath also reads the SVRL report. Not well-formed XML (or XML with a DOCTYPE) is reported as rule `XML`, a
 * schema error as `XSD`.
 */

export type CiiFailure = {
  /** `BR-CO-15`, `CII-SR-014`…, `XSD` for the schema, `XML` when the text is not well-formed XML. */
  ruleId: string;
  flag: 'fatal' | 'warning';
  /** The rule's English text, as the schematron or libxml2 states it. */
  message: string;
  /** An XPath to the element concerned, or a line number. */
  location?: string;
};
export type CiiValidation = { valid: boolean; failures: CiiFailure[] };

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const SaxonJS = require(workerData.saxon);

let loaded;
function load() {
  loaded ??= (async () => {
    const lx = await import(workerData.libxml2);
    const files = {};
    for (const name of readdirSync(workerData.xsdDir)) files['/xsd/' + name] = readFileSync(join(workerData.xsdDir, name));
    // Serves the schema's imports from memory; nothing else can be read.
    lx.xmlRegisterInputProvider(new lx.XmlBufferInputProvider(files));
    const main = '/xsd/' + workerData.xsdMain;
    const schemaDoc = lx.XmlDocument.fromBuffer(files[main], { url: main });
    const schema = lx.XsdValidator.fromDoc(schemaDoc);
    const sef = JSON.parse(readFileSync(workerData.sef, 'utf8'));
    return { lx, schema, sef };
  })();
  return loaded;
}
// Start loading now: the first validation is usually a moment away.
load().catch(() => {});

const PARSE = 2048 /* NONET */ | 4194304 /* BIG_LINES */ | 8388608 /* NO_XXE */;
const SVRL = { svrl: 'http://purl.oclc.org/dsdl/svrl' };
const clean = (text) => String(text).replace(/\\s+/g, ' ').trim();
const details = (err) => (err && Array.isArray(err.details) && err.details.length ? err.details : [{ message: err && err.message ? err.message : String(err) }]);

/** The text of a byte input, in the encoding it declares (EN 16931 wants UTF-8, but a sender may not comply). */
function decode(bytes) {
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const declared = /^(?:\\uFEFF|\\xEF\\xBB\\xBF)?<\\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(head);
  try {
    return new TextDecoder(declared ? declared[1] : 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function validate({ lx, schema, sef }, input) {
  const failures = [];
  let doc;
  try {
    doc = typeof input === 'string' ? lx.XmlDocument.fromString(input, { option: PARSE }) : lx.XmlDocument.fromBuffer(input, { option: PARSE });
  } catch (err) {
    for (const d of details(err)) failures.push({ ruleId: 'XML', flag: 'fatal', message: clean(d.message), location: d.line ? 'line ' + d.line : undefined });
    return failures;
  }
  if (doc.dtd) {
    // No invoice needs one, and entities would only open doors (and SaxonJS would refuse them anyway).
    doc.dispose();
    return [{ ruleId: 'XML', flag: 'fatal', message: 'A document type declaration (DOCTYPE) is not allowed in an invoice' }];
  }
  try {
    schema.validate(doc);
  } catch (err) {
    for (const d of details(err)) failures.push({ ruleId: 'XSD', flag: 'fatal', message: clean(d.message), location: d.xpath || (d.line ? 'line ' + d.line : undefined) });
  } finally {
    doc.dispose();
  }

  let svrl;
  try {
    const sourceText = typeof input === 'string' ? input : decode(input);
    svrl = SaxonJS.transform({ stylesheetInternal: sef, sourceText, destination: 'serialized' }, 'sync').principalResult;
  } catch (err) {
    failures.push({ ruleId: 'XML', flag: 'fatal', message: clean(err && err.message ? err.message : err) });
    return failures;
  }
  const report = lx.XmlDocument.fromString(svrl);
  try {
    for (const node of report.find('//svrl:failed-assert | //svrl:successful-report', SVRL)) {
      const ruleId = node.attr('id')?.value || 'SCHEMATRON';
      const text = node.get('svrl:text', SVRL);
      // The texts start with their own id ("[BR-CO-15]-Invoice total…"): said once is enough.
      const message = clean(text ? text.content : '').replace(/^\\[[^\\]]*\\]\\s*-?\\s*/, '');
      const flag = node.attr('flag')?.value === 'warning' || node.attr('flag')?.value === 'information' ? 'warning' : 'fatal';
      failures.push({ ruleId, flag, message, location: node.attr('location')?.value || undefined });
    }
  } finally {
    report.dispose();
  }
  return failures;
}

parentPort.on('message', async (input) => {
  try {
    const failures = validate(await load(), input);
    parentPort.postMessage({ result: failures });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});
`;

let pool: WorkerPool<string | Uint8Array, CiiFailure[]> | undefined;

function validator() {
  if (!pool) {
    const require = createRequire(import.meta.url);
    const assets = einvoicingAssets();
    pool = createWorkerPool({
      name: 'Factur-X validation',
      source: WORKER_SOURCE,
      workerData: {
        saxon: require.resolve('saxon-js'),
        libxml2: pathToFileURL(require.resolve('libxml2-wasm')).href,
        sef: assets.sef,
        xsdDir: assets.xsdDir,
        xsdMain: assets.xsdMain,
      },
      // One warm worker: it holds the compiled schematron (~200 MiB); validations queue behind each other.
      size: 1,
      idleMs: 60_000,
      timeoutMs: 60_000,
      heapMb: 1024,
    });
  }
  return pool;
}

/**
 * Validates a CII XML (D16B, EN 16931) against the schema and the schematron. `valid` means no fatal failure;
 * warnings are listed too. Never rejects for a bad input (not well-formed XML is failure `XML`); it rejects only
 * when the validator itself fails (it took longer than a minute, or ran out of memory).
 */
export async function validateCii(xml: string | Buffer): Promise<CiiValidation> {
  const input = typeof xml === 'string' ? xml : new Uint8Array(xml.buffer, xml.byteOffset, xml.byteLength);
  const failures = await validator().run(input);
  return { valid: !failures.some((f) => f.flag === 'fatal'), failures };
}
