import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { einvoicingAssets } from './assets';
import { createWorkerPool, type WorkerPool } from './worker-pool';

/*
 * Validation of a CII invoice (the XML of a Factur-X PDF) as an approved French platform (PA) does it, in four
 * checks: the UN/CEFACT D16B schema (XSD), the EN 16931 schematron (BR-*, CII-SR-*…) as the European Commission
 * publishes it, the Factur-X 1.09 schematron of the EN 16931 profile (FX-SCH-*) and the French CTC rules (BR-FR-*,
 * FNFE-MPE 1.4.0), all vendored in assets/einvoicing.
 *
 * Why a worker: the three schematrons are 13 MB of compiled stylesheets. Loading them takes seconds and a run
 * 0.5–1.5 s of CPU — far too long for the event loop — so every check runs in one warm worker thread that parses
 * the stylesheets and compiles the schema once, then serves validations (see `warmUpValidator`).
 *
 * The worker is CommonJS source started with `eval: true` (as in render-pool.ts) so that it survives the esbuild
 * bundle: it loads saxon-js and libxml2-wasm (libxml2 compiled to WebAssembly, no native build) from the paths
 * resolved here. libxml2 parses with no network and no external entities, and reads only the in-memory XSD files;
 * its XPath also reads the SVRL reports. SaxonJS parses the invoice once for the three schematrons; the one document
 * a schematron reads (Factur-X's code lists) is handed to it in memory, so it reads no file either. Not well-formed
 * XML (or XML with a DOCTYPE) is reported as rule `XML`, a schema error as `XSD`.
 *
 * The Factur-X schematron repeats the EN 16931 business rules under its own ids (its texts start with
 * `[BR-CO-15]`): such a failure is left out when EN 16931 reports the same rule, so each problem is said once.
 *
 * The same worker validates the lifecycle status messages (CDAR D22B, `validateCdar`) against their schema and the
 * French BR-FR-CDV rules: each kind of document is a profile (a schema and its schematrons), all loaded together.
 */

/** Which check a failure comes from. */
export type CiiSource = 'xsd' | 'en16931' | 'facturx' | 'fr';
export const CII_SOURCES: readonly CiiSource[] = ['xsd', 'en16931', 'facturx', 'fr'];

/** Which check a failure of a status message comes from: the D22B schema or the French BR-FR-CDV rules. */
export type CdarSource = 'xsd' | 'fr';

type Failure<Source extends string> = {
  /**
   * `XSD` for the schema, `XML` when the text is not well-formed XML; `BR-CO-15`, `CII-SR-014`… for EN 16931;
   * `FX-SCH-A-000121` for Factur-X (`FX-SCH` for its rules without an id); `BR-FR-08` for the French rules on an
   * invoice; for a status message the assertion's own id (`BR-FR-CDV-15_MDT-113`, `BR-FR-CDV-CL-09_MDT-113_210`:
   * one rule has an assertion per status).
   */
  ruleId: string;
  flag: 'fatal' | 'warning';
  /**
   * The rule's text as the check states it: English for the schema, EN 16931 and Factur-X (the latter with the
   * `[BR-…]` of the rule it repeats, when it repeats one), French for the BR-FR rules (which exist only in French,
   * given here without their leading `BR-FR-08/BT-23 :`).
   */
  message: string;
  /** An XPath to the element concerned, or a line number. */
  location?: string;
  source: Source;
};
export type CiiFailure = Failure<CiiSource>;
/** `valid`: no fatal failure from any check. */
export type CiiValidation = { valid: boolean; failures: CiiFailure[] };
export type CdarFailure = Failure<CdarSource>;
export type CdarValidation = { valid: boolean; failures: CdarFailure[] };

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { getHeapStatistics } = require('node:v8');
const SaxonJS = require(workerData.saxon);

let loaded;
function load() {
  loaded ??= (async () => {
    const lx = await import(workerData.libxml2);
    // Each profile's schema files under /<kind>/, served from memory to the schemas' imports; nothing else can be read.
    const files = {};
    for (const [kind, p] of Object.entries(workerData.profiles))
      for (const name of readdirSync(p.xsdDir)) files['/' + kind + '/' + name] = readFileSync(join(p.xsdDir, name));
    lx.xmlRegisterInputProvider(new lx.XmlBufferInputProvider(files));
    const profiles = {};
    for (const [kind, p] of Object.entries(workerData.profiles)) {
      const main = '/' + kind + '/' + p.xsdMain;
      const schema = lx.XsdValidator.fromDoc(lx.XmlDocument.fromBuffer(files[main], { url: main }));
      const schematrons = [];
      for (const s of p.schematrons) {
        const documentPool = {};
        for (const d of s.documents) documentPool[d.uri] = await SaxonJS.getResource({ text: readFileSync(d.file, 'utf8'), type: 'xml' });
        schematrons.push({ source: s.source, rules: s.rules, baseUri: s.baseUri, documentPool, sef: JSON.parse(readFileSync(s.sef, 'utf8')) });
      }
      profiles[kind] = { schema, schematrons, what: p.what };
    }
    return { lx, profiles };
  })();
  return loaded;
}
// Start loading now: the first validation is usually a moment away.
load().catch(() => {});

