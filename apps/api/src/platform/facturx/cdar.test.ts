import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  LIFECYCLE_CODES,
  lifecycleReasonRequired,
  lifecycleReasonsFor,
  type TLifecycleCode,
  type TLifecycleReasonCode,
} from '@tagstock/contract';
import { describe, expect, it } from 'vitest';
import { einvoicingAssets } from './assets';
import { CDAR_ISSUER, cdarXml, CdarParseError, parseCdar, type CdarMessage } from './cdar';
import { validateCdar, type CdarFailure } from './validate';

// The AFNOR XP Z12-012 annex B examples, as the FNFE-MPE publishes them (vendored beside the rules).
const EXAMPLES_DIR = einvoicingAssets().cdarExamplesDir;
const EXAMPLES = readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.xml'));
const example = (name: string) => readFileSync(join(EXAMPLES_DIR, name));

const fatal = (failures: CdarFailure[]) => failures.filter((f) => f.flag === 'fatal');
const ids = (failures: CdarFailure[]) => fatal(failures).map((f) => f.ruleId);

const SELLER = { siren: '542051180', name: 'Demo SAS' };
const BUYER = { siren: '303265045', name: 'Acme & Fils' };
const message = (code: TLifecycleCode, extra: Partial<CdarMessage> = {}): CdarMessage => ({
  id: `F-2026-0042_${code}_20260902101500`,
  issuedAt: '2026-09-02T08:15:00Z',
  code,
  reasonCode: lifecycleReasonRequired(code) ? (code === '213' ? 'DOUBLON' : lifecycleReasonsFor(code)[0]) : null,
  invoice: {
    number: 'F-2026-0042',
    issueDate: '2026-09-01',
    typeCode: '380',
    receivedAt: '2026-09-01T16:10:00Z',
    seller: SELLER,
    buyer: BUYER,
  },
  amounts: code === '212' ? [{ amount: '1200.00', vatRate: '20.00' }] : null,
  ...extra,
});

