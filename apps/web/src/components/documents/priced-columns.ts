import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, formatRate, fromDecimalInput } from '../format';
import type { LineColumn } from './LinesEditor';
import type { LineDraft, PricedLineDraft } from './lines';

type Typed = 'quantity' | 'unitPrice' | 'discount' | 'vatRate';

/**
 * The columns of document lines: the quantity, then for priced lines the price, discount and VAT rate (typed
 * when `typed` lists them, shown otherwise) and the net amount of the line (`nets`, by line key).
 */
export const useLineColumns = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const label = (field: string) => t(`documents.lineFields.${field}`);
  const shown = (text: string, format: (value: string) => string) => (text.trim() === '' ? '—' : format(text));

  const quantity = <L extends LineDraft>(): LineColumn<L> => ({
    field: 'quantity',
    label: label('quantity'),
    show: (line) => shown(line.quantity, (q) => formatNumber(Number(q), language)),
    input: { value: (line) => line.quantity, set: (quantity) => ({ quantity }) as Partial<L>, mode: 'numeric' },
  });

  const priced = <L extends PricedLineDraft>(nets: Map<string, string>, typed: readonly Typed[]): LineColumn<L>[] => {
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
      amount('vatRate', formatRate),
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
