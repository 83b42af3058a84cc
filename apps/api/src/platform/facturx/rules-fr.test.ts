import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { einvoicingAssets } from './assets';
import { RULES_FR, ruleMessageFr } from './rules-fr';

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
