import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { emptyPricedLine, SALES_VAT_RATES, type PricedLineDraft } from './lines';
import { lineColumns } from './priced-columns';

const t = ((key: string) => key) as unknown as TFunction;
const typed = ['quantity', 'unitPrice', 'discount', 'vatRate'] as const;
const line = (patch: Partial<PricedLineDraft>): PricedLineDraft => ({
  ...emptyPricedLine(),
  itemId: 1,
  itemLabel: 'A',
  unitPrice: '10',
  vatRate: '20',
  ...patch,
});

describe('priced line columns', () => {
  it('keep a typed VAT rate and no exemption for purchase and platform orders', () => {
    const columns = lineColumns(t, 'fr').priced<PricedLineDraft>(new Map(), typed);
    const rate = columns.find((c) => c.field === 'vatRate')!;
    expect(rate.input?.options).toBeUndefined();
    expect(rate.input?.set('19,6')).toEqual({ vatRate: '19,6' });
    expect(columns.some((c) => c.field === 'vatExemption')).toBe(false);
  });

  it('offer the French rates on a sales line, named as on the invoice, and an exemption at 0 % only', () => {
    const sales = { customerExemption: null };
    const columns = lineColumns(t, 'fr').priced<PricedLineDraft>(new Map(), typed, sales);
    const rate = columns.find((c) => c.field === 'vatRate')!;
    const options = rate.input!.options!(line({}));
    expect(options.map((o) => o.value)).toEqual(SALES_VAT_RATES);
    expect(options[0]).toEqual({ value: '20', label: 'Taux normal 20\u202f%', short: '20\u202f%' });
    expect(options.find((o) => o.value === '5.5')!.label).toBe('Taux réduit 5,5\u202f%');
    // The select shows the typed rate as its French rate; a choice is typed back in the user's language.
    expect(rate.input!.value(line({ vatRate: '5,50' }))).toBe('5.5');
    expect(rate.input!.set('5.5')).toEqual({ vatRate: '5,5' });

    const exemption = columns.find((c) => c.field === 'vatExemption')!;
    expect(exemption.editOnly).toBe(true);
    expect(exemption.when!(line({}))).toBe(false);
    expect(exemption.when!(line({ vatRate: '0' }))).toBe(true);
    const reasons = exemption.input!.options!(line({ vatRate: '0' }));
    expect(reasons[0]).toEqual({ value: '', label: 'documents.vatExemptionNone' });
    expect(reasons.map((o) => o.label)).toContain('Exonéré (art. 293 B du CGI)');
    // A line picked at 0 %: the article's exemption by default, shown in the VAT column as the invoice names it.
    const picked = line({ vatRate: '0', articleExemption: 'VATEX-FR-FRANCHISE' });
    const follow = exemption.follow!(line({ itemId: null }), { itemId: 1, vatRate: '0' });
    expect(follow).toEqual({ vatCategory: null, vatExemption: null });
    const withDefault = { ...picked, ...exemption.follow!(picked, { itemId: 1 }) };
    expect(withDefault.vatExemption).toBe('VATEX-FR-FRANCHISE');
    expect(rate.show(withDefault)).toBe('Exonéré (art. 293 B du CGI)');
    expect(rate.show(line({ vatRate: '10' }))).toBe('Taux réduit 10\u202f%');
  });

  it('name the rates in English for an English reader', () => {
    const columns = lineColumns(t, 'en').priced<PricedLineDraft>(new Map(), typed, { customerExemption: null });
    const rate = columns.find((c) => c.field === 'vatRate')!;
    expect(rate.show(line({ vatRate: '5.5' }))).toBe('Reduced rate 5.5%');
    const exemption = columns.find((c) => c.field === 'vatExemption')!;
    expect(exemption.show(line({ vatRate: '0', vatExemption: 'VATEX-EU-AE' }))).toBe('Reverse charge');
  });
});
