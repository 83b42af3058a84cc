import { z } from 'zod';
import type { FieldErrorCode } from './constants';
import { amount, optionalEmail, optionalText, required, text } from './fields';
import { ZRate } from './catalog';
import { ZElectronicAddress } from './einvoicing';

/** What a company sells, printed on its invoices since the e-invoicing reform. */
export const SUPPLY_KINDS = ['goods', 'services', 'both'] as const;
export type TSupplyKind = (typeof SUPPLY_KINDS)[number];

// The tenant's company identity, printed on its documents (DESIGN §4b): one record per tenant.

/** The Luhn check (ISO/IEC 7812) that the SIREN's last digit satisfies. */
export const luhnValid = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

/** A SIREN: 9 digits whose last one is the Luhn key (000000000 names nobody). */
export const isSiren = (value: string): boolean => /^\d{9}$/.test(value) && value !== '000000000' && luhnValid(value);

/** The 2-digit key of a French VAT number: (12 + 3 × (SIREN mod 97)) mod 97. */
export const frenchVatKey = (siren: string): string => String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');

/**
 * A VAT number: French ones are FR + their key + the SIREN, and the key is checked; other countries' only
 * by shape (2-letter prefix, 2 to 13 characters).
 */
export const isVatNumber = (value: string): boolean => {
  const fr = /^FR(\d{2})(\d{9})$/.exec(value);
  if (fr) return fr[1] === frenchVatKey(fr[2]!);
  return !value.startsWith('FR') && /^[A-Z]{2}[0-9A-Z+*.]{2,13}$/.test(value);
};

/** An IBAN (ISO 13616): country, 2 check digits, then the account; the whole must be 1 modulo 97. */
export const isIban = (value: string): boolean => {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  const rearranged = value.slice(4) + value.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const n = ch >= 'A' ? ch.charCodeAt(0) - 55 : Number(ch);
    remainder = (remainder * (n > 9 ? 100 : 10) + n) % 97;
  }
  return remainder === 1;
};

/** A BIC (ISO 9362): bank, country, location, optional branch. */
export const isBic = (value: string): boolean => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value);

const WEBSITE = /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d{1,5})?(\/\S*)?$/i;

/** Identifiers are typed with spaces (and dots, dashes): kept without them, in capitals. */
const compact = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/** An optional identifier: empty → null, otherwise compacted then checked; the message names the rule. */
const identifier = (max: number, check: (v: string) => boolean, message: string) =>
  text(max)
    .nullish()
    .transform((v) => (v ? compact(v) : null))
    .refine((v) => v === null || check(v), message);

// The web and the server map these messages to field error codes (invalid_siren, invalid_vat_number…).
export const COMPANY_MESSAGES = {
  siren: 'expected a SIREN: 9 digits with a valid key',
  vatNumber: 'expected a VAT number like FR40303265045 with a valid key',
  vatSiren: 'the VAT number does not contain the SIREN',
  iban: 'expected an IBAN with a valid checksum',
  bic: 'expected a BIC like BNPAFRPPXXX',
  website: 'expected a website address like https://example.fr',
} as const;

const COMPANY_CODES: Record<keyof typeof COMPANY_MESSAGES, FieldErrorCode> = {
  siren: 'invalid_siren',
  vatNumber: 'invalid_vat_number',
  vatSiren: 'vat_siren_mismatch',
  iban: 'invalid_iban',
  bic: 'invalid_bic',
  website: 'invalid_url',
};

const CODE_OF_MESSAGE = new Map<string, FieldErrorCode>(
  (Object.keys(COMPANY_MESSAGES) as (keyof typeof COMPANY_MESSAGES)[]).map((k) => [
    COMPANY_MESSAGES[k],
    COMPANY_CODES[k],
  ]),
);

/** The field error code of a company identifier's message (the server's code, the web's translation key). */
export const companyFieldErrorCode = (message: string): FieldErrorCode | undefined => CODE_OF_MESSAGE.get(message);

export const ZCompanySettingsInput = z
  .strictObject({
    name: required(200),
    address: optionalText(300),
    postcode: optionalText(20),
    city: optionalText(120),
    country: optionalText(120),
    siren: identifier(20, isSiren, COMPANY_MESSAGES.siren),
    vatNumber: identifier(30, isVatNumber, COMPANY_MESSAGES.vatNumber),
    email: optionalEmail,
    phone: optionalText(40),
    website: optionalText(200).refine((v) => v === null || WEBSITE.test(v), COMPANY_MESSAGES.website),
    /** Share capital, RCS, legal form…: printed as typed at the foot of documents. */
    legalMentions: optionalText(1000),
    iban: identifier(50, isIban, COMPANY_MESSAGES.iban),
    bic: identifier(20, isBic, COMPANY_MESSAGES.bic),
    // What French invoices must state (Code de commerce L441-9, CGI 242 nonies A) and the e-invoicing reform.
    /** SAS, SARL, EURL, SA… */
    legalForm: optionalText(60),
    /** Share capital in euros. */
    shareCapital: amount(12, 2)
      .nullish()
      .transform((v) => v ?? null),
    /** The town of the trade register (RCS Paris). */
    rcsCity: optionalText(120),
    /** Late-payment penalty rate, percent a year (at least 3 × the legal interest rate). */
    latePenaltyRate: ZRate.nullish().transform((v) => v ?? null),
    /** What the company sells (a mention of the reform): goods, services, or both. */
    supplyKind: z
      .enum(SUPPLY_KINDS)
      .nullish()
      .transform((v) => v ?? null),
    /** VAT paid on debits (option for services), printed when chosen. */
    vatOnDebits: z.boolean().default(false),
    /** Where a platform delivers invoices to the company (BT-34); none: its SIREN (scheme 0225). */
    electronicAddress: ZElectronicAddress,
  })
  .superRefine((v, ctx) => {
    // A French VAT number is built on the SIREN: both given, they must agree.
    if (v.siren && v.vatNumber?.startsWith('FR') && v.vatNumber.slice(4) !== v.siren)
      ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: COMPANY_MESSAGES.vatSiren });
  });
/** What a client sends… */
export type TCompanySettingsInput = z.input<typeof ZCompanySettingsInput>;
/** …and what the server gets after validation (identifiers compacted, empty values null). */
export type TCompanySettingsValues = z.output<typeof ZCompanySettingsInput>;

export const ZCompanySettings = z.object({
  name: z.string(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  siren: z.string().nullable(),
  vatNumber: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  legalMentions: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  legalForm: z.string().nullable(),
  shareCapital: z.string().nullable(),
  rcsCity: z.string().nullable(),
  latePenaltyRate: z.string().nullable(),
  supplyKind: z.enum(SUPPLY_KINDS).nullable(),
  vatOnDebits: z.boolean(),
  electronicAddress: z.string().nullable(),
  /** The settings an invoice needs and that are missing (empty: invoices can be issued). */
  missingForInvoicing: z.array(z.string()),
  hasLogo: z.boolean(),
  /** Null until the settings are first saved; changes with the logo too (the web reloads the preview). */
  updatedAt: z.string().nullable(),
});
export type TCompanySettings = z.infer<typeof ZCompanySettings>;

/** Logos are printed on documents: PNG or JPEG (what PDF embeds), at most 2 MB. */
export const COMPANY_LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type TCompanyLogoMime = (typeof COMPANY_LOGO_TYPES)[number];
export const COMPANY_LOGO_MAX_BYTES = 2 * 1024 * 1024;
