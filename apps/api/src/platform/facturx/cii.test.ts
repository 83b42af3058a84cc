import { lineNetAmount } from '@tagstock/contract/money';
import { Decimal } from 'decimal.js';
import { XmlDocument } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import { facturXXml, type FacturXDocument, type FacturXVatCategory } from './cii';
import { CII_SOURCES, passes, validateCii, type CiiSource } from './validate';

/*
 * The EN 16931 proof of the builder: each document below is written as CII and must pass the official schema and
 * schematron with no fatal failure. The totals are computed here as the invoicing module does (line nets from
 * @tagstock/contract/money, VAT per category and rate rounded once, BR-CO-17), so a wrong amount would fail.
 */

const cents = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

type LineInput = { name: string; quantity: string; price: string; category?: FacturXVatCategory; rate: string };
type AllowanceInput = { amount: string; category?: FacturXVatCategory; rate: string; percent?: string; base?: string };

/** The lines, allowances, VAT breakdown and totals of a document, from quantities, prices and rates. */
function amounts(lines: LineInput[], allowances: AllowanceInput[] = [], prepaid = '0.00') {
  const docLines = lines.map((l, i) => ({
    id: String(i + 1),
    name: l.name,
    sellerItemId: `REF-${i + 1}`,
    quantity: l.quantity,
    unitCode: 'C62',
    netUnitPrice: l.price,
    lineNet: lineNetAmount({ quantity: l.quantity, unitPrice: l.price, vatRate: l.rate }),
    vatCategory: l.category ?? 'S',
    vatRate: l.rate,
  }));
  const docAllowances = allowances.map((a) => ({
    amount: a.amount,
    vatCategory: a.category ?? ('S' as const),
    vatRate: a.rate,
    reason: 'Remise commerciale',
    percent: a.percent ?? null,
    base: a.base ?? null,
  }));
  const bases = new Map<string, { category: FacturXVatCategory; rate: string; base: Decimal }>();
  const add = (category: FacturXVatCategory, rate: string, amount: Decimal) => {
    const key = `${category} ${rate}`;
    const row = bases.get(key) ?? { category, rate, base: new Decimal(0) };
    bases.set(key, { ...row, base: row.base.plus(amount) });
  };
  for (const l of docLines) add(l.vatCategory, l.vatRate, new Decimal(l.lineNet));
  for (const a of docAllowances) add(a.vatCategory, a.vatRate, new Decimal(a.amount).negated());
  const breakdown: FacturXDocument['breakdown'] = [...bases.values()].map((b) => ({
    category: b.category,
    rate: b.rate,
    base: b.base.toFixed(2),
    vat: cents(b.base.times(b.rate).dividedBy(100)).toFixed(2),
  }));
  const lineTotal = docLines.reduce((s, l) => s.plus(l.lineNet), new Decimal(0));
  const allowanceTotal = docAllowances.reduce((s, a) => s.plus(a.amount), new Decimal(0));
  const taxBasis = lineTotal.minus(allowanceTotal);
  const vat = breakdown.reduce((s, b) => s.plus(b.vat), new Decimal(0));
  const grandTotal = taxBasis.plus(vat);
  return {
    lines: docLines,
    allowances: docAllowances,
    breakdown,
    totals: {
      lineTotal: lineTotal.toFixed(2),
      allowanceTotal: allowanceTotal.toFixed(2),
      taxBasis: taxBasis.toFixed(2),
      vat: vat.toFixed(2),
      grandTotal: grandTotal.toFixed(2),
      prepaid,
      duePayable: grandTotal.minus(prepaid).toFixed(2),
    },
  };
}