const PARSE = 2048 /* NONET */ | 4194304 /* BIG_LINES */ | 8388608 /* NO_XXE */;
const SVRL = { svrl: 'http://purl.oclc.org/dsdl/svrl' };
const clean = (text) => String(text).replace(/\\s+/g, ' ').trim();
const details = (err) => (err && Array.isArray(err.details) && err.details.length ? err.details : [{ message: err && err.message ? err.message : String(err) }]);
const errorText = (err) => clean(err && err.message ? err.message : err);

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

// The rule id and text of a failed assertion, as each schematron writes them.
const RULE = {
  // "[BR-CO-15]-Invoice total…": the id is the assertion's; said once is enough.
  en16931: (id, text) => ({ ruleId: id || 'SCHEMATRON', message: text.replace(/^\\[[^\\]]*\\]\\s*-?\\s*/, '') }),
  // "[BR-CO-15]-Invoice total…" under id FX-SCH-A-000121: the text keeps the rule it repeats.
  facturx: (id, text) => ({ ruleId: id || 'FX-SCH', message: text }),
  // "BR-FR-08/BT-23 : La valeur…" under id BR-FR-08_BT-23: the rule is BR-FR-08, its text the rest.
  fr: (id, text) => {
    const rule = /^BR-FR-(?:[A-Z]+-)?[0-9]+/.exec(id || '') || /^\\[?(BR-FR-(?:[A-Z]+-)?[0-9]+)/.exec(text);
    return {
      ruleId: rule ? rule[1] || rule[0] : id || 'BR-FR',
      message: text.replace(/^\\[?BR-FR-[A-Za-z0-9_\\/-]*\\]?\\s*:\\s*/, ''),
    };
  },
  // "[BR-FR-CDV-CL-09/MDT-113_210] : Le code motif…" under id BR-FR-CDV-CL-09_MDT-113_210: the id as it is (one
  // assertion per status), the text without its bracket.
  cdv: (id, text) => {
    const bracket = /^\\[([^\\]]+)\\]/.exec(text);
    return {
      ruleId: id || (bracket ? bracket[1].replace('/', '_') : 'BR-FR-CDV'),
      message: text.replace(/^\\[[^\\]]*\\]\\s*:?\\s*/, ''),
    };
  },
};

function report(lx, svrl, source, rules) {
  const failures = [];
  const doc = lx.XmlDocument.fromString(svrl);
  try {
    for (const node of doc.find('//svrl:failed-assert | //svrl:successful-report', SVRL)) {
      const text = node.get('svrl:text', SVRL);
      const { ruleId, message } = RULE[rules](node.attr('id')?.value, clean(text ? text.content : ''));
      const flag = node.attr('flag')?.value === 'warning' || node.attr('flag')?.value === 'information' ? 'warning' : 'fatal';
      failures.push({ ruleId, flag, message, location: node.attr('location')?.value || undefined, source });
    }
  } finally {
    doc.dispose();
  }
  return failures;
}

async function validate(lx, { schema, schematrons, what }, input) {
  const failures = [];
  let doc;
  try {
    doc = typeof input === 'string' ? lx.XmlDocument.fromString(input, { option: PARSE }) : lx.XmlDocument.fromBuffer(input, { option: PARSE });
  } catch (err) {
    for (const d of details(err)) failures.push({ ruleId: 'XML', flag: 'fatal', message: clean(d.message), location: d.line ? 'line ' + d.line : undefined, source: 'xsd' });
    return failures;
  }
  if (doc.dtd) {
    // No invoice or status message needs one, and entities would only open doors (and SaxonJS would refuse them).
    doc.dispose();
    return [{ ruleId: 'XML', flag: 'fatal', message: 'A document type declaration (DOCTYPE) is not allowed in ' + what, source: 'xsd' }];
  }
  try {
    schema.validate(doc);
  } catch (err) {
    for (const d of details(err)) failures.push({ ruleId: 'XSD', flag: 'fatal', message: clean(d.message), location: d.xpath || (d.line ? 'line ' + d.line : undefined), source: 'xsd' });
  } finally {
    doc.dispose();
  }

  let sourceNode;
  try {
    sourceNode = await SaxonJS.getResource({ text: typeof input === 'string' ? input : decode(input), type: 'xml' });
  } catch (err) {
    failures.push({ ruleId: 'XML', flag: 'fatal', message: errorText(err), source: 'xsd' });
    return failures;
  }
  const en16931 = new Set();
  for (const s of schematrons) {
    let svrl;
    try {
      svrl = SaxonJS.transform({ stylesheetInternal: s.sef, stylesheetBaseURI: s.baseUri, documentPool: s.documentPool, sourceNode, destination: 'serialized' }, 'sync').principalResult;
    } catch (err) {
      // A rule that cannot even be evaluated on this document (a dynamic error): the check failed as a whole.
      const ruleId = s.rules === 'cdv' ? 'BR-FR-CDV' : s.rules === 'fr' ? 'BR-FR' : s.rules === 'facturx' ? 'FX-SCH' : 'SCHEMATRON';
      failures.push({ ruleId, flag: 'fatal', message: 'The check could not be completed: ' + errorText(err), source: s.source });
      continue;
    }
    for (const f of report(lx, svrl, s.source, s.rules)) {
      if (s.source === 'en16931') en16931.add(f.ruleId);
      const repeats = s.source === 'facturx' && /^\\[([^\\]]+)\\]/.exec(f.message);
      if (repeats && en16931.has(repeats[1])) continue;
      failures.push(f);
    }
  }
  return failures;
}

