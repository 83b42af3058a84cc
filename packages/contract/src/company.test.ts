import { describe, expect, it } from 'vitest';
import { frenchVatKey, isBic, isIban, isSiren, isVatNumber, ZCompanySettingsInput } from './company';

describe('company identifiers', () => {
  it('checks the SIREN Luhn key', () => {
    // TotalEnergies SE, La Poste (356000000: its SIRETs are the exception, not its SIREN).
    for (const siren of ['542051180', '356000000', '303265045']) expect(isSiren(siren), siren).toBe(true);
    for (const siren of ['542051181', '54205118', '5420511800', '54205118A', '000000000'])
      expect(isSiren(siren), siren).toBe(false);
  });

  it('computes and checks the French VAT key; other countries by shape', () => {
    expect(frenchVatKey('542051180')).toBe('59');
    expect(frenchVatKey('303265045')).toBe('40');
    expect(isVatNumber('FR59542051180')).toBe(true);
    expect(isVatNumber('FR60542051180')).toBe(false);
    expect(isVatNumber('FR5954205118')).toBe(false);
    expect(isVatNumber('DE123456789')).toBe(true);
    expect(isVatNumber('BE0123456789')).toBe(true);
    expect(isVatNumber('D1234')).toBe(false);
  });

  it('checks the IBAN modulo 97 and the BIC shape', () => {
    for (const iban of ['FR7630006000011234567890189', 'DE89370400440532013000', 'GB82WEST12345698765432'])
      expect(isIban(iban), iban).toBe(true);
    for (const iban of ['FR7630006000011234567890188', 'GB82WEST1234569876543', 'FR76', 'XX00'])
      expect(isIban(iban), iban).toBe(false);
    expect(isBic('BNPAFRPP')).toBe(true);
    expect(isBic('BNPAFRPPXXX')).toBe(true);
    expect(isBic('BNPAFRP')).toBe(false);
    expect(isBic('BNPA1RPP')).toBe(false);
  });

  it('normalises what it accepts and puts each refusal on its field', () => {
    const parsed = ZCompanySettingsInput.parse({
      name: ' Demo ',
      siren: '542 051 180',
      vatNumber: 'fr59-542-051-180',
      iban: 'fr76 3000 6000 0112 3456 7890 189',
      bic: '',
      website: 'www.demo.fr',
    });
    expect(parsed).toMatchObject({
      name: 'Demo',
      siren: '542051180',
      vatNumber: 'FR59542051180',
      iban: 'FR7630006000011234567890189',
      bic: null,
      website: 'www.demo.fr',
      address: null,
    });
    const result = ZCompanySettingsInput.safeParse({ name: 'Demo', siren: '542051180', vatNumber: 'FR40303265045' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['vatNumber', 'the VAT number does not contain the SIREN'],
    ]);
  });
});
