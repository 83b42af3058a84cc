import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatVatRate, vatRateLabel } from '@tagstock/contract';
import { formatMoney, formatNumber, formatRate, fromDecimalInput, toDecimalInput } from '../format';
import type { LineColumn } from './LinesEditor';
import {
  frenchRateOf,
  isZeroRate,
  lineCategory,
  lineExemption,
  SALES_VAT_RATES,
  salesLineFollow,
  type LineDraft,
  type PricedLineDraft,
  type SalesLines,
} from './lines';
import { exemptionLabel, exemptionOptions, vatLanguage } from './einvoicing-fields';

type Typed = 'quantity' | 'unitPrice' | 'discount' | 'vatRate';

/**
 * The columns of document lines: the quantity, then for priced lines the price, discount and VAT rate (typed
 * when `typed` lists them, shown otherwise) and the net amount of the line (`nets`, by line key).
 */
export const lineColumns = (t: TFunction, language: string) => {
  const label = (field: string) => t(`documents.lineFields.${field}`);
  const shown = (text: string, format: (value: string) => string) => (text.trim() === '' ? '—' : format(text));

  const quantity = <L extends LineDraft>(): LineColumn<L> => ({
    field: 'quantity',
    label: label('quantity'),
    show: (line) => shown(line.quantity, (q) => formatNumber(Number(q), language)),
    input: { value: (line) => line.quantity, set: (quantity) => ({ quantity }) as Partial<L>, mode: 'numeric' },
  });

  /**
   * A sales line's VAT: one of the French rates, named as on the invoice ("Taux réduit 5,5 %"), and at 0 % the
   * legal basis of the exemption, chosen on the line (the customer's, else the article's by default).
   */
  const salesVat = <L extends PricedLineDraft>(typed: boolean, sales: SalesLines): LineColumn<L>[] => {
    const vat = vatLanguage(language);
    const rateOptions = SALES_VAT_RATES.map((rate) => ({
      value: rate,
      label: vatRateLabel({ category: rate === '0' ? 'Z' : 'S', rate }, vat),
      short: formatVatRate(rate, vat),
    }));
    const rate: LineColumn<L> = {
      field: 'vatRate',
      label: label('vat'),
      width: 110,
      show: (line) =>
        shown(line.vatRate, (text) => {
          const code = lineExemption(line, sales);
          const category = lineCategory(line) ?? (isZeroRate(text) ? 'Z' : 'S');
          return vatRateLabel({ category, rate: fromDecimalInput(text), exemption: code ? { code } : null }, vat);
        }),
      input: typed
        ? {
            value: (line) => frenchRateOf(line.vatRate),
            set: (value) => ({ vatRate: toDecimalInput(value, language, 0) }) as Partial<L>,
            options: () => rateOptions,
          }
        : undefined,
    };
    if (!typed) return [rate];
    const exemption: LineColumn<L> = {
      field: 'vatExemption',
      label: label('vatExemption'),
      width: 230,
      editOnly: true,
      when: (line) => isZeroRate(line.vatRate),
      show: (line) => {
        const code = lineExemption(line, sales);
        return code ? exemptionLabel(code, vat) : '—';
      },
      input: {
        value: (line) => lineExemption(line, sales) ?? '',
        set: (value) => ({ vatExemption: value || null }) as Partial<L>,
        options: () => exemptionOptions(t, vat),
      },
      follow: (line, changes) => salesLineFollow(line, changes, sales) as Partial<L>,
    };
    return [rate, exemption];
  };

  /** `sales`: a sales document's lines (proformas, invoices): French rates and exemptions at 0 %. */
  const priced = <L extends PricedLineDraft>(
    nets: Map<string, string>,
    typed: readonly Typed[],
    sales?: SalesLines,
  ): LineColumn<L>[] => {
    const amount = (field: 'unitPrice' | 'discount' | 'vatRate', format: typeof formatMoney): LineColumn<L> => ({
      field,
      label: label(field),
      width: field === 'unitPrice' ? 130 : 100,
      show: (line) => shown(line[field], (text) => format(fromDecimalInput(text), language)),
      input: typed.includes(field)
        ? { value: (line) => line[field], set: (text) => ({ [field]: text }) as Partial<L> }
        : undefined,
    });
    return [
      { ...quantity<L>(), input: typed.includes('quantity') ? quantity<L>().input : undefined },
      amount('unitPrice', formatMoney),
      ...(typed.includes('discount') ? [amount('discount', formatRate)] : []),
      ...(sales ? salesVat<L>(typed.includes('vatRate'), sales) : [amount('vatRate', formatRate)]),
      {
        field: 'netAmount',
        label: label('netAmount'),
        show: (line) => formatMoney(nets.get(line.key) ?? null, language),
        testId: 'line-net',
      },
    ];
  };
  return { quantity, priced, language };
};

/** `lineColumns` in the user's language. */
export const useLineColumns = () => {
  const { t, i18n } = useTranslation();
  return lineColumns(t, i18n.resolvedLanguage ?? 'en');
};
