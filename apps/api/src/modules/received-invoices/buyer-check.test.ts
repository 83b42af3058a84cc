import { describe, expect, it } from 'vitest';
import type { TEinvoiceParty } from '@tagstock/contract';
import { checkParties, namesClearlyDiffer, type OwnCompany } from './buyer-check';

const party = (fields: Partial<TEinvoiceParty>): TEinvoiceParty => ({
  name: null,
  siren: null,
  vatNumber: null,
  legalId: null,
  address: null,
  postcode: null,
  city: null,
  country: null,
  contact: null,
  email: null,
  phone: null,
  ...fields,
});
const US: OwnCompany = { name: 'Démo Distribution', siren: '631229838', vatNumber: 'FR42631229838' };
const SUPPLIER = party({ name: 'Textiles du Nord', siren: '362275869', vatNumber: 'FR12362275869' });
const check = (seller: TEinvoiceParty, buyer: TEinvoiceParty, company: OwnCompany | null = US) =>
  checkParties({ number: 'F-1', seller, buyer }, company);

describe('checkParties', () => {
  it('finds an invoice addressed to us by SIREN, by VAT number, or by name when it gives neither', () => {
    expect(check(SUPPLIER, party({ name: 'Autre nom', siren: '631229838' })).outcome).toBe('ours');
    // Written with spaces and in lower case; the SIREN comes from the French VAT number when there is no SIREN.
    expect(check(SUPPLIER, party({ name: 'Entrepôt', vatNumber: 'fr 42 631 229 838' })).outcome).toBe('ours');
    expect(check(SUPPLIER, party({ name: 'DEMO DISTRIBUTION SAS' })).outcome).toBe('ours');
    expect(check(SUPPLIER, party({ name: 'Démo' })).outcome).toBe('ours');
    // Nothing to compare: no question asked.
    expect(check(SUPPLIER, party({})).outcome).toBe('ours');
    expect(check(SUPPLIER, party({ name: 'ODIN 59' }), null).outcome).toBe('ours');
    expect(check(SUPPLIER, party({ name: 'ODIN 59' }), { name: null, siren: null, vatNumber: null }).outcome).toBe(
      'ours',
    );
  });

  it('names another buyer by what told it apart: an identifier before the name', () => {
    expect(check(SUPPLIER, party({ name: 'ODIN 59', country: 'NL' }))).toEqual({
      outcome: 'otherBuyer',
      params: {
        buyerName: 'ODIN 59',
        buyerSiren: null,
        buyerVatNumber: null,
        companyName: 'Démo Distribution',
        companySiren: '631229838',
        companyVatNumber: 'FR42631229838',
        by: 'name',
      },
    });
    // Our name, but another company's SIREN or VAT number: the identifier decides.
    expect(check(SUPPLIER, party({ name: 'Démo Distribution', siren: '999999999' }))).toMatchObject({
      outcome: 'otherBuyer',
      params: { by: 'siren', buyerSiren: '999999999' },
    });
    expect(check(SUPPLIER, party({ name: 'Démo Distribution', vatNumber: 'NO987654321MVA' }))).toMatchObject({
      outcome: 'otherBuyer',
      params: { by: 'vatNumber', buyerVatNumber: 'NO987654321MVA' },
    });
  });

  it('refuses an invoice whose seller is our company, by SIREN or VAT number, whoever the buyer is', () => {
    expect(check(party({ name: 'Démo', siren: '631229838' }), party({ name: 'Boulangerie Moreau' }))).toEqual({
      outcome: 'notOurs',
      params: { number: 'F-1', sellerName: 'Démo', sellerSiren: '631229838', sellerVatNumber: null },
    });
    expect(check(party({ name: 'X', vatNumber: 'FR42631229838' }), party({})).outcome).toBe('notOurs');
    // Our name alone does not make us the seller (a namesake supplier).
    expect(check(party({ name: 'Démo Distribution', siren: '362275869' }), party({})).outcome).toBe('ours');
  });
});

describe('namesClearlyDiffer', () => {
  it.each([
    ['ODIN 59', 'Démo Distribution', true],
    ['The Buyercompany', 'Démo Distribution', true],
    ['Démo Distribution', 'DEMO-DISTRIBUTION SARL', false],
    ['Ets Moreau et Cie', 'Boulangerie Moreau', false],
    ['SAS', 'Démo Distribution', false],
    [null, 'Démo Distribution', false],
  ] as const)('%s / %s: %s', (a, b, differ) => {
    expect(namesClearlyDiffer(a, b)).toBe(differ);
  });
});
