import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { UNIT_WORD_CODES, unitName } from './units';
import { ADMIN_TEXTS } from '../../locales/admin-texts';
const { en: en, fr: fr } = ADMIN_TEXTS;

const translator = async (lng: 'fr' | 'en') => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { fr: { translation: fr }, en: { translation: en } } });
  return i18n.t;
};

describe('unitName', () => {
  it('names units in the user language, agreeing with the quantity, and keeps unknown codes to the caller', async () => {
    const t = await translator('fr');
    expect(unitName('H87', '2', t)).toBe('pièces');
    expect(unitName('H87', '1', t)).toBe('pièce');
    // French takes the singular below 2.
    expect(unitName('HUR', '1.5', t)).toBe('heure');
    expect(unitName('C62', '1000', t)).toBe('unités');
    expect(unitName('KGM', '12.5', t)).toBe('kg');
    expect(unitName('MTQ', '3', t)).toBe('m³');
    expect(unitName('ZZZ', '3', t)).toBeNull();
    expect(unitName(null, '3', t)).toBeNull();
    const english = await translator('en');
    expect(unitName('H87', '2', english)).toBe('pieces');
    expect(unitName('HUR', '1.5', english)).toBe('hours');
    expect(unitName('E48', '1', english)).toBe('service unit');
  });

  it('has a singular and a plural for each unit named with words, in both languages', () => {
    for (const units of [fr.einvoiceReception.units, en.einvoiceReception.units] as Record<string, string>[])
      for (const code of UNIT_WORD_CODES) {
        expect(units[`${code}_one`], code).toBeTruthy();
        expect(units[`${code}_other`], code).toBeTruthy();
      }
  });
});
