import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { einvoicingAssets } from './assets';
import { RULES_FR, ruleMessageFr } from './rules-fr';

type SefNode = { N?: string; name?: string; val?: unknown; C?: SefNode[] };
const strings = (n: SefNode): string[] => [
  ...(n.N === 'str' && typeof n.val === 'string' ? [n.val] : []),
  ...(n.C ?? []).flatMap(strings),
];
/** The id and text of each assertion of a compiled schematron (the SVRL elements it writes), as the report gives them. */
function assertions(sef: string): { id: string; text: string }[] {
  const found: { id: string; text: string }[] = [];
  const walk = (n: SefNode) => {
    if (n.N === 'elem' && (n.name === 'svrl:failed-assert' || n.name === 'svrl:successful-report')) {
      let id = '';
      let text = '';
      const look = (k: SefNode) => {
        if (k.N === 'att' && k.name === 'id') id = strings(k).join('');
        else if (k.N === 'elem' && k.name === 'svrl:text') text = strings(k).join('').replace(/\s+/g, ' ').trim();
        else (k.C ?? []).forEach(look);
      };
      look(n);
      found.push({ id, text });
      return;
    }
    (n.C ?? []).forEach(walk);
  };
  walk(JSON.parse(readFileSync(sef, 'utf8')) as SefNode);
  return found;
}

/** Every rule id and English text of the vendored schematron: its assertions say `[BR-CO-15]-Invoice total…`. */
function schematronRules(): Map<string, string> {
  const text = readFileSync(einvoicingAssets().sef, 'utf8');
  const rules = new Map<string, string>();
  for (const m of text.matchAll(/"val":"\[([A-Z]+-[A-Z0-9-]+)\]-?((?:[^"\\]|\\.)*)"/g)) rules.set(m[1]!, m[2]!.trim());
  return rules;
}

// The same check as the web's locale test: U+202F before : ; ? ! and inside « ».
const typographyFaults = (text: string) =>
  [
    ...text.matchAll(/[^\u202f]([:;?!])(?=\s|$)/g),
    ...text.matchAll(/«[^\u202f]|[^\u202f]»/g),
    ...text.matchAll(/^[:;?!]/g),
  ].map((m) => m[0]);

describe('French texts of the EN 16931 rules', () => {
  const rules = schematronRules();
  const business = [...rules.keys()].filter((id) => id.startsWith('BR-'));

  it('has one for every BR rule of the official schematron, and none for a rule it does not have', () => {
    expect(business.length).toBeGreaterThan(200);
    expect(business.filter((id) => !RULES_FR.has(id))).toEqual([]);
    expect([...RULES_FR.keys()].filter((id) => !rules.has(id))).toEqual([]);
  });

  it('writes them as French, with French typography', () => {
    for (const [id, text] of RULES_FR) {
      expect(typographyFaults(text), id).toEqual([]);
      expect(text, id).not.toMatch(/'/);
      expect(text, id).toMatch(/^[A-ZÀ-Ý«]/);
      expect(text, id).toMatch(/\.$/);
      expect(text, id).not.toBe(rules.get(id));
      // The business terms the rule names stay named (BT-…, BG-…) as in the English text, where it names any.
      expect(text, id).not.toMatch(/\bshall\b|\bInvoice\b/);
    }
    expect(ruleMessageFr('BR-CO-15', 'whatever')).toBe(
      'Le montant total TVA comprise (BT-112) doit être égal au montant total hors TVA (BT-109) plus le montant total de la TVA (BT-110).',
    );
    expect(RULES_FR.get('BR-S-01')).toContain('«\u202fTaux normal\u202f»');
  });

  it('says the other rules in a French sentence with the rule id and the English text', () => {
    const syntax = ruleMessageFr('CII-SR-001', '[CII-SR-001] - SpecifiedTransactionID should not be present');
    expect(syntax).toBe(
      'Règle de syntaxe CII CII-SR-001 non respectée (texte d\u2019origine en anglais)\u202f: SpecifiedTransactionID should not be present',
    );
    expect(ruleMessageFr('XSD', "Element 'x': This element is not expected.")).toMatch(
      /^Le XML n’est pas conforme au schéma CII D16B \(XSD\)\u202f: Element 'x'/,
    );
    expect(ruleMessageFr('XML', 'Premature end of data')).toBe('Le XML est mal formé\u202f: Premature end of data');
    expect(ruleMessageFr('CII-DT-013', '')).toBe(
      'Règle de type de données CII CII-DT-013 non respectée (texte d’origine en anglais).',
    );
    for (const id of [...rules.keys()].filter((k) => !k.startsWith('BR-')))
      expect(typographyFaults(ruleMessageFr(id, rules.get(id)!).split('\u202f:')[0]!), id).toEqual([]);
  });
});

describe('French texts of the Factur-X and French CTC rules', () => {
  it('says every Factur-X rule in French: the EN 16931 rule it repeats, a sentence pattern, or its own text', () => {
    const facturx = assertions(einvoicingAssets().facturxSef);
    expect(facturx.length).toBeGreaterThan(600);
    for (const { id, text } of facturx) {
      const french = ruleMessageFr(id || 'FX-SCH', text);
      expect(french, `${id} ${text}`).not.toMatch(/anglais/);
      expect(typographyFaults(french), id).toEqual([]);
      expect(french, id).toMatch(/\.$/);
    }
    expect(ruleMessageFr('FX-SCH-A-000121', '[BR-CO-15]-Invoice total amount with VAT (BT-112) = …')).toBe(
      `Règle BR-CO-15 du profil Factur-X\u202f: ${RULES_FR.get('BR-CO-15')}`,
    );
    expect(ruleMessageFr('FX-SCH-A-000020', "Element 'ram:TypeCode' must occur exactly 1 times.")).toBe(
      'L\u2019élément ram:TypeCode doit figurer exactement une fois.',
    );
    expect(ruleMessageFr('FX-SCH', "Attribute @schemeID' marked as not used in the given context.")).toBe(
      'L\u2019attribut @schemeID n\u2019est pas utilisé à cet endroit dans le profil EN 16931 de Factur-X.',
    );
    // A rule this code does not know yet still says which it is, in French, with the English text.
    expect(ruleMessageFr('FX-SCH-A-000999', 'Something new.')).toBe(
      'Règle FX-SCH-A-000999 du profil Factur-X non respectée (texte d\u2019origine en anglais)\u202f: Something new.',
    );
  });

  it('keeps the French rules in their own words, with French typography', () => {
    const french = assertions(einvoicingAssets().frSef);
    expect(french.length).toBeGreaterThan(150);
    // Each names its rule the way the validator reads it (BR-FR-08_BT-23 is rule BR-FR-08), and says it in French.
    for (const { id, text } of french) {
      expect(id).toMatch(/^BR-FR-(?:[A-Z]+-)?\d+/);
      expect(text, id).not.toMatch(/\b(shall|must|should)\b/i);
    }
    expect(
      ruleMessageFr('BR-FR-08', 'La valeur du mode de facturation (ram:ID) est absente. Valeurs acceptées : B1, S1.'),
    ).toBe('La valeur du mode de facturation (ram:ID) est absente. Valeurs acceptées\u202f: B1, S1.');
    expect(ruleMessageFr('BR-FR-CO-12', '')).toBe('Règle française BR-FR-CO-12 non respectée.');
  });
});
