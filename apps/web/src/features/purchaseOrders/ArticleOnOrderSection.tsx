import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TArticleOnOrder } from '@tagstock/contract';
import { formatDate, formatNumber } from '../../components/format';
import { useArticleOnOrderQuery } from './api';
import { OrderStatusChip } from './status';
import { DetailTable, type DetailColumn } from '../../components/DetailTable';

/** An article's open orders (in progress or sent, not fully received) and the units still expected. */
export const ArticleOnOrderSection = ({ articleId }: { articleId: number }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { data, isError } = useArticleOnOrderQuery(articleId);
  const columns: DetailColumn<TArticleOnOrder['orders'][number]>[] = [
    {
      key: 'number',
      header: t('purchaseOrders.number'),
      cell: (order) => (
        <Link component={RouterLink} to={`/admin/bdc/${order.id}`}>
          {order.number}
        </Link>
      ),
    },
    { key: 'supplier', header: t('fields.supplier'), cell: (order) => order.supplierName },
    { key: 'status', header: t('fields.status'), cell: (order) => <OrderStatusChip status={order.status} /> },
    {
      key: 'expectedDate',
      header: t('purchaseOrders.expectedDate'),
      cell: (order) => formatDate(order.expectedDate, language),
    },
    {
      key: 'ordered',
      header: t('purchaseOrders.ordered'),
      align: 'right',
      cell: (order) => formatNumber(order.ordered, language),
    },
    {
      key: 'received',
      header: t('purchaseOrders.received'),
      align: 'right',
      cell: (order) => formatNumber(order.received, language),
    },
  ];
  if (isError) return <Typography color="error">{t('errors.loadFailed')}</Typography>;
  return (
    <>
      <Typography sx={{ mb: 1 }} data-testid="quantity-on-order">
        {t('purchaseOrders.onOrder.quantity', { count: data?.quantityOnOrder ?? 0 })}
      </Typography>
      <DetailTable
        label={t('purchaseOrders.onOrder.title')}
        columns={columns}
        rows={data?.orders}
        rowKey={(order) => order.id}
        empty={t('purchaseOrders.onOrder.none')}
      />
    </>
  );
};
