import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink, LoadError } from '../../components/BackLink';
import { toast } from 'react-toastify';
import { ZArticleInput, ZLotInput, type TArticleInput, type TLot, type TLotInput } from '@tagstock/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { exemptionLabel } from '../../components/documents/einvoicing-fields';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { ResourceForm, toFormValues } from '../../components/ResourceForm';
import { formatDate, formatDateTime, formatMoney, formatRate } from '../../components/format';
import { problemMessage } from '../../components/notify';
import { useCanWrite } from '../../components/use-permission';
import {
  articleInputOf,
  articlesApi,
  useArticleLotsQuery,
  useArticleMovementsQuery,
  useCreateLotMutation,
  useDeleteLotMutation,
  useUpdateLotMutation,
} from './api';
import { ArticleImage } from './ArticleImage';
import { ARTICLE_FIELDS, PriceTtcPreview, QuantityCell } from './definitions';
import { ExpiryChip, LOT_FIELDS } from './lots';
import { StockChangeDialog } from './StockChangeDialog';
import { ArticleTagsSection } from '../rfid/ArticleTagsSection';
import { ArticleOnOrderSection } from '../purchaseOrders/ArticleOnOrderSection';
import { useHasPermission } from '../../components/use-permission';
import { Section } from '../../components/Section';
import { DetailTable } from '../../components/DetailTable';

const Field = ({ label, value }: { label: string; value: ReactNode }) => (
  <Grid size={{ xs: 6, md: 4 }}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography component="div">{value}</Typography>
  </Grid>
);

