import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { placePaymentProblem } from './PaymentFields';
import { ADMIN_TEXTS } from '../../locales/admin-texts';
const { en: adminEn, fr: adminFr } = ADMIN_TEXTS;

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: en }, fr: { translation: fr } },
  lng: 'fr',
  fallbackLng: false,
  interpolation: { escapeValue: false },
});
i18n.addResourceBundle('en', 'translation', adminEn, true, false);
i18n.addResourceBundle('fr', 'translation', adminFr, true, false);
const t = i18n.getFixedT('fr');

const refused = (status: number, code: string, more: Record<string, unknown> = {}) => ({
  status,
  problem: { type: 'about:blank', title: 'refused', status, code, ...more },
});
const overpaid = refused(409, 'overpayment', {
  params: { number: 'FA-2026-000001', amount: '500.00', due: '36.47' },
});

describe('a refused payment’s problem', () => {
  it('is the amount’s error when the amount is more than what is left to pay', () => {
    const placed = placePaymentProblem(overpaid, t);
    expect(placed.problem).toBeNull();
    expect(placed.fields.amount?.replace(/\s/g, ' ')).toBe(
      'FA-2026-000001 : 500,00 € dépasse les 36,47 € qui restent à payer',
    );
  });

  it('is said above the fields when the amount is spread over several invoices', () => {
    const placed = placePaymentProblem(overpaid, t, false);
    expect(placed.fields).toEqual({});
    expect(placed.problem).toContain('FA-2026-000001');
  });

  it('goes on the fields the server names, a refund’s date on the date', () => {
    const placed = placePaymentProblem(
      refused(400, 'validation', {
        errors: [
          { field: 'refundDate', message: 'bad', code: 'invalid_date' },
          { field: 'reference', message: 'long', code: 'too_long', params: { maximum: 120 } },
        ],
      }),
      t,
    );
    expect(placed.problem).toBeNull();
    expect(Object.keys(placed.fields).sort()).toEqual(['paymentDate', 'reference']);
    expect(placed.fields.reference).toBe('Au plus 120 caractères');
  });

  it('is said above the fields when it concerns none of them', () => {
    const placed = placePaymentProblem(refused(409, 'invalid_transition', { params: { status: 'draft' } }), t);
    expect(placed.fields).toEqual({});
    expect(placed.problem).toBeTruthy();
  });
});