const seller = {
  name: 'Tagstock Démo SAS',
  siren: '123456789',
  vatNumber: 'FR32123456789',
  email: 'facturation@tagstock.example',
  electronicAddress: { id: '123456789', scheme: '0225' },
  legalForm: 'SAS au capital de 10 000 €, RCS Paris 123 456 789',
  address: { line1: '12 rue des Étiquettes', line2: 'Bâtiment B', postcode: '75011', city: 'Paris', countryCode: 'FR' },
};
const buyer = {
  name: 'Boutique Client SARL',
  siren: '987654321',
  vatNumber: 'FR76987654321',
  email: 'compta@client.example',
  electronicAddress: { id: '987654321', scheme: '0225' },
  address: { line1: '3 place du Marché', postcode: '69002', city: 'Lyon', countryCode: 'FR' },
};

function invoice(lines: LineInput[], more: Partial<FacturXDocument> = {}, allowances: AllowanceInput[] = []) {
  return {
    typeCode: '380',
    number: 'FA-2025-00042',
    billingMode: 'B1',
    issueDate: '2025-06-30',
    currency: 'EUR',
    notes: [
      { subjectCode: 'BAR', text: 'B2B' },
      { subjectCode: 'PMT', text: 'Indemnité forfaitaire pour frais de recouvrement en cas de retard : 40 €' },
      { subjectCode: 'PMD', text: 'Pénalités de retard : trois fois le taux d’intérêt légal' },
      { subjectCode: 'AAB', text: 'Pas d’escompte pour paiement anticipé' },
    ],
    seller,
    buyer,
    buyerReference: 'SERVICE-ACHATS',
    orderReference: 'BC-2025-117',
    deliveryDate: '2025-06-28',
    deliveryAddress: {
      name: 'Entrepôt Client',
      line1: 'ZI Nord',
      postcode: '69100',
      city: 'Villeurbanne',
      countryCode: 'FR',
    },
    dueDate: '2025-07-30',
    paymentTerms: 'Paiement à 30 jours',
    payment: {
      meansCode: '58',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
      accountName: 'Tagstock Démo SAS',
    },
    ...amounts(lines, allowances),
    ...more,
  } satisfies FacturXDocument;
}

/** Valid under the schema, EN 16931, Factur-X and, unless left out, the French CTC rules. */
async function expectValid(doc: FacturXDocument, sources: readonly CiiSource[] = CII_SOURCES) {
  const xml = facturXXml(doc);
  const result = await validateCii(xml);
  expect(result.failures.filter((f) => f.flag === 'fatal' && sources.includes(f.source))).toEqual([]);
  expect(passes(result.failures, sources)).toBe(true);
  return { xml, result };
}

const T = { timeout: 60_000 };