describe('validateCdar on the official examples', () => {
  it('has every status of the examples: 200, 202, 203, 204, 205, 207, 211, 212', () => {
    const codes = new Set(EXAMPLES.map((name) => /CDV-(\d{3})/.exec(name)![1]));
    expect([...codes].sort()).toEqual(['200', '202', '203', '204', '205', '207', '211', '212']);
    expect(EXAMPLES).toHaveLength(11);
  });

  it.each(EXAMPLES)('finds %s valid (schema and BR-FR-CDV, no failure at all)', { timeout: 60_000 }, async (name) => {
    const result = await validateCdar(example(name));
    expect(result.failures).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

describe('parseCdar on the official examples', () => {
  it.each(EXAMPLES)('reads %s', (name) => {
    const parsed = parseCdar(example(name));
    const code = /CDV-(\d{3})/.exec(name)![1];
    expect(parsed.code).toBe(code);
    expect(parsed.lifecycleCode).toBe(code);
    expect(parsed.invoice).toEqual({
      number: name.startsWith('UC1') ? 'F202500003' : name.startsWith('UC4') ? 'F202500006' : 'F202500007',
      issueDate: name.startsWith('UC5') ? '2025-07-02' : '2025-07-01',
      typeCode: '380',
      sellerSiren: '100000009',
    });
    expect(parsed.messageId).toBeTruthy();
    // Format 204 is French time: July is UTC+2.
    expect(parsed.issuedAt).toMatch(/^2025-0[78]-\d{2}T\d{2}:\d{2}:00\+02:00$/);
    expect(parsed.at).toMatch(/^2025-0[78]-\d{2}T\d{2}:\d{2}:00\+02:00$/);
    expect(parsed.phase).toBe(['200', '202', '203'].includes(code!) ? '305' : '23');
  });

  it('reads the times, the reason, the amounts', () => {
    const deposited = parseCdar(example('UC1_F202500003_01-CDV-200_Deposee.xml'));
    expect(deposited).toMatchObject({
      messageId: 'F202500003_200_20250701151000#380_20250701',
      issuedAt: '2025-07-01T15:15:00+02:00',
      at: '2025-07-01T15:10:00+02:00',
      issuerRole: 'WK',
      reasonCode: null,
      note: null,
      amounts: [],
    });
    const disputed = parseCdar(example('UC4_F202500006_04-CDV-207_En_litige.xml'));
    expect(disputed).toMatchObject({ issuerRole: 'BY', reasonCode: 'TX_TVA_ERR', reason: 'Taux de TVA erroné' });
    // The data in dispute carry rates, no amount.
    expect(disputed.amounts).toEqual([]);
    const cashed = parseCdar(example('UC1_F202500003_07-CDV-212_Encaissee.xml'));
    expect(cashed.amounts).toEqual([{ type: 'MEN', amount: '12000', currency: 'EUR', vatRate: '20.00' }]);
    expect(cashed.issuerRole).toBe('SE');
    const paid = parseCdar(example('UC1_F202500003_06-CDV-211_Paiement_transmis.xml'));
    expect(paid.amounts).toEqual([{ type: 'MPA', amount: '12000', currency: 'EUR', vatRate: null }]);
  });

  it('refuses what is not a readable status message', () => {
    expect(() => parseCdar('not xml')).toThrow(CdarParseError);
    expect(() => parseCdar('<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="x">')).toThrow(CdarParseError);
    expect(() => parseCdar(readFileSync(new URL('./testdata/CII_example1.xml', import.meta.url)))).toThrow(
      /Not a CDAR: the root element is CrossIndustryInvoice/,
    );
    const entity = example('UC1_F202500003_05-CDV-205_Approuvee.xml')
      .toString('utf8')
      .replace('<rsm:CrossDomain', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/hostname">]>\n<rsm:CrossDomain');
    expect(() => parseCdar(entity)).toThrow(/DOCTYPE/);
  });
});

describe('cdarXml', () => {
  it.each(LIFECYCLE_CODES)(
    'writes status %s so that it passes the schema and BR-FR-CDV with no fatal failure',
    { timeout: 60_000 },
    async (code) => {
      const xml = cdarXml(message(code));
      const result = await validateCdar(xml);
      expect(fatal(result.failures)).toEqual([]);
      expect(result.failures).toEqual([]);
      expect(result.valid).toBe(true);
    },
  );

  it('writes every reason each status allows, and a note', { timeout: 120_000 }, async () => {
    for (const code of LIFECYCLE_CODES)
      for (const reasonCode of lifecycleReasonsFor(code)) {
        const result = await validateCdar(
          cdarXml(message(code, { reasonCode, note: 'Voir la commande n° 12 <urgent>' })),
        );
        expect(fatal(result.failures), `${code} ${reasonCode}`).toEqual([]);
      }
  });

  it('names the issuer, the recipients and the phase of each status as the examples do', () => {
    const approved = parseCdar(cdarXml(message('205')));
    expect(approved).toMatchObject({ phase: '23', issuerRole: 'BY' });
    expect(parseCdar(cdarXml(message('212')))).toMatchObject({ phase: '23', issuerRole: 'SE' });
    expect(parseCdar(cdarXml(message('213')))).toMatchObject({ phase: '305', issuerRole: 'WK' });
    expect(CDAR_ISSUER['209']).toBe('seller');
    const made = cdarXml(message('203', { platform: { id: '0042', name: 'PA Démo' } }));
    // 203 goes to both the seller and the buyer, each at its directory address (the SIREN under 0225).
    expect(made.match(/<ram:RecipientTradeParty>/g)).toHaveLength(2);
    expect(made).toContain('<ram:URIID schemeID="0225">303265045</ram:URIID>');
    expect(made).toContain('<ram:GlobalID schemeID="0238">0042</ram:GlobalID>');
  });

  it('reads back what it writes', () => {
    const written: CdarMessage = message('212', {
      statusAt: new Date('2026-12-31T23:30:00Z'),
      note: 'Reçu par virement & chèque',
      amounts: [
        { amount: '1000.00', vatRate: '20.00' },
        { amount: '105.50', vatRate: '5.5' },
      ],
      invoice: {
        ...message('212').invoice,
        seller: { ...SELLER, electronicAddress: { id: '542051180_FACTURES', scheme: '0225' } },
      },
    });
    const parsed = parseCdar(cdarXml(written));
    expect(parsed).toEqual({
      messageId: written.id,
      issuedAt: '2026-09-02T10:15:00+02:00',
      // Winter time: UTC+1, and already the next day in France.
      at: '2027-01-01T00:30:00+01:00',
      phase: '23',
      code: '212',
      lifecycleCode: '212',
      issuerRole: 'SE',
      invoice: { number: 'F-2026-0042', issueDate: '2026-09-01', typeCode: '380', sellerSiren: '542051180' },
      reasonCode: null,
      reason: null,
      note: 'Reçu par virement & chèque',
      amounts: [
        { type: 'MEN', amount: '1000.00', currency: 'EUR', vatRate: '20.00' },
        { type: 'MEN', amount: '105.50', currency: 'EUR', vatRate: '5.5' },
      ],
    });
    expect(new Date(parsed.at!).toISOString()).toBe('2026-12-31T23:30:00.000Z');
    const refused = parseCdar(cdarXml(message('210', { reasonCode: 'DOUBLON', note: 'Déjà reçue le 1er' })));
    expect(refused).toMatchObject({
      code: '210',
      reasonCode: 'DOUBLON',
      reason: 'Facture en doublon (déjà émise ou reçue)',
      note: 'Déjà reçue le 1er',
    });
  });

  it('throws on a date or an amount no one could read', () => {
    expect(() => cdarXml(message('205', { issuedAt: 'demain' }))).toThrow(/not a date-time/);
    const invoice = { ...message('205').invoice, issueDate: '01/09/2026' };
    expect(() => cdarXml(message('205', { invoice }))).toThrow(/yyyy-mm-dd/);
    expect(() => cdarXml(message('212', { amounts: [{ amount: '1 200,00', vatRate: '20' }] }))).toThrow(/amount/);
    expect(() => cdarXml(message('212', { amounts: [{ amount: '1200', vatRate: '20%' }] }))).toThrow(/VAT rate/);
  });
});

describe('validateCdar on broken messages', () => {
  it('requires a reason for a refusal (BR-FR-CDV-15), from the refusal list (BR-FR-CDV-CL-09)', async () => {
    const missing = await validateCdar(cdarXml(message('210', { reasonCode: null })));
    expect(missing.valid).toBe(false);
    expect(ids(missing.failures)).toEqual(['BR-FR-CDV-15_MDT-113']);
    expect(fatal(missing.failures)[0]).toMatchObject({
      source: 'fr',
      location: expect.stringMatching(/ProcessConditionCode/),
    });
    expect(fatal(missing.failures)[0]!.message).toMatch(/^Code Statut : "210"/);

    // A quantity is a reason to dispute, not to refuse.
    const wrong = await validateCdar(cdarXml(message('210', { reasonCode: 'QTE_ERR' })));
    expect(ids(wrong.failures)).toEqual(['BR-FR-CDV-CL-09_MDT-113_210']);
    // Not a reason of the closed list at all.
    const unknown = await validateCdar(cdarXml(message('207', { reasonCode: 'PAS_CONTENT' as TLifecycleReasonCode })));
    expect(ids(unknown.failures)).toEqual(
      expect.arrayContaining(['BR-FR-CDV-CL-09_MDT-113', 'BR-FR-CDV-CL-09_MDT-113_207']),
    );
    // A duplicate rejected by a platform: DOUBLON is right, NON_TRANSMISE is for 200 only.
    const rejected = await validateCdar(cdarXml(message('213', { reasonCode: 'NON_TRANSMISE' })));
    expect(ids(rejected.failures)).toEqual(['BR-FR-CDV-CL-09_MDT-113_213']);
  });

  it('requires the status (BR-FR-CDV-12), and the amount and rate of a payment received (BR-FR-CDV-14)', async () => {
    const xml = cdarXml(message('205'));
    const noStatus = xml.replace(/\s*<ram:ProcessConditionCode>205<\/ram:ProcessConditionCode>/, '');
    expect(noStatus).not.toContain('ProcessConditionCode');
    const result = await validateCdar(noStatus);
    expect(result.valid).toBe(false);
    expect(ids(result.failures)).toEqual(['BR-FR-CDV-12_MDT-105']);

    const unpaid = await validateCdar(cdarXml(message('212', { amounts: null })));
    expect(ids(unpaid.failures)).toEqual(['BR-FR-CDV-14_MDT-207']);
    const noRate = await validateCdar(cdarXml(message('212', { amounts: [{ amount: '1200.00' }] })));
    expect(ids(noRate.failures)).toEqual(['BR-FR-CDV-14_MDT-207']);
  });

  it('only warns on a status code outside the French list (BR-FR-CDV-CL-06)', async () => {
    const xml = cdarXml(message('205')).replace('<ram:ProcessConditionCode>205<', '<ram:ProcessConditionCode>299<');
    const result = await validateCdar(xml);
    expect(result.valid).toBe(true);
    expect(result.failures).toEqual([
      expect.objectContaining({ ruleId: 'BR-FR-CDV-CL-06_MDT-105', flag: 'warning', source: 'fr' }),
    ]);
  });

  it('reports a schema violation as XSD, and not well-formed XML or a DOCTYPE as XML', async () => {
    const xml = cdarXml(message('205')).replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:Kind>380</ram:Kind>');
    const result = await validateCdar(xml);
    expect(result.valid).toBe(false);
    expect(result.failures.filter((f) => f.ruleId === 'XSD')).toEqual([
      expect.objectContaining({ source: 'xsd', flag: 'fatal', location: expect.stringMatching(/ram:Kind$/) }),
    ]);
    const broken = await validateCdar('<rsm:CrossDomainAcknowledgementAndResponse');
    expect(new Set(ids(broken.failures))).toEqual(new Set(['XML']));
    const doctype = await validateCdar(
      cdarXml(message('205')).replace('<rsm:CrossDomain', '<!DOCTYPE x>\n<rsm:CrossDomain'),
    );
    expect(doctype.failures).toEqual([
      {
        ruleId: 'XML',
        flag: 'fatal',
        message: 'A document type declaration (DOCTYPE) is not allowed in a status message',
        source: 'xsd',
      },
    ]);
  });
});
