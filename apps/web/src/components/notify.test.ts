import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ERROR_CODES, FIELD_ERROR_CODES } from '@tagstock/contract/constants';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { fieldErrorKey } from './form-errors';
import { problemMessage } from './notify';
import { ADMIN_TEXTS } from '../locales/admin-texts';
const { en: adminEn, fr: adminFr } = ADMIN_TEXTS;

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: en }, fr: { translation: fr } },
  lng: 'fr',
  fallbackLng: false,
  interpolation: { escapeValue: false },
});
// As the admin area loads its texts: merged deep into the base ones.
i18n.addResourceBundle('en', 'translation', adminEn, true, false);
i18n.addResourceBundle('fr', 'translation', adminFr, true, false);
const tFr = i18n.getFixedT('fr');
const tEn = i18n.getFixedT('en');
const failure = (
  code: string,
  params?: Record<string, string | number | boolean | null>,
  detail = 'English detail',
) => ({
  status: 409,
  problem: { type: 'x', title: 'Conflict', status: 409, code, detail, ...(params ? { params } : {}) },
});

describe('every server code has its text', () => {
  it.each(ERROR_CODES)('problem %s is translated in en and fr', (code) => {
    expect(adminEn.problems).toHaveProperty(code);
    expect(adminFr.problems).toHaveProperty(code);
  });

  it.each(FIELD_ERROR_CODES)('field error %s is translated in en and fr', (code) => {
    expect(adminEn.fieldErrors).toHaveProperty(code);
    expect(adminFr.fieldErrors).toHaveProperty(code);
  });
});

describe('problemMessage', () => {
  it('says a refusal in the user’s language only, with its parameters, never the server’s detail', () => {
    const stock = failure('insufficient_stock', { article: 'Gants nitrile', stock: 2, quantity: 5 });
    expect(problemMessage(stock, tFr)).toBe('Stock insuffisant pour Gants nitrile\u202f: 2 en stock, quantité demandée 5');
    expect(problemMessage(stock, tEn)).toBe('Not enough stock of Gants nitrile: 2 in stock, 5 requested');
    const inUse = failure('in_use', { usedBy: 'articles', count: 3 });
    expect(problemMessage(inUse, tFr)).toBe(
      'Cet enregistrement est encore utilisé par 3 articles et ne peut pas être supprimé',
    );
    expect(problemMessage(failure('in_use', { usedBy: 'users', count: 1 }), tEn)).toBe(
      'This record is still used by 1 user and cannot be deleted',
    );
    // A table the texts do not name yet: the generic text, still translated.
    expect(problemMessage(failure('in_use', { usedBy: 'reservations', count: 2 }), tFr)).toBe(
      'Cet enregistrement est encore utilisé et ne peut pas être supprimé',
    );
    // A payment beyond what is left to pay names the invoice and the amounts, in the reader's money format.
    const over = failure('overpayment', { number: 'FA-2026-000007', amount: '250.00', due: '203.24' });
    expect(problemMessage(over, tFr).replace(/\s/g, ' ')).toBe(
      'FA-2026-000007 : 250,00 € dépasse les 203,24 € qui restent à payer',
    );
    expect(problemMessage(over, tEn)).toBe('FA-2026-000007: €250.00 is more than the €203.24 it still owes');
    expect(problemMessage(failure('own_role'), tFr)).toBe('Vous ne pouvez pas modifier votre propre rôle');
    expect(problemMessage(failure('own_role'), tEn)).not.toContain('English detail');
  });

  it('names the purchase orders that keep a payment mode from being deleted', () => {
    const inUse = failure('in_use', { usedBy: 'purchase_orders', count: 2 });
    expect(problemMessage(inUse, tFr)).toBe(
      'Cet enregistrement est encore utilisé par 2 bons de commande et ne peut pas être supprimé',
    );
    expect(problemMessage(inUse, tEn)).toBe('This record is still used by 2 purchase orders and cannot be deleted');
  });

  it('names the 0 % line that lacks its VAT exemption', () => {
    const refused = failure('vat_exemption_required', { line: 2 });
    expect(problemMessage(refused, tFr)).toBe('La ligne 2 est à 0\u202f%\u202f: choisissez le motif d’exonération');
    expect(problemMessage(refused, tEn)).toBe('Line 2 is at 0 %: choose the reason for its VAT exemption');
    expect(problemMessage(failure('vat_exemption_required'), tFr)).toBe(
      'Une ligne à 0\u202f% doit indiquer son motif d’exonération de TVA',
    );
  });

  it('falls back to the generic text for a code it does not know', () => {
    expect(problemMessage(failure('brand_new_code'), tFr)).toBe('Une erreur est survenue. Veuillez réessayer.');
  });
});

describe('server field errors', () => {
  it('are translated from their code with their bounds', () => {
    const key = fieldErrorKey({ code: 'too_long', params: { maximum: 200 } })!;
    expect(tFr(key, { maximum: 200 })).toBe('Au plus 200 caractères');
    expect(tFr(fieldErrorKey({ code: 'too_small', params: { minimum: 0, inclusive: false } })!, { minimum: 0 })).toBe(
      'Doit être supérieur à 0',
    );
    expect(fieldErrorKey({})).toBeNull();
  });
});
