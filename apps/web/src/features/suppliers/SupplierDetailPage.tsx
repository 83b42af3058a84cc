import { useMemo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { ArticleTable } from '../articles/ArticleTable';
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

/** A supplier's contact card and the articles it supplies. */
export const SupplierDetailPage = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data: supplier, isLoading, isError } = suppliersApi.useGet(id);
  const filters = useMemo(() => ({ supplierId: id }), [id]);

  if (isLoading) return <Loading />;
  if (isError || !supplier) return <Alert severity="error">{t('errors.loadFailed')}</Alert>;

  return (
    <Box>
      <Button component={RouterLink} to="/admin/suppliers" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('suppliers.title')}
      </Button>
      <PageHeader title={supplier.name} subtitle={t('articles.count', { count: supplier.articleCount })} />
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
      <ArticleTable label={t('suppliers.articles')} filters={filters} emptyText={t('suppliers.noArticles')} />
    </Box>
  );
};
