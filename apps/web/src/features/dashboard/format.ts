/** Formats for the current UI language; valuation in euros. */
export const formatQuantity = (value: number | null, language: string): string =>
  value === null ? '—' : new Intl.NumberFormat(language).format(value);

export const formatEuros = (value: number | null, language: string): string =>
  value === null ? '—' : new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(value);
