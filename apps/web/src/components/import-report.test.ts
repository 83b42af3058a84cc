import { describe, expect, it } from 'vitest';
import type { TImportReport } from '@tagstock/contract';
import '../app/i18n-admin';
import { i18n } from '../app/i18n';
import { importErrorText, rejectedCsv, sheetLang } from './import-report';

const report: TImportReport = {
  rows: 3,
  created: 1,
  updated: 0,
  applied: true,
  errors: [],
  columns: [
    { key: 'reference', label: 'Référence', type: 'text' },
    { key: 'priceHt', label: 'Prix HT', type: 'money' },
    { key: 'category', label: 'Catégorie', type: 'text' },
  ],
  rejected: [
    {
      line: 3,
      values: { reference: 'A-2', priceHt: '12.5.0', category: '' },
      errors: [
        {
          line: 3,
          column: 'priceHt',
          code: 'invalid_value',
          params: { issue: 'invalid_format' },
          message: 'expected an amount like 12.50 (at most 8 digits before the point, 2 after)',
        },
      ],
    },
    {
      line: 4,
      values: { reference: '=A-3', priceHt: '1,5', category: 'Nulle; part' },
      errors: [
        {
          line: 4,
          column: 'category',
          code: 'unknown_reference',
          params: { value: 'Nulle; part' },
          message: 'unknown category "Nulle; part"',
        },
      ],
    },
  ],
};

describe('import report in the user’s language', () => {
  it('translates error codes, not the server’s English', async () => {
    const t = await i18n.changeLanguage('fr');
    expect(importErrorText(report.rejected![0]!.errors[0]!, report, t)).toBe('Saisissez un montant comme 12,50');
    expect(importErrorText(report.rejected![1]!.errors[0]!, report, t)).toBe('«\u202fNulle; part\u202f» n’existe pas');
    const duplicate = { line: 5, column: 'reference', code: 'duplicate' as const, params: { line: 2 }, message: '' };
    expect(importErrorText(duplicate, report, t)).toBe('Identique à la ligne 2');
  });

  it('writes the rejected rows as French CSV (; and BOM) with a reason column, guarding formulas', async () => {
    const t = await i18n.changeLanguage('fr');
    expect(rejectedCsv(report, sheetLang(i18n.resolvedLanguage), t)).toBe(
      '\uFEFFLigne;Référence;Prix HT;Catégorie;Motif du rejet\r\n' +
        '3;A-2;12.5.0;;Prix HT\u202f: Saisissez un montant comme 12,50\r\n' +
        '4;\'=A-3;1,5;"Nulle; part";"Catégorie\u202f: «\u202fNulle; part\u202f» n’existe pas"\r\n',
    );
  });

  it('writes English CSV with commas', async () => {
    const t = await i18n.changeLanguage('en');
    const lines = rejectedCsv(report, sheetLang(i18n.resolvedLanguage), t).split('\r\n');
    expect(lines[0]).toBe('\uFEFFLine,Référence,Prix HT,Catégorie,Reason');
    expect(lines[2]).toBe('4,\'=A-3,"1,5",Nulle; part,Catégorie: “Nulle; part” does not exist');
  });
});