// A message is { kind, input }, or null to only load.
parentPort.on('message', async (message) => {
  try {
    const ready = await load();
    const failures = message === null ? [] : await validate(ready.lx, ready.profiles[message.kind], message.input);
    parentPort.postMessage({ result: { failures, heapUsed: getHeapStatistics().used_heap_size } });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});
`;

type Kind = 'cii' | 'cdar';
type WorkerReply = { failures: Failure<string>[]; heapUsed: number };
let pool: WorkerPool<{ kind: Kind; input: string | Uint8Array } | null, WorkerReply> | undefined;

function validator() {
  if (!pool) {
    const require = createRequire(import.meta.url);
    const assets = einvoicingAssets();
    const schematron = (source: string, sef: string, documents: string[] = [], rules = source) => {
      const baseUri = pathToFileURL(sef).href;
      return {
        source,
        /** How its failures read (RULE in the worker). */
        rules,
        sef,
        baseUri,
        // As the stylesheet names them (relative to itself), so that SaxonJS finds them in its pool.
        documents: documents.map((file) => ({ file, uri: new URL(basename(file), baseUri).href })),
      };
    };
    pool = createWorkerPool({
      name: 'Factur-X validation',
      source: WORKER_SOURCE,
      workerData: {
        saxon: require.resolve('saxon-js'),
        libxml2: pathToFileURL(require.resolve('libxml2-wasm')).href,
        profiles: {
          cii: {
            what: 'an invoice',
            xsdDir: assets.xsdDir,
            xsdMain: assets.xsdMain,
            // EN 16931 first: the Factur-X failures that repeat one of its rules are left out.
            schematrons: [
              schematron('en16931', assets.sef),
              schematron('facturx', assets.facturxSef, [assets.facturxCodeDb]),
              schematron('fr', assets.frSef),
            ],
          },
          cdar: {
            what: 'a status message',
            xsdDir: assets.cdarXsdDir,
            xsdMain: assets.cdarXsdMain,
            schematrons: [schematron('fr', assets.cdarSef, [], 'cdv')],
          },
        },
      },
      // One warm worker: it holds the four compiled schematrons (~110 MiB of heap once they have run); validations
      // queue behind each other.
      size: 1,
      idleMs: 60_000,
      timeoutMs: 60_000,
      heapMb: 1024,
    });
  }
  return pool;
}

/**
 * Validates a CII XML (D16B, EN 16931) against the schema and the three schematrons. `valid` means no fatal
 * failure from any of them; warnings are listed too, and each failure names its `source` (the French rules are
 * `fr`). Never rejects for a bad input (not well-formed XML is failure `XML`); it rejects only when the validator
 * itself fails (it took longer than a minute, or ran out of memory).
 */
export async function validateCii(xml: string | Buffer): Promise<CiiValidation> {
  const failures = (await run('cii', xml)) as CiiFailure[];
  return { valid: !failures.some((f) => f.flag === 'fatal'), failures };
}

/**
 * Validates a lifecycle status message (CDAR D22B) against its schema and the French rules (BR-FR-CDV, FNFE-MPE
 * 1.4.0), as an approved platform does before accepting it. `valid`: no fatal failure (BR-FR-CDV-CL-06, a status
 * code outside the list, is only a warning). Never rejects for a bad input, like validateCii.
 */
export async function validateCdar(xml: string | Buffer): Promise<CdarValidation> {
  const failures = (await run('cdar', xml)) as CdarFailure[];
  return { valid: !failures.some((f) => f.flag === 'fatal'), failures };
}

async function run(kind: Kind, xml: string | Buffer) {
  const input = typeof xml === 'string' ? xml : new Uint8Array(xml.buffer, xml.byteOffset, xml.byteLength);
  return (await validator().run({ kind, input })).failures;
}

/** Whether none of these failures is fatal, counting only those of the given checks. */
export const passes = (failures: readonly CiiFailure[], sources: readonly CiiSource[] = CII_SOURCES): boolean =>
  !failures.some((f) => f.flag === 'fatal' && sources.includes(f.source));

/**
 * Starts the validation worker and loads the schema and the schematrons in it (off the event loop), then keeps it
 * for the life of the process, so that the first validation after a start does not wait for seconds. Answers how
 * long loading took and the worker's heap in use.
 */
export async function warmUpValidator(): Promise<{ ms: number; heapMb: number }> {
  const started = performance.now();
  const { heapUsed } = await validator().warmUp(null);
  return { ms: Math.round(performance.now() - started), heapMb: Math.round(heapUsed / 1048576) };
}
