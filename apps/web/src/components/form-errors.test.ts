import { describe, expect, it } from 'vitest';
import { ZArticleInput, ZCompanySettingsInput, ZStockChange, ZUserCreate } from '@tagstock/contract';
import { validationKey } from './form-errors';

const firstIssue = (
  result: { error?: { issues: { code: string; message: string; path: PropertyKey[] }[] } },
  field: string,
) => {
  const issue = result.error?.issues.find((i) => i.path[0] === field);
  return issue ? { type: issue.code, message: issue.message } : {};
};

describe('validation messages', () => {
  it('maps the contract messages to the SPEC texts', () => {
    const article = ZArticleInput.safeParse({
      reference: '',
      designation: 'x',
      priceHt: '1,2,3',
      vatRate: '200',
      stockAlert: -1,
    });
    expect(validationKey(firstIssue(article, 'reference'))).toBe('validation.required');
    expect(validationKey(firstIssue(article, 'priceHt'))).toBe('validation.invalidAmount');
    expect(validationKey(firstIssue(article, 'vatRate'))).toBe('validation.invalidRate');
    expect(validationKey(firstIssue(article, 'stockAlert'), { name: 'stockAlert', kind: 'number' })).toBe(
      'validation.notNegative',
    );
    const change = ZStockChange.safeParse({ quantity: 0, reasonId: 1 });
    expect(validationKey(firstIssue(change, 'quantity'), { name: 'quantity', kind: 'number' })).toBe(
      'validation.greaterThanZero',
    );
  });

  it('handles passwords, empty selects and server messages', () => {
    const user = ZUserCreate.safeParse({
      name: 'A',
      email: 'a@b.fr',
      roleId: 0,
      App_Type: 'Web',
      password: 'short',
      confirmation: 'x',
    });
    expect(validationKey(firstIssue(user, 'password'), { name: 'password', kind: 'password' })).toBe(
      'validation.passwordTooShort',
    );
    expect(validationKey(firstIssue(user, 'roleId'), { name: 'roleId', kind: 'select' })).toBe('validation.required');
    expect(
      validationKey(
        { type: 'invalid_type', message: 'x' },
        { name: 'supplierId', kind: 'select', requiredKey: 'validation.selectSupplier' },
      ),
    ).toBe('validation.selectSupplier');
    expect(validationKey({ message: 'Too small: expected number to be >=0' })).toBe('validation.notNegative');
    expect(validationKey({ message: 'something new' })).toBe('validation.invalid');
  });

  it('keeps a form rule message that is already a translation key', () => {
    expect(validationKey({ type: 'custom', message: 'safeActions.moreThanStock' })).toBe('safeActions.moreThanStock');
  });

  it('maps the company identifier checks to the server field error texts', () => {
    const bad = ZCompanySettingsInput.safeParse({
      name: 'Atelier',
      siren: '123456789',
      vatNumber: 'FR00123',
      iban: 'FR76 0000',
      bic: 'BNP',
      website: 'not a site',
    });
    expect(validationKey(firstIssue(bad, 'siren'))).toBe('fieldErrors.invalid_siren');
    expect(validationKey(firstIssue(bad, 'vatNumber'))).toBe('fieldErrors.invalid_vat_number');
    expect(validationKey(firstIssue(bad, 'iban'))).toBe('fieldErrors.invalid_iban');
    expect(validationKey(firstIssue(bad, 'bic'))).toBe('fieldErrors.invalid_bic');
    expect(validationKey(firstIssue(bad, 'website'))).toBe('fieldErrors.invalid_url');
    // 732 829 320 is a valid SIREN; FR + key of another SIREN is a valid VAT number that does not match it.
    const mismatch = ZCompanySettingsInput.safeParse({
      name: 'Atelier',
      siren: '732829320',
      vatNumber: 'FR40303265045',
    });
    expect(validationKey(firstIssue(mismatch, 'vatNumber'))).toBe('fieldErrors.vat_siren_mismatch');
  });
});
