import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PURCHASE_ORDER_STATUSES, RECEIPT_STATUSES } from '@tagstock/contract';
import { FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import { useUrlFilters } from '../../components/use-list-params';
import { useCanWrite } from '../../components/use-permission';
import { supplierRef } from '../suppliers/api';
import { PurchaseOrderTable } from './PurchaseOrderTable';

/** `/admin/bdc`: the purchase orders, filtered by status, receipt and supplier (kept in the URL). */
export const PurchaseOrdersPage = () => {
  const { t } = useTranslation();
  const canWrite = useCanWrite('purchaseOrders');
  const { searchParams, setFilter } = useUrlFilters();
  const status = searchParams.get('status') ?? '';
  const receiptStatus = searchParams.get('receiptStatus') ?? '';
  const supplierId = searchParams.get('supplierId') ?? '';
  const filters = useMemo(
    () => ({
      status: status || undefined,
      receiptStatus: receiptStatus || undefined,
      supplierId: supplierId || undefined,
    }),
    [status, receiptStatus, supplierId],
  );
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
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <ReferenceSelect
          source={supplierRef}
          size="small"
          label={t('fields.supplier')}
          emptyLabel={t('purchaseOrders.allSuppliers')}
          value={supplierId}
          width={240}
          onChange={(v) => setFilter('supplierId', v)}
        />
        <FilterSelect
          label={t('fields.status')}
          allLabel={t('purchaseOrders.allStatuses')}
          value={status}
          options={PURCHASE_ORDER_STATUSES.map((s) => ({ value: s, label: t(`purchaseOrders.statuses.${s}`) }))}
          width={200}
          onChange={(v) => setFilter('status', v)}
        />
        <FilterSelect
          label={t('purchaseOrders.receiptStatus')}
          allLabel={t('purchaseOrders.allReceiptStatuses')}
          value={receiptStatus}
          options={RECEIPT_STATUSES.map((s) => ({ value: s, label: t(`purchaseOrders.receiptStatuses.${s}`) }))}
          width={220}
          onChange={(v) => setFilter('receiptStatus', v)}
        />
      </Stack>
      <PurchaseOrderTable label={t('purchaseOrders.title')} filters={filters} emptyText={t('purchaseOrders.empty')} />
    </Box>
  );
};
