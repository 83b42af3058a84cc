import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink, LoadError } from '../../components/BackLink';
import { toast } from 'react-toastify';
import { ZSupplierInput, type TSupplierInput } from '@tagstock/contract';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { ResourceForm, toFormValues } from '../../components/ResourceForm';
import { useCanWrite, useHasPermission } from '../../components/use-permission';
import { ArticleTable } from '../articles/ArticleTable';
import { PurchaseOrderTable } from '../purchaseOrders/PurchaseOrderTable';
import { suppliersApi } from './api';
import { CONTACT_FIELDS } from './contact';

const Info = ({ label, value }: { label: string; value: ReactNode }) => (
  <Grid size={{ xs: 12, sm: 6, md: 3 }}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography>{value || '—'}</Typography>
  </Grid>
);

const OMITTED_COLUMNS = ['supplierName'];
const ORDERS_PREFIX = 'orders';

/** A supplier's contact card and the articles it supplies. */
export const SupplierDetailPage = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data: supplier, isLoading, error } = suppliersApi.useGet(id);
  const filters = useMemo(() => ({ supplierId: id }), [id]);
  const canWrite = useCanWrite('suppliers');
  const canReadOrders = useHasPermission('purchaseOrders.read');
  const canWriteOrders = useCanWrite('purchaseOrders');
  const [editing, setEditing] = useState(false);
  const [update] = suppliersApi.useUpdate();
  const initialValues = useMemo(() => toFormValues(CONTACT_FIELDS, supplier), [supplier]);

  if (isLoading) return <Loading />;
  if (error || !supplier) return <LoadError error={error} to="/admin/suppliers" label={t('suppliers.title')} />;

  return (
    <Box>
      <BackLink to="/admin/suppliers" label={t('suppliers.title')} />
      <PageHeader
        title={supplier.name}
        subtitle={t('articles.count', { count: supplier.articleCount })}
        actions={
          canWrite ? (
            <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              {t('actions.edit')}
            </Button>
          ) : undefined
        }
      />
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Grid container spacing={2}>
            {CONTACT_FIELDS.filter((f) => f.name !== 'name').map((field) => (
              <Info key={field.name} label={t(field.labelKey)} value={supplier[field.name as keyof typeof supplier]} />
            ))}
          </Grid>
        </CardContent>
      </Card>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('suppliers.articles')}
      </Typography>
      {/* Every row is this supplier's: its column would only repeat the page title. */}
      <ArticleTable
        label={t('suppliers.articles')}
        filters={filters}
        emptyText={t('suppliers.noArticles')}
        omitColumns={OMITTED_COLUMNS}
      />
      {canReadOrders && (
        <Box sx={{ mt: 4 }}>
          <Stack direction="row" sx={{ mb: 1.5, justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h6" component="h2">
              {t('purchaseOrders.title')}
            </Typography>
            {canWriteOrders && (
              <Button
                variant="outlined"
                startIcon={<AddIcon />}
                component={RouterLink}
                to={`/admin/bdc/new?supplierId=${id}`}
              >
                {t('purchaseOrders.new')}
              </Button>
            )}
          </Stack>
          <PurchaseOrderTable
            label={t('purchaseOrders.title')}
            filters={filters}
            emptyText={t('purchaseOrders.supplierEmpty')}
            omitColumns={OMITTED_COLUMNS}
            paramPrefix={ORDERS_PREFIX}
            searchLabel={t('purchaseOrders.search')}
          />
        </Box>
      )}
      <ResourceForm<TSupplierInput>
        open={editing}
        mode="edit"
        title={t('suppliers.edit')}
        fields={CONTACT_FIELDS}
        schema={ZSupplierInput}
        initialValues={initialValues}
        onSubmit={async (body) => {
          await update({ id, body }).unwrap();
          toast.success(t('messages.edited'));
          setEditing(false);
        }}
        onClose={() => setEditing(false)}
      />
    </Box>
  );
};
