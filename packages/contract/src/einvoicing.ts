import { z } from 'zod';
import { optionalText, str } from './fields';
import type { TVatCategory } from './constants';

/*
 * What French e-invoicing needs besides amounts: who the parties are (a company or a person, an electronic
 * address), what an article sells (goods or a service), and French VAT as an invoice states it: the rates an approved platform accepts (BR-FR-16), the legal bases of a line
 * without VAT (EN 16931 BT-120/BT-121, VATEX codes) and the names of the categories as an accountant reads them.
 */

/** The VAT rates in force in France, mainland, Corsica and overseas (BR-FR-16): a sales line carries one of them. */
export const FRENCH_VAT_RATES = ['0', '0.9', '1.05', '1.75', '2.1', '5.5', '8.5', '10', '13', '20'] as const;
/** Whether a typed rate ("5.50", "20") is a French rate. */
export const isFrenchVatRate = (rate: string) => (FRENCH_VAT_RATES as readonly string[]).includes(String(Number(rate)));

/** The legal bases of a line without VAT that Tagstock offers, with the EN 16931 category they imply. */
export const VAT_EXEMPTION_CODES = [
  'VATEX-FR-FRANCHISE',
  'VATEX-EU-IC',
  'VATEX-EU-AE',
  'VATEX-EU-G',
  'VATEX-EU-132',
] as const;
export type TVatExemptionCode = (typeof VAT_EXEMPTION_CODES)[number];
export const ZVatExemptionCode = z.enum(VAT_EXEMPTION_CODES);

type Exemption = {
  category: TVatCategory;
  /** The mention printed and written in the Factur-X (BT-120), in French: the invoice's legal language. */
  fr: string;
  en: string;
  /** The short name of the category on screens and in the totals: "Exonéré (art. 293 B du CGI)". */
  shortFr: string;
  shortEn: string;
};

export const VAT_EXEMPTIONS: Record<TVatExemptionCode, Exemption> = {
  'VATEX-FR-FRANCHISE': {
    category: 'E',
    fr: 'TVA non applicable, art. 293 B du CGI',
    en: 'VAT not applicable, art. 293 B of the French tax code (CGI)',
    shortFr: 'Exonéré (art. 293 B du CGI)',
    shortEn: 'Exempt (CGI art. 293 B)',
  },
  'VATEX-EU-IC': {
    category: 'K',
    fr: 'Exonération de TVA, article 262 ter I du CGI',
    en: 'VAT exempt intra-community supply, art. 262 ter I of the French tax code (CGI)',
    shortFr: 'Exonéré (art. 262 ter I du CGI)',
    shortEn: 'Exempt (CGI art. 262 ter I)',
  },
  'VATEX-EU-AE': {
    category: 'AE',
    fr: 'Autoliquidation',
    en: 'Reverse charge',
    shortFr: 'Autoliquidation',
    shortEn: 'Reverse charge',
  },
  'VATEX-EU-G': {
    category: 'G',
    fr: 'Exonération de TVA, article 262 I du CGI',
    en: 'VAT exempt export, art. 262 I of the French tax code (CGI)',
    shortFr: 'Exonéré (art. 262 I du CGI)',
    shortEn: 'Exempt (CGI art. 262 I)',
  },
  'VATEX-EU-132': {
    category: 'E',
    fr: 'Exonération de TVA, article 261 du CGI',
    en: 'VAT exempt, art. 261 of the French tax code (CGI)',
    shortFr: 'Exonéré (art. 261 du CGI)',
    shortEn: 'Exempt (CGI art. 261)',
  },
};

/** The categories whose lines carry no VAT and need a legal basis (BT-120/121). */
export const EXEMPT_CATEGORIES: readonly TVatCategory[] = ['E', 'AE', 'K', 'G', 'O'];

/** The exemption of a line as typed: its code, and the text when not the standard one. */
export const ZVatExemptionInput = z.strictObject({ code: ZVatExemptionCode, text: optionalText(300) });
export type TVatExemptionInput = z.input<typeof ZVatExemptionInput>;
/** The exemption of a line or a breakdown row as stored: its code and the text printed and sent. */
export const ZVatExemption = z.object({ code: ZVatExemptionCode, text: z.string() });
export type TVatExemption = z.infer<typeof ZVatExemption>;
/** Where an article or a customer names the exemption its 0 % lines take. */
export const ZVatExemptionDefault = ZVatExemptionCode.nullish().transform((v) => v ?? null);

/** The exemption as stored: the typed text, else the standard French mention. */
export const vatExemption = (input: { code: TVatExemptionCode; text?: string | null }): TVatExemption => ({
  code: input.code,
  text: input.text?.trim() || VAT_EXEMPTIONS[input.code].fr,
});

