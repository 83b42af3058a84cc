import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLot } from '@tagstock/contract';
import { PageHeader } from '../../components/PageHeader';
import { ResourceTable } from '../../components/ResourceTable';
import { formatDate } from '../../components/format';
import { useAllLotsQuery } from './api';
import { ExpiryChip } from './lots';
import type { ResourceColumn } from '../../components/resource-columns';

/** All lots of the tenant, nearest expiry first (DLC). */
export const DlcPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const columns = useMemo<ResourceColumn<TLot>[]>(
    () => [
      { field: 'reference', card: 'secondary', headerName: t('fields.reference'), width: 140 },
      {
        field: 'designation',
        card: 'primary',
        headerName: t('fields.designation'),
        flex: 1.5,
        minWidth: 200,
        sortable: false,
      },
      { field: 'lotNumber', hideBelow: 'md', card: 'secondary', headerName: t('fields.lotNumber'), width: 150 },
      {
        field: 'quantity',
        hideBelow: 'md',
        card: 'secondary',
        headerName: t('fields.quantity'),
        type: 'number',
        width: 110,
      },
      {
        field: 'expiryDate',
        card: 'secondary',
        headerName: t('fields.expiryDate'),
        width: 150,
        valueFormatter: (value: string) => formatDate(value, language),
      },
      {
        field: 'daysLeft',
        card: 'status',
        headerName: t('fields.daysLeft'),
        width: 150,
        sortable: false,
        renderCell: ({ row }) => <ExpiryChip lot={row} t={t} />,
      },
    ],
    [t, language],
  );
  return (
    <>
      <PageHeader title={t('dlc.title')} subtitle={t('dlc.subtitle')} />
      <ResourceTable
        label={t('dlc.title')}
        columns={columns}
        useList={useAllLotsQuery as never}
        defaultSort="expiryDate:asc"
        emptyText={t('dlc.empty')}
        countKey="dlc.count"
        detailPath={(row) => `/admin/articles/${row.articleId}`}
      />
    </>
  );
};
