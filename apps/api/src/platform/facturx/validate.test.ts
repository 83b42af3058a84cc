import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { passes, validateCii, type CiiFailure, type CiiSource } from './validate';

// Official EN 16931 examples (release 1.3.16, EUPL 1.2): invoices another producer would send us.
const example = (name: string) => readFileSync(new URL(`./testdata/${name}`, import.meta.url));
const EXAMPLES = ['CII_example1.xml', 'CII_example5.xml', 'CII_business_example_01.xml'];

const ids = (failures: { ruleId: string }[]) => failures.map((f) => f.ruleId);
const fatal = (failures: CiiFailure[], sources?: CiiSource[]) =>
  failures.filter((f) => f.flag === 'fatal' && (!sources || sources.includes(f.source)));
const EN16931: CiiSource[] = ['xsd', 'en16931'];

describe('validateCii', () => {
  it.each(EXAMPLES)(
    'finds the official example %s valid against the schema and EN 16931, and not against the French rules',
    { timeout: 60_000 },
    async (name) => {
      const result = await validateCii(example(name));
      expect(fatal(result.failures, EN16931)).toEqual([]);
      expect(passes(result.failures, EN16931)).toBe(true);
      // Written before the French rules: no billing mode (BT-23), no seller SIREN, rates France does not have.
      expect(result.valid).toBe(false);
      expect(passes(result.failures, ['fr'])).toBe(false);
      const french = fatal(result.failures, ['fr']);
      expect(ids(french)).toEqual(expect.arrayContaining(['BR-FR-08', 'BR-FR-10', 'BR-FR-16']));
      const billingMode = french.find((f) => f.ruleId === 'BR-FR-08')!;
      expect(billingMode).toMatchObject({ source: 'fr', flag: 'fatal' });
      // The text is the rule's own French, without its leading "BR-FR-08/BT-23 :".
      expect(billingMode.message).toMatch(/^La valeur du mode de facturation \(ram:ID\) est absente/);
      expect(billingMode.location).toMatch(/ExchangedDocumentContext/);
    },
  );

  it(
    'checks the Factur-X profile: example 5 references a document type the EN 16931 profile does not use',
    {
      timeout: 60_000,
    },
    async () => {
      const five = await validateCii(example('CII_example5.xml'));
      const facturx = fatal(five.failures, ['facturx']);
      expect(facturx).toHaveLength(2);
      expect(facturx[0]).toMatchObject({ ruleId: 'FX-SCH', source: 'facturx' });
      expect(facturx[0]!.message).toMatch(/^Element variant 'ram:AdditionalReferencedDocument\[.*not used/);
      const one = await validateCii(example('CII_example1.xml'));
      expect(fatal(one.failures, ['facturx'])).toEqual([]);
      // Example 1 has an empty element: a Factur-X warning, which fails nothing.
      expect(one.failures.filter((f) => f.source === 'facturx')).toEqual([
        expect.objectContaining({ ruleId: 'FX-SCH-A-000372', flag: 'warning' }),
      ]);
    },
  );

  it('takes the XML as a string too', { timeout: 60_000 }, async () => {
    const text = await validateCii(example('CII_example1.xml').toString('utf8'));
    const bytes = await validateCii(example('CII_example1.xml'));
    expect(text).toEqual(bytes);
    expect(text.failures.length).toBeGreaterThan(0);
  });

  it('names the rules a broken invoice breaks, with the check each comes from', { timeout: 60_000 }, async () => {
    const xml = example('CII_example1.xml')
      .toString('utf8')
      // BT-112 no longer equals BT-109 + BT-110, and BT-115 no longer follows from it.
      .replace(
        '<ram:GrandTotalAmount>250.33</ram:GrandTotalAmount>',
        '<ram:GrandTotalAmount>251.33</ram:GrandTotalAmount>',
      )
      // No invoice type code (BT-3), which the schema allows but EN 16931 and Factur-X require.
      .replace('<ram:TypeCode>380</ram:TypeCode>', '');
    const result = await validateCii(xml);
    expect(result.valid).toBe(false);
    expect(ids(fatal(result.failures, ['en16931']))).toEqual(expect.arrayContaining(['BR-04', 'BR-CO-15', 'BR-CO-16']));
    expect(ids(result.failures)).not.toContain('XSD');
    const coherence = result.failures.find((f) => f.ruleId === 'BR-CO-15')!;
    expect(coherence).toMatchObject({ source: 'en16931', flag: 'fatal' });
    expect(coherence.message).toMatch(/^Invoice total amount with VAT \(BT-112\)/);
    expect(coherence.location).toMatch(/CrossIndustryInvoice/);
    // Factur-X's own structural rule; its copies of BR-04 and BR-CO-15 are not said a second time.
    expect(fatal(result.failures, ['facturx'])).toEqual([
      expect.objectContaining({
        ruleId: 'FX-SCH-A-000020',
        message: "Element 'ram:TypeCode' must occur exactly 1 times.",
      }),
    ]);
    expect(result.failures.filter((f) => /^\[BR-(04|CO-15|CO-16)\]/.test(f.message))).toEqual([]);
    expect(ids(fatal(result.failures, ['fr']))).toContain('BR-FR-08');
    // A schema error too: each of the four checks is named.
    const schema = await validateCii(
      xml.replace('<ram:Name>De Koksmaat</ram:Name>', '<ram:Name>De Koksmaat</ram:Name><ram:Kind/>'),
    );
    expect(new Set(fatal(schema.failures).map((f) => f.source))).toEqual(new Set(['xsd', 'en16931', 'facturx', 'fr']));
  });

  it('reports a schema violation as XSD, with where it is', { timeout: 60_000 }, async () => {
    const xml = example('CII_example5.xml')
      .toString('utf8')
      .replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:Kind>380</ram:Kind>');
    expect(xml).toContain('<ram:Kind>');
    const result = await validateCii(xml);
    expect(result.valid).toBe(false);
    const xsd = result.failures.filter((f) => f.ruleId === 'XSD');
    expect(xsd).toHaveLength(1);
    expect(xsd[0]).toMatchObject({
      flag: 'fatal',
      source: 'xsd',
      location: '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:Kind',
    });
    expect(xsd[0]!.message).toMatch(/Kind.*not expected/);
  });

  it.each([
    ['text', 'this is not an invoice'],
    [
      'an unclosed element',
      '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">',
    ],
    ['nothing', ''],
  ])('reports %s as not well-formed XML, without throwing', { timeout: 60_000 }, async (_what, text) => {
    const result = await validateCii(Buffer.from(text));
    expect(result.valid).toBe(false);
    expect(result.failures.length).toBeGreaterThan(0);
    expect(new Set(ids(result.failures))).toEqual(new Set(['XML']));
    expect(result.failures.every((f) => f.flag === 'fatal' && f.message.length > 0 && f.source === 'xsd')).toBe(true);
  });

  it('refuses a DOCTYPE before reading any entity it declares', { timeout: 60_000 }, async () => {
    const xml = example('CII_example1.xml')
      .toString('utf8')
      .replace(
        '<rsm:CrossIndustryInvoice',
        '<!DOCTYPE rsm:CrossIndustryInvoice [<!ENTITY code SYSTEM "file:///etc/hostname">]>\n<rsm:CrossIndustryInvoice',
      )
      .replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>&code;</ram:TypeCode>');
    const result = await validateCii(xml);
    expect(result).toEqual({
      valid: false,
      failures: [
        {
          ruleId: 'XML',
          flag: 'fatal',
          message: 'A document type declaration (DOCTYPE) is not allowed in an invoice',
          source: 'xsd',
        },
      ],
    });
  });

  it('serves concurrent validations one after another, each with its own result', { timeout: 120_000 }, async () => {
    const broken = example('CII_example1.xml').toString('utf8').replace('<ram:TypeCode>380</ram:TypeCode>', '');
    const results = await Promise.all([
      validateCii(example('CII_example5.xml')),
      validateCii(broken),
      validateCii('<'),
    ]);
    expect(results.map((r) => passes(r.failures, EN16931))).toEqual([true, false, false]);
    expect(ids(results[1]!.failures)).toContain('BR-04');
    expect(ids(results[2]!.failures)).toEqual(['XML']);
  });
});