export const ArticleDetailPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const canWrite = useCanWrite('articles');
  const canReadTags = useHasPermission('tags.read');
  const canReadOrders = useHasPermission('purchaseOrders.read');
  const { data: article, isLoading, error } = articlesApi.useGet(id);
  const { data: movements } = useArticleMovementsQuery({ id, page: 1, limit: 50, sort: 'createdAt:desc' });
  const { data: lots } = useArticleLotsQuery({ id, page: 1, limit: 100, sort: 'expiryDate:asc' });
  const [updateArticle] = articlesApi.useUpdate();
  const [createLot] = useCreateLotMutation();
  const [updateLot] = useUpdateLotMutation();
  const [deleteLot] = useDeleteLotMutation();
  const [editing, setEditing] = useState(false);
  const [direction, setDirection] = useState<'increment' | 'decrement' | null>(null);
  const [lotEditing, setLotEditing] = useState<TLot | 'new' | null>(null);
  const [lotDeleting, setLotDeleting] = useState<TLot | null>(null);
  const articleValues = useMemo(() => toFormValues(ARTICLE_FIELDS, article), [article]);
  const lotValues = useMemo(() => toFormValues(LOT_FIELDS, lotEditing === 'new' ? null : lotEditing), [lotEditing]);

  if (isLoading) return <Loading />;
  if (error || !article) return <LoadError error={error} to="/admin/articles" label={t('articles.title')} />;

  const removeLot = async () => {
    if (!lotDeleting) return;
    try {
      await deleteLot(lotDeleting.id).unwrap();
      toast.success(t('messages.deleted'));
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
    setLotDeleting(null);
  };

  return (
    <Box>
      <BackLink to="/admin/articles" label={t('articles.title')} />
      <PageHeader
        title={`${article.reference} — ${article.designation}`}
        subtitle={article.categoryName ?? t('articles.noCategory')}
        actions={
          canWrite && (
            <>
              <Button variant="outlined" color="success" onClick={() => setDirection('increment')}>
                {t('actions.increment')}
              </Button>
              <Button variant="outlined" color="warning" onClick={() => setDirection('decrement')}>
                {t('actions.decrement')}
              </Button>
              <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                {t('actions.edit')}
              </Button>
            </>
          )
        }
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Section title={t('articles.details')}>
            <Grid container spacing={2}>
              <Field label={t('fields.reference')} value={article.reference} />
              <Field label={t('fields.designation')} value={article.designation} />
              <Field label={t('fields.size')} value={article.size ?? '—'} />
              <Field
                label={t('fields.quantity')}
                value={
                  <span data-testid="article-quantity">
                    <QuantityCell article={article} />
                  </span>
                }
              />
              <Field
                label={t('fields.available')}
                value={<span data-testid="article-available">{article.available}</span>}
              />
              <Field label={t('fields.stockAlert')} value={article.stockAlert} />
              <Field label={t('fields.stockTag')} value={article.stockTag ?? '—'} />
              <Field label={t('fields.priceHt')} value={formatMoney(article.priceHt, language)} />
              <Field label={t('fields.vatRate')} value={formatRate(article.vatRate, language)} />
              <Field label={t('fields.priceTtc')} value={formatMoney(article.priceTtc, language)} />
              <Field label={t('fields.unitPrice')} value={formatMoney(article.unitPrice, language)} />
              <Field label={t('fields.category')} value={article.categoryName ?? '—'} />
              <Field
                label={t('articles.nature')}
                value={article.nature ? t(`articles.natures.${article.nature}`) : t('articles.natureNone')}
              />
              <Field
                label={t('articles.vatExemption')}
                value={article.vatExemption ? exemptionLabel(article.vatExemption, language) : '—'}
              />
              <Field
                label={t('fields.supplier')}
                value={
                  article.supplierId ? (
                    <RouterLink to={`/admin/suppliers/${article.supplierId}`}>{article.supplierName}</RouterLink>
                  ) : (
                    '—'
                  )
                }
              />
            </Grid>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section title={t('articles.image')}>
            <ArticleImage article={article} canWrite={canWrite} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Section title={t('articles.movements')}>
            <DetailTable
              label={t('articles.movements')}
              rows={movements?.items}
              rowKey={(m) => m.id}
              empty={t('articles.noMovements')}
              columns={[
                { key: 'date', header: t('fields.date'), cell: (m) => formatDateTime(m.createdAt, language) },
                {
                  key: 'delta',
                  header: t('fields.delta'),
                  align: 'right',
                  cell: (m) => (
                    <Box
                      component="span"
                      sx={{ color: m.delta < 0 ? 'warning.dark' : 'success.dark', fontWeight: 600 }}
                    >
                      {m.delta > 0 ? `+${m.delta}` : m.delta}
                    </Box>
                  ),
                },
                { key: 'after', header: t('fields.quantityAfter'), align: 'right', cell: (m) => m.quantityAfter },
                {
                  key: 'reason',
                  header: t('fields.reason'),
                  cell: (m) => (
                    <>
                      {m.reason ?? t(`stockReasons.${m.reasonCode}`)}
                      {m.note && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {m.note}
                        </Typography>
                      )}
                    </>
                  ),
                },
                { key: 'user', header: t('fields.user'), cell: (m) => m.userName ?? '—' },
              ]}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Section
            title={t('articles.lots')}
            action={
              canWrite && (
                <Button size="small" startIcon={<AddIcon />} onClick={() => setLotEditing('new')}>
                  {t('dlc.new')}
                </Button>
              )
            }
          >
            <DetailTable
              label={t('articles.lots')}
              rows={lots?.items}
              rowKey={(lot) => lot.id}
              empty={t('dlc.empty')}
              columns={[
                { key: 'lot', header: t('fields.lotNumber'), cell: (lot) => lot.lotNumber },
                { key: 'quantity', header: t('fields.quantity'), align: 'right', cell: (lot) => lot.quantity },
                {
                  key: 'expiry',
                  header: t('fields.expiryDate'),
                  cell: (lot) => (
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{formatDate(lot.expiryDate, language)}</span>
                      <ExpiryChip lot={lot} t={t} />
                    </Stack>
                  ),
                },
                {
                  key: 'actions',
                  header: '',
                  align: 'right',
                  sx: { whiteSpace: 'nowrap' },
                  cell: (lot) =>
                    canWrite && (
                      <>
                        <IconButton size="small" aria-label={t('actions.edit')} onClick={() => setLotEditing(lot)}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                        <IconButton size="small" aria-label={t('actions.delete')} onClick={() => setLotDeleting(lot)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </>
                    ),
                },
              ]}
            />
          </Section>
        </Grid>
        {canReadOrders && (
          <Grid size={12}>
            <Section title={t('purchaseOrders.onOrder.title')}>
              <ArticleOnOrderSection articleId={id} />
            </Section>
          </Grid>
        )}
        {canReadTags && (
          <Grid size={12}>
            <Section title={t('tags.articleTags')}>
              <ArticleTagsSection articleId={id} />
            </Section>
          </Grid>
        )}
      </Grid>
      <ResourceForm<TArticleInput>
        open={editing}
        mode="edit"
        title={t('articles.edit')}
        fields={ARTICLE_FIELDS}
        schema={ZArticleInput}
        initialValues={articleValues}
        onClose={() => setEditing(false)}
        preview={(values) => <PriceTtcPreview values={values} t={t} language={language} />}
        onSubmit={async (body) => {
          await updateArticle({ id, body: { ...articleInputOf(article), ...body } }).unwrap();
          toast.success(t('messages.edited'));
          setEditing(false);
        }}
      />
      <StockChangeDialog
        article={direction ? article : null}
        direction={direction ?? 'increment'}
        onClose={() => setDirection(null)}
      />
      <ResourceForm<TLotInput>
        open={lotEditing !== null}
        mode={lotEditing === 'new' ? 'create' : 'edit'}
        title={t(lotEditing === 'new' ? 'dlc.new' : 'dlc.edit')}
        fields={LOT_FIELDS}
        schema={ZLotInput}
        initialValues={lotValues}
        onClose={() => setLotEditing(null)}
        onSubmit={async (body) => {
          if (lotEditing === 'new') {
            await createLot({ articleId: id, body }).unwrap();
            toast.success(t('messages.created'));
          } else if (lotEditing) {
            await updateLot({ id: lotEditing.id, body }).unwrap();
            toast.success(t('messages.edited'));
          }
          setLotEditing(null);
        }}
      />
      <ConfirmDialog
        open={lotDeleting !== null}
        title={t('dlc.deleteTitle')}
        message={t('dlc.deleteConfirm', { name: lotDeleting?.lotNumber ?? '' })}
        onConfirm={() => void removeLot()}
        onClose={() => setLotDeleting(null)}
      />
    </Box>
  );
};
