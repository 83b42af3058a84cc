/** Display formats for the current UI language. Amounts arrive as decimal strings and are formatted as such (no float). */
export const formatMoney = (value: string | null | undefined, language: string): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(value as `${number}`);

export const formatRate = (value: string | null | undefined, language: string): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value as `${number}`)} %`;

export const formatNumber = (value: number | null | undefined, language: string): string =>
  value === null || value === undefined ? '—' : new Intl.NumberFormat(language).format(value);

export const formatDate = (iso: string | null | undefined, language: string): string =>
  iso ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso)) : '—';

export const formatDateTime = (iso: string | null | undefined, language: string): string =>
  iso ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';

/**
 * Price incl. tax from a pre-tax price and a VAT rate, both decimal strings, computed in integer
 * ten-thousandths of a cent so no float rounding creeps in; rounded half up to cents like the server.
 * Returns null while the inputs are not valid amounts.
 */
export const priceWithTax = (priceHt: string, vatRate: string): string | null => {
  const ht = /^\d{1,10}(\.\d{1,4})?$/.exec(priceHt.trim().replace(',', '.'));
  const rate = /^\d{1,3}(\.\d{1,2})?$/.exec(vatRate.trim().replace(',', '.'));
  if (!ht || !rate) return null;
  const scaled = (text: string, decimals: number) => {
    const [whole = '0', fraction = ''] = text.split('.');
    return BigInt(whole + fraction.padEnd(decimals, '0'));
  };
  const htUnits = scaled(ht[0], 4); // 1e-4 €
  const rateUnits = scaled(rate[0], 2); // 1e-2 %
  // ttc = ht * (10000 + rate) / 10000, in 1e-8 € → round to cents (1e-2 €): divide by 1e6.
  const total = htUnits * (10000n + rateUnits);
  const cents = (total + 500000n) / 1000000n;
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
};
