import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { PAYMENT_LABELS } from '@tagstock/contract';
import { paymentLabelText } from './payment-label';
import { ADMIN_TEXTS } from '../../locales/admin-texts';
const { en: adminEn, fr: adminFr } = ADMIN_TEXTS;

const i18n = i18next.createInstance();
await i18n.init({ resources: { en: { translation: adminEn }, fr: { translation: adminFr } }, lng: 'fr' });
const fr = i18n.getFixedT('fr');
const en = i18n.getFixedT('en');

describe('payment labels', () => {
  it('say the SPEC labels, with their days, in both languages', () => {
    expect(paymentLabelText(en, { code: 'paid' })).toBe('Paid');
    expect(paymentLabelText(en, { code: 'overdue', days: 12 })).toBe('Overdue by 12 days');
    expect(paymentLabelText(en, { code: 'overdue', days: 1 })).toBe('Overdue by 1 day');
    expect(paymentLabelText(en, { code: 'partial' })).toBe('Partial payments');
    expect(paymentLabelText(en, { code: 'on_account' })).toBe('Paid, overpayment on account');
    expect(paymentLabelText(en, { code: 'due_soon', days: 2 })).toBe('3 days or less left');
    expect(paymentLabelText(en, { code: 'days_left', days: 18 })).toBe('18 days left');
    expect(paymentLabelText(fr, { code: 'paid' })).toBe('Payée');
    expect(paymentLabelText(fr, { code: 'overdue', days: 12 })).toBe('En retard de 12 jours');
    expect(paymentLabelText(fr, { code: 'overdue', days: 1 })).toBe('En retard de 1 jour');
    expect(paymentLabelText(fr, { code: 'partial' })).toBe('Paiements partiels');
    expect(paymentLabelText(fr, { code: 'on_account' })).toBe('Payée, trop-perçu en compte');
    expect(paymentLabelText(fr, { code: 'due_soon', days: 0 })).toBe('3 jours ou moins');
    expect(paymentLabelText(fr, { code: 'days_left', days: 18 })).toBe('18 jours restants');
  });

  it('names every label without its days (the list filter)', () => {
    expect(PAYMENT_LABELS.map((code) => paymentLabelText(fr, { code }))).toEqual([
      'Payée',
      'En retard',
      'Payée, trop-perçu en compte',
      'Paiements partiels',
      '3 jours ou moins',
      'Jours restants',
    ]);
  });
});