describe('facturXXml', () => {
  it('writes a valid invoice at a single 20 % rate, with every optional term filled in', T, async () => {
    const doc = invoice([
      { name: 'Étiquette RFID UHF', quantity: '1000', price: '0.1850', rate: '20.00' },
      { name: 'Lecteur portable', quantity: '2', price: '849.00', rate: '20.00' },
    ]);
    expect(doc.totals).toMatchObject({ lineTotal: '1883.00', vat: '376.60', grandTotal: '2259.60' });
    const { xml, result } = await expectValid(doc);
    // No warning either: every term written is one EN 16931 knows.
    expect(result.failures).toEqual([]);
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain('<udt:DateTimeString format="102">20250630</udt:DateTimeString>');
    expect(xml).toContain('<ram:ID schemeID="0002">123456789</ram:ID>');
    expect(xml).toContain('<ram:ID schemeID="VA">FR32123456789</ram:ID>');
    expect(xml).toContain('<ram:Description>SAS au capital de 10 000 €, RCS Paris 123 456 789</ram:Description>');
  });

  it('writes a valid invoice at 5.5, 10 and 20 %', T, async () => {
    const doc = invoice([
      { name: 'Livre', quantity: '3', price: '18.99', rate: '5.50' },
      { name: 'Travaux', quantity: '1.5', price: '45.00', rate: '10.00' },
      { name: 'Antivol', quantity: '7', price: '3.33', rate: '20.00' },
      { name: 'Livre bis', quantity: '1', price: '0.99', rate: '5.50' },
    ]);
    expect(doc.breakdown.map((b) => `${b.rate}:${b.base}:${b.vat}`)).toEqual([
      '5.50:57.96:3.19',
      '10.00:67.50:6.75',
      '20.00:23.31:4.66',
    ]);
    await expectValid(doc);
  });

  it('writes a document-level allowance spread over two rates', T, async () => {
    const doc = invoice(
      [
        { name: 'Étiquettes', quantity: '100', price: '1.25', rate: '20.00' },
        { name: 'Guide papier', quantity: '2', price: '12.40', rate: '5.50' },
      ],
      {},
      // A 10 % discount on each rate's lines.
      [
        { amount: '12.50', rate: '20.00', percent: '10.00', base: '125.00' },
        { amount: '2.48', rate: '5.50', percent: '10.00', base: '24.80' },
      ],
    );
    expect(doc.totals).toMatchObject({ allowanceTotal: '14.98', taxBasis: '134.82' });
    const { xml } = await expectValid(doc);
    expect(xml).toContain('<ram:AllowanceTotalAmount>14.98</ram:AllowanceTotalAmount>');
    expect(xml.match(/<ram:SpecifiedTradeAllowanceCharge>/g)).toHaveLength(2);
  });

  it('writes a zero-rated (Z) line beside a standard one', T, async () => {
    const doc = invoice([
      { name: 'Produit standard', quantity: '4', price: '10.00', rate: '20.00' },
      { name: 'Produit taux zéro', quantity: '1', price: '99.90', category: 'Z', rate: '0.00' },
    ]);
    const { xml } = await expectValid(doc);
    expect(xml).not.toContain('ExemptionReason');
  });

  it('writes a credit note that refers to its invoice, with an amount already paid', T, async () => {
    const base = invoice([{ name: 'Retour marchandise', quantity: '2', price: '49.50', rate: '20.00' }]);
    const doc: FacturXDocument = {
      ...base,
      typeCode: '381',
      number: 'AV-2025-00007',
      precedingInvoice: { number: 'FA-2025-00042', issueDate: '2025-06-30' },
      totals: {
        ...base.totals,
        prepaid: '18.80',
        duePayable: new Decimal(base.totals.grandTotal).minus('18.80').toFixed(2),
      },
    };
    const { xml } = await expectValid(doc);
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>FA-2025-00042<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20250630</,
    );
  });

  it('escapes XML special characters and keeps a long designation whole', T, async () => {
    const name = `Câble "blindé" <5 m> & connecteurs l'un après l'autre — ${'très long '.repeat(60)}fin`;
    const base = invoice([{ name, quantity: '1', price: '12.00', rate: '20.00' }]);
    const doc = {
      ...base,
      seller: { ...seller, name: 'Dupont & Fils <SAS>' },
      notes: [{ text: 'Note avec & et < et > et " et \' et un caractère de contrôle \u0007 retiré' }, ...base.notes],
    };
    const { xml } = await expectValid(doc);
    const parsed = XmlDocument.fromString(xml);
    const ns = { ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100' };
    try {
      expect(parsed.get('//ram:SpecifiedTradeProduct/ram:Name', ns)?.content).toBe(name);
      expect(parsed.get('//ram:SellerTradeParty/ram:Name', ns)?.content).toBe('Dupont & Fils <SAS>');
      expect(parsed.get('//ram:IncludedNote/ram:Content', ns)?.content).toBe(
        'Note avec & et < et > et " et \' et un caractère de contrôle  retiré',
      );
    } finally {
      parsed.dispose();
    }
  });

  it('writes the exempt categories with a default exemption reason each', T, async () => {
    const cases: { category: FacturXVatCategory; reason: string; more?: Partial<FacturXDocument> }[] = [
      { category: 'E', reason: 'Exonération de TVA' },
      { category: 'AE', reason: 'Autoliquidation' },
      {
        category: 'K',
        reason: 'Livraison intracommunautaire',
        more: { buyer: { ...buyer, vatNumber: 'DE123456789', address: { city: 'Berlin', countryCode: 'DE' } } },
      },
      { category: 'G', reason: 'Exportation hors UE', more: { buyer: { ...buyer, vatNumber: null } } },
      // Outside the scope of VAT: no VAT identifier may appear (BR-O-02) and no rate (BR-O-05).
      {
        category: 'O',
        reason: 'Hors champ de TVA',
        more: { seller: { ...seller, vatNumber: null }, buyer: { ...buyer, vatNumber: null } },
      },
    ];
    for (const c of cases) {
      const doc = invoice(
        [{ name: 'Prestation', quantity: '1', price: '500.00', category: c.category, rate: '0.00' }],
        c.more,
      );
      const { xml } = await expectValid(doc);
      expect(xml).toContain(`<ram:ExemptionReason>${c.reason}</ram:ExemptionReason>`);
    }
    const given = invoice([{ name: 'Formation', quantity: '1', price: '800.00', category: 'E', rate: '0.00' }]);
    given.breakdown[0] = { ...given.breakdown[0]!, exemptionReason: 'Exonération, article 261-4-4° du CGI' };
    const { xml } = await expectValid(given);
    expect(xml).toContain('<ram:ExemptionReason>Exonération, article 261-4-4° du CGI</ram:ExemptionReason>');
  });

  it('writes only what it is given: a minimal invoice is still valid', T, async () => {
    const doc = invoice([{ name: 'Article', quantity: '1', price: '10.00', rate: '20.00' }], {
      notes: [],
      seller: { name: 'Vendeur', vatNumber: 'FR32123456789', address: { countryCode: 'FR' } },
      buyer: { name: 'Acheteur', address: { countryCode: 'FR' } },
      buyerReference: null,
      orderReference: null,
      deliveryDate: null,
      deliveryAddress: null,
      paymentTerms: null,
      payment: null,
    });
    // EN 16931 needs no more; the French rules would (the parties' SIREN and electronic addresses, coded notes).
    const { xml, result } = await expectValid(doc, ['xsd', 'en16931', 'facturx']);
    expect(result.failures.map((f) => f.ruleId)).toEqual(expect.arrayContaining(['BR-FR-10', 'BR-FR-12', 'BR-FR-13']));
    expect(xml).not.toMatch(/IncludedNote|ShipToTradeParty|PaymentMeans|BuyerReference|<ram:Description>/);
  });

  it('produces XML the validator refuses when the amounts are wrong (the proof can fail)', T, async () => {
    // The VAT of the 20 % base computed at 5.5 % (the schematron tolerates a difference of up to 1 for rounding).
    const doc = invoice([{ name: 'Article', quantity: '10', price: '10.00', rate: '20.00' }]);
    const totals = { ...doc.totals, vat: '5.50', grandTotal: '105.50', duePayable: '105.50' };
    const wrong = { ...doc, breakdown: [{ ...doc.breakdown[0]!, vat: '5.50' }], totals };
    const result = await validateCii(facturXXml(wrong));
    expect(result.valid).toBe(false);
    expect(result.failures.map((f) => f.ruleId)).toContain('BR-CO-17');
  });

  it('refuses a number the French rules do not allow (spaces, other characters, over 35)', () => {
    const doc = invoice([{ name: 'Article', quantity: '1', price: '10.00', rate: '20.00' }]);
    for (const number of ['FA 2025 1', 'FA-2025-n°1', 'F'.repeat(36)])
      expect(() => facturXXml({ ...doc, number })).toThrow(/BR-FR-01/);
    expect(() => facturXXml({ ...doc, number: 'FA-2025/000_1+' })).not.toThrow();
  });

  it('refuses a date that is not yyyy-mm-dd', () => {
    const doc = invoice([{ name: 'Article', quantity: '1', price: '10.00', rate: '20.00' }], {
      issueDate: '30/06/2025',
    });
    expect(() => facturXXml(doc)).toThrow(/yyyy-mm-dd/);
  });
});
