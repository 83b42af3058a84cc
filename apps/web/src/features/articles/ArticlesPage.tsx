import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import LinkIcon from '@mui/icons-material/AddLinkOutlined';
import { GridActionsCellItem } from '@mui/x-data-grid';
import { useSearchParams } from 'react-router';
import { useRememberedArticlesView } from './use-remembered-view';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ZArticleCreate, ZArticleInput, type TArticle } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import { ResourceForm, toFormValues, type FieldDef } from '../../components/ResourceForm';
import { supplierRef } from '../suppliers/api';
import { articleInputOf, articlesApi } from './api';
import { ARTICLE_FIELDS, articleColumns, NEW_ARTICLE, PriceTtcPreview } from './definitions';
import { useStockActions } from './use-stock-actions';

const ASSIGN_FIELDS: readonly FieldDef[] = [
  {
    name: 'supplierId',
    labelKey: 'fields.supplier',
    kind: 'select',
    required: true,
    requiredKey: 'validation.selectSupplier',
    reference: supplierRef,
  },
];
// The supplier is optional on an article, but this dialog exists to set one.
const ZAssignSupplier = ZArticleInput.pick({ supplierId: true }).required();

export const ArticlesPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberedArticlesView();
  const withoutSupplier = searchParams.get('withoutSupplier') === 'true';
  const [assigning, setAssigning] = useState<TArticle | null>(null);
  const [updateArticle] = articlesApi.useUpdate();
  const stock = useStockActions();
  const columns = useMemo(() => articleColumns(t, language), [t, language]);
  const assignValues = useMemo(() => toFormValues(ASSIGN_FIELDS, null), []);

  const toggleWithoutSupplier = (on: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set('withoutSupplier', 'true');
        else next.delete('withoutSupplier');
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const rowActions = (row: TArticle) => [
    ...stock.rowActions(row),
    ...(withoutSupplier
      ? [
          <GridActionsCellItem
            key="assign"
            icon={<LinkIcon />}
            label={t('articles.assignSupplier')}
            onClick={(e) => {
              e.stopPropagation();
              setAssigning(row);
            }}
          />,
        ]
      : []),
  ];

  return (
    <>
      <CrudPage
        domain="articles"
        resource="articles"
        api={articlesApi}
        columns={columns}
        fields={ARTICLE_FIELDS}
        createSchema={ZArticleCreate}
        updateSchema={ZArticleInput}
        newValues={NEW_ARTICLE}
        defaultSort="reference:asc"
        filters={withoutSupplier ? { withoutSupplier: true } : undefined}
        detailPath={(row) => `/admin/articles/${row.id}`}
        transferMatch="reference"
        rowActions={rowActions}
        preview={(values) => <PriceTtcPreview values={values} t={t} language={language} />}
      >
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <Chip
            label={t('articles.all')}
            color={withoutSupplier ? 'default' : 'primary'}
            onClick={() => toggleWithoutSupplier(false)}
          />
          <Chip
            label={t('articles.withoutSupplier')}
            color={withoutSupplier ? 'primary' : 'default'}
            onClick={() => toggleWithoutSupplier(true)}
          />
        </Stack>
      </CrudPage>
      {stock.dialog}
      <ResourceForm
        open={assigning !== null}
        mode="edit"
        title={t('articles.assignSupplierTitle', { reference: assigning?.reference ?? '' })}
        fields={ASSIGN_FIELDS}
        schema={ZAssignSupplier}
        initialValues={assignValues}
        onClose={() => setAssigning(null)}
        onSubmit={async ({ supplierId }) => {
          if (!assigning) return;
          await updateArticle({ id: assigning.id, body: { ...articleInputOf(assigning), supplierId } }).unwrap();
          toast.success(t('messages.edited'));
          setAssigning(null);
        }}
      />
    </>
  );
};
