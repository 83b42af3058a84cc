import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TArticle } from '@tagstock/contract';
import { ItemPicker, type ItemChoice, type ItemPickerProps } from '../../components/documents/ItemPicker';
import type { LinePicker } from '../../components/documents/LinesEditor';
import type { LineDraft, PricedLineDraft } from '../../components/documents/lines';
import { toDecimalInput } from '../../components/format';
import { articlesApi } from './api';

export type ArticleChoice = ItemChoice<TArticle>;
export const articleLabel = (a: { reference: string; designation: string }) => `${a.reference} — ${a.designation}`;

/**
 * The article of a document line, searched on the server as one types; with a supplier, its articles come first
 * (the list's `supplierFirst`) and each option names its supplier.
 */
export const ArticlePicker = ({ supplierId = '', ...props }: ItemPickerProps<TArticle> & { supplierId?: string }) => {
  const { t } = useTranslation();
  return (
    <ItemPicker
      {...props}
      itemLabel={articleLabel}
      useList={articlesApi.useList}
      sort="reference:asc"
      filters={{ supplierFirst: supplierId || undefined }}
      optionDetail={(article) => (
        <>
          {article.supplierName && (
            <Typography
              variant="caption"
              color={supplierId !== '' && String(article.supplierId) !== supplierId ? 'text.secondary' : 'success.main'}
            >
              {article.supplierName}
            </Typography>
          )}{' '}
          {/* What a new line may take without going beyond what is reserved for others (services have no stock). */}
          {article.nature !== 'service' && (
            <Typography variant="caption" color={article.available > 0 ? 'text.secondary' : 'error.main'}>
              {t('fields.availableCount', { count: article.available })}
            </Typography>
          )}
        </>
      )}
    />
  );
};

/**
 * The article column of a document's lines editor: `patch` says what choosing an article writes on the line
 * (its designation, price and VAT on a priced line); with a supplier, its articles come first.
 */
export const articleLinePicker = <L extends LineDraft>(
  label: string,
  patch: (choice: ArticleChoice) => Partial<L>,
  supplierId?: string,
): LinePicker<L> => ({
  field: 'articleId',
  label,
  render: ({ line, pick, ...props }) => (
    <ArticlePicker
      {...props}
      value={line.itemId === null ? null : { id: line.itemId, label: line.itemLabel }}
      supplierId={supplierId}
      onPick={(choice) => pick(patch(choice))}
    />
  ),
});

/**
 * What choosing an article writes on a priced line (an order's, an invoice's): the article, its designation and,
 * when known, its price excluding tax, its VAT rate and the exemption its 0 % lines take by default.
 */
export const pricedArticlePatch = (
  choice: ArticleChoice,
  language: string,
): Partial<PricedLineDraft & { designation: string }> => {
  const article = choice.item;
  return {
    itemId: choice.id,
    itemLabel: choice.label,
    designation: article?.designation ?? '',
    ...(article
      ? {
          unitPrice: toDecimalInput(article.priceHt, language),
          vatRate: toDecimalInput(article.vatRate, language, 0),
          articleExemption: article.vatExemption ?? null,
        }
      : {}),
  };
};