export type VatLanguage = 'fr' | 'en';

/** A rate as people write it: "5,5 %" in French (narrow no-break space), "5.5%" in English. */
export function formatVatRate(rate: string, language: VatLanguage): string {
  const plain = String(Number(rate));
  return language === 'fr' ? `${plain.replace('.', ',')}\u202f%` : `${plain}%`;
}

const RATE_KINDS: Record<string, 'normal' | 'reduced' | 'special'> = {
  '20': 'normal',
  '8.5': 'normal',
  '10': 'reduced',
  '5.5': 'reduced',
  '13': 'special',
  '2.1': 'special',
  '1.75': 'special',
  '1.05': 'special',
  '0.9': 'special',
};
const RATE_NAMES: Record<VatLanguage, Record<'normal' | 'reduced' | 'special' | 'zero' | 'other', string>> = {
  fr: {
    normal: 'Taux normal',
    reduced: 'Taux réduit',
    special: 'Taux particulier',
    zero: 'Taux zéro',
    other: 'Taux',
  },
  en: { normal: 'Standard rate', reduced: 'Reduced rate', special: 'Special rate', zero: 'Zero rate', other: 'Rate' },
};
const CATEGORY_NAMES: Record<VatLanguage, Partial<Record<TVatCategory, string>>> = {
  fr: {
    E: 'Exonéré',
    AE: 'Autoliquidation',
    K: 'Exonéré (livraison intracommunautaire)',
    G: 'Exonéré (export)',
    O: 'Hors champ de la TVA',
  },
  en: {
    E: 'Exempt',
    AE: 'Reverse charge',
    K: 'Exempt (intra-community supply)',
    G: 'Exempt (export)',
    O: 'Outside the scope of VAT',
  },
};

/**
 * The name of a VAT breakdown row or a line's VAT, the same on screens and documents: "Taux normal 20 %",
 * "Taux réduit 5,5 %", "Taux particulier 2,1 %", "Exonéré (art. 293 B du CGI)" — never a bare "S" or "Z".
 */
export function vatRateLabel(
  row: { category: TVatCategory; rate: string; exemption?: { code: TVatExemptionCode } | null },
  language: VatLanguage,
): string {
  if (row.exemption) {
    const e = VAT_EXEMPTIONS[row.exemption.code];
    return language === 'fr' ? e.shortFr : e.shortEn;
  }
  const exempt = CATEGORY_NAMES[language][row.category];
  if (exempt) return exempt;
  const names = RATE_NAMES[language];
  const kind = row.category === 'Z' ? 'zero' : (RATE_KINDS[String(Number(row.rate))] ?? 'other');
  return `${names[kind]} ${formatVatRate(row.rate, language)}`;
}

/** A VAT rate of a sales line: one of the French rates. */
export const ZFrenchVatRate = str()
  .trim()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, 'expected a rate like 20 or 5.5')
  .refine(isFrenchVatRate, `expected a French VAT rate: ${FRENCH_VAT_RATES.join(', ')}`);

/** Goods or a service: what an article (or its category) sells, for the billing mode. */
export const ARTICLE_NATURES = ['goods', 'service'] as const;
export const ZArticleNature = z.enum(ARTICLE_NATURES);
export type TArticleNature = z.infer<typeof ZArticleNature>;

/** A company (B2B, or B2BINT abroad) or a person (B2C): the processing note BAR of the French rules. */
export const CUSTOMER_KINDS = ['company', 'person'] as const;
export const ZCustomerKind = z.enum(CUSTOMER_KINDS);
export type TCustomerKind = z.infer<typeof ZCustomerKind>;

const SIREN_ADDRESS = /^\d{9}(_[A-Za-z0-9-]{1,35}){0,2}$/;
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * An electronic address (BT-34 / BT-49) where a platform delivers invoices: a SIREN-based address of the French
 * directory (scheme 0225: `SIREN`, `SIREN_SIRET` or `SIREN_SIRET_code`), or an email (scheme EM).
 */
export const ZElectronicAddress = optionalText(120)
  .transform((v) => (v ? v.replace(/\s/g, '') : null))
  .refine(
    (v) => v === null || SIREN_ADDRESS.test(v) || EMAIL_ADDRESS.test(v),
    'expected a SIREN-based address (123456789, 123456789_12345678900011) or an email',
  );
/** The scheme (EAS) of an electronic address: 0225 for the French directory, EM for an email. */
export const electronicAddressScheme = (address: string) => (address.includes('@') ? 'EM' : '0225');
