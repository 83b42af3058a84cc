import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateCii } from './validate';

// Official EN 16931 examples (release 1.3.16, EUPL 1.2): invoices another producer would send us.
const example = (name: string) => readFileSync(new URL(`./testdata/${name}`, import.meta.url));
const EXAMPLES = ['CII_example1.xml', 'CII_example5.xml', 'CII_business_example_01.xml'];

const ids = (failures: { ruleId: string }[]) => failures.map((f) => f.ruleId);
const fatal = (failures: { ruleId: string; flag: string }[]) => failures.filter((f) => f.flag === 'fatal');

describe('validateCii', () => {
  it.each(EXAMPLES)(
    'finds the official example %s valid (schema and schematron)',
    { timeout: 60_000 },
    async (name) => {
      const result = await validateCii(example(name));
      expect(fatal(result.failures)).toEqual([]);
      expect(result.valid).toBe(true);
    },
  );

  it('takes the XML as a string too', { timeout: 60_000 }, async () => {
    const result = await validateCii(example('CII_example1.xml').toString('utf8'));
    expect(result).toEqual({ valid: true, failures: [] });
  });

  it('names the business rules a broken invoice breaks', { timeout: 60_000 }, async () => {
    const xml = example('CII_example1.xml')
      .toString('utf8')
      // BT-112 no longer equals BT-109 + BT-110, and BT-115 no longer follows from it.
      .replace(
        '<ram:GrandTotalAmount>250.33</ram:GrandTotalAmount>',
        '<ram:GrandTotalAmount>251.33</ram:GrandTotalAmount>',
      )
      // No invoice type code (BT-3), which the schema allows but EN 16931 requires.
      .replace('<ram:TypeCode>380</ram:TypeCode>', '');
    const result = await validateCii(xml);
    expect(result.valid).toBe(false);
    expect(ids(fatal(result.failures))).toEqual(expect.arrayContaining(['BR-04', 'BR-CO-15', 'BR-CO-16']));
    expect(ids(result.failures)).not.toContain('XSD');
    const coherence = result.failures.find((f) => f.ruleId === 'BR-CO-15')!;
    expect(coherence.message).toMatch(/^Invoice total amount with VAT \(BT-112\)/);
    expect(coherence.location).toMatch(/CrossIndustryInvoice/);
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
    expect(result.failures.every((f) => f.flag === 'fatal' && f.message.length > 0)).toBe(true);
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
        { ruleId: 'XML', flag: 'fatal', message: 'A document type declaration (DOCTYPE) is not allowed in an invoice' },
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
    expect(results.map((r) => r.valid)).toEqual([true, false, false]);
    expect(ids(results[1]!.failures)).toContain('BR-04');
    expect(ids(results[2]!.failures)).toEqual(['XML']);
  });
});
