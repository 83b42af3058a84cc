import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../components/format';
import { useArticleOnOrderQuery } from './api';
import { OrderStatusChip } from './status';
import { EmptyRow } from '../../components/Section';

/** An article's open orders (in progress or sent, not fully received) and the units still expected. */
export const ArticleOnOrderSection = ({ articleId }: { articleId: number }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { data, isError } = useArticleOnOrderQuery(articleId);
  if (isError) return <Typography color="error">{t('errors.loadFailed')}</Typography>;
  return (
    <>
      <Typography sx={{ mb: 1 }} data-testid="quantity-on-order">
        {t('purchaseOrders.onOrder.quantity', { count: data?.quantityOnOrder ?? 0 })}
      </Typography>
      <Table size="small" aria-label={t('purchaseOrders.onOrder.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('purchaseOrders.number')}</TableCell>
            <TableCell>{t('fields.supplier')}</TableCell>
            <TableCell>{t('fields.status')}</TableCell>
            <TableCell>{t('purchaseOrders.expectedDate')}</TableCell>
            <TableCell align="right">{t('purchaseOrders.ordered')}</TableCell>
            <TableCell align="right">{t('purchaseOrders.received')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(data?.orders ?? []).map((order) => (
            <TableRow key={order.id}>
              <TableCell>
                <Link component={RouterLink} to={`/admin/bdc/${order.id}`}>
                  {order.number}
                </Link>
              </TableCell>
              <TableCell>{order.supplierName}</TableCell>
              <TableCell>
                <OrderStatusChip status={order.status} />
              </TableCell>
              <TableCell>{formatDate(order.expectedDate, language)}</TableCell>
              <TableCell align="right">{formatNumber(order.ordered, language)}</TableCell>
              <TableCell align="right">{formatNumber(order.received, language)}</TableCell>
            </TableRow>
          ))}
          {data?.orders.length === 0 && <EmptyRow columns={6} text={t('purchaseOrders.onOrder.none')} />}
        </TableBody>
      </Table>
    </>
  );
};
