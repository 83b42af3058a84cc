import { useTranslation } from 'react-i18next';
import type { TPlatformOrder, TPlatformOrderStatus, TPlatformProduct, TPlatformProductKind } from '@tagstock/contract';
import { DetailTable } from '../../components/DetailTable';
import type { HistoryVocabulary } from '../../components/DocumentHistory';
import type { LineColumn } from '../../components/documents/LinesEditor';
import { emptyPricedLine, pricedLineDraft, type PricedLineDraft } from '../../components/documents/lines';
import { useLineColumns } from '../../components/documents/priced-columns';
import { DOCUMENT_STATUS_COLORS, statusChip } from '../../components/StatusChip';
import { formatDateTime, formatNumber, toDecimalInput } from '../../components/format';
import { historyLabels } from '../logs/log-format';

export const PLATFORM_ORDER_HISTORY: HistoryVocabulary = {
  events: 'platformOrders.events',
  statuses: { status: 'platformOrders.statuses' },
  // The activity log's labels first (every logged field named), then the screen's own.
  labels: {
    ...historyLabels('platform_order'),
    status: 'fields.status',
    lines: 'documents.lines',
    totalNet: 'documents.totals.net',
    registeredTags: 'platformOrders.registeredTags',
  },
  title: 'platformOrders.history',
  empty: 'platformOrders.noHistory',
};

export const PlatformOrderStatusChip = statusChip<TPlatformOrderStatus>(
  DOCUMENT_STATUS_COLORS,
  'platformOrders.statuses',
);

/** A line of an order to the platform: a product of the catalogue at its price, the quantity typed. */
export type ProductLine = PricedLineDraft & { kind: TPlatformProductKind | null };

export const emptyProductLine = (): ProductLine => ({ ...emptyPricedLine(), kind: null });

export const productLineOf = (line: TPlatformOrder['lines'][number], language: string): ProductLine => ({
  ...pricedLineDraft({ ...line, articleId: line.productId }, language),
  kind: line.kind,
});

export const productLabel = (p: { reference: string; designation: string }) => `${p.reference} — ${p.designation}`;

/** What choosing a product writes on a line: the product, its kind, its price and VAT rate. */
export const productLinePatch = (
  id: number,
  label: string,
  product: TPlatformProduct | undefined,
  language: string,
) => ({
  itemId: id,
  itemLabel: label,
  ...(product
    ? {
        kind: product.kind,
        unitPrice: toDecimalInput(product.unitPrice, language),
        vatRate: toDecimalInput(product.vatRate, language, 0),
      }
    : {}),
});

/** The product's kind, then the quantity (typed on a new order), price, VAT and net amount of each line. */
export const useProductLineColumns = (nets: Map<string, string>): LineColumn<ProductLine>[] => {
  const { t } = useTranslation();
  const { priced } = useLineColumns();
  return [
    {
      field: 'kind',
      label: t('platformOrders.kind'),
      show: (line) => (line.kind ? t(`platformOrders.kinds.${line.kind}`) : '—'),
      width: 140,
    },
    ...priced<ProductLine>(nets, ['quantity']),
  ];
};

/** The delivered tags registered to the tenant from one order. */
export const DeliveriesTable = ({ order }: { order: TPlatformOrder }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  return (
    <DetailTable
      label={t('platformOrders.deliveries')}
      rows={order.deliveries}
      rowKey={(d) => d.id}
      columns={[
        {
          key: 'registeredAt',
          header: t('platformOrders.registeredAt'),
          cell: (d) => formatDateTime(d.createdAt, lang),
        },
        { key: 'family', header: t('platformOrders.family'), cell: (d) => d.familyName ?? '—' },
        { key: 'count', header: t('platformOrders.count'), align: 'right', cell: (d) => formatNumber(d.count, lang) },
        {
          key: 'firstEpc',
          header: t('platformOrders.firstEpc'),
          cell: (d) => d.firstEpc,
          sx: { fontFamily: 'monospace' },
        },
        {
          key: 'lastEpc',
          header: t('platformOrders.lastEpc'),
          cell: (d) => d.lastEpc,
          sx: { fontFamily: 'monospace' },
        },
      ]}
    />
  );
};
