import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PURCHASE_ORDER_STATUSES, RECEIPT_STATUSES } from '@tagstock/contract';
import { statusFilter } from '../../components/documents/DocumentListPage';
import { FilterBar, useFilterQuery, type ListFilter } from '../../components/ListFilters';
import { PageHeader } from '../../components/PageHeader';
import { useCanWrite } from '../../components/use-permission';
import { supplierRef } from '../suppliers/api';
import { PurchaseOrderTable } from './PurchaseOrderTable';

/** `/admin/bdc`: the purchase orders, filtered by status, receipt and supplier (kept in the URL). */
export const PurchaseOrdersPage = () => {
  const { t } = useTranslation();
  const canWrite = useCanWrite('purchaseOrders');
  const filters: ListFilter[] = [
    {
      param: 'supplierId',
      label: t('fields.supplier'),
      allLabel: t('purchaseOrders.allSuppliers'),
      source: supplierRef,
      width: 240,
    },
    statusFilter(t, 'purchaseOrders', PURCHASE_ORDER_STATUSES),
    {
      param: 'receiptStatus',
      label: t('purchaseOrders.receiptStatus'),
      allLabel: t('purchaseOrders.allReceiptStatuses'),
      options: RECEIPT_STATUSES.map((s) => ({ value: s, label: t(`purchaseOrders.receiptStatuses.${s}`) })),
      width: 220,
    },
  ];
  const query = useFilterQuery(filters);
  return (
    <Box>
      <PageHeader
        title={t('purchaseOrders.title')}
        subtitle={t('purchaseOrders.subtitle')}
        actions={
          canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/admin/bdc/new">
              {t('purchaseOrders.new')}
            </Button>
          )
        }
      />
      <FilterBar filters={filters} />
      <PurchaseOrderTable label={t('purchaseOrders.title')} filters={query} emptyText={t('purchaseOrders.empty')} />
    </Box>
  );
};
