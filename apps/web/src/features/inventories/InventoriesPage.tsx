import { useTranslation } from 'react-i18next';
import { INVENTORY_STATUSES, type TInventorySummary as Row } from '@tagstock/contract';
import { DocumentListPage, listColumns, statusFilter } from '../../components/documents/DocumentListPage';
import { formatDateTime } from '../../components/format';
import { useCanWrite } from '../../components/use-permission';
import { formatGap, formatGapValue } from '../gaps/gaps';
import { InventoryStatusChip, inventoryApi } from './api';

/** `/admin/inventories`: the inventories, filtered by status (kept in the URL). */
export const InventoriesPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const column = listColumns<Row>(t, { flex: 1, minWidth: 130 });
  const count = listColumns<Row>(t, { type: 'number', width: 110, hideBelow: 'lg' });
  const date = { valueFormatter: (value: string | null) => formatDateTime(value, language) };
  return (
    <DocumentListPage<Row>
      texts="inventories"
      path="/admin/inventories"
      canCreate={useCanWrite('inventories')}
      filters={[statusFilter(t, 'inventories', INVENTORY_STATUSES)]}
      columns={[
        column('number', 'inventories.number', { card: 'primary', valueFormatter: (v) => v ?? t('inventories.draft') }),
        column('status', 'fields.status', {
          card: 'status',
          renderCell: ({ row }) => <InventoryStatusChip status={row.status} />,
        }),
        column('scope', 'inventories.scope', {
          sortable: false,
          minWidth: 180,
          valueGetter: (_v, r) =>
            [t(`inventories.scopeKinds.${r.scopeKind}`), r.scopeNames.join(', ')].filter(Boolean).join(' — '),
        }),
        column('startedAt', 'inventories.startedAt', date),
        column('finishedAt', 'inventories.finishedAt', { ...date, hideBelow: 'md' }),
        count('articles', 'inventories.totals.articles', { sortable: false }),
        count('theoretical', 'inventories.totals.theoretical'),
        count('counted', 'inventories.totals.counted'),
        count('gap', 'inventories.totals.gap', { valueFormatter: (value: number) => formatGap(value, language) }),
        count('gapValue', 'inventories.totals.gapValue', {
          width: 130,
          valueFormatter: (value: string) => formatGapValue(value, language),
        }),
      ]}
      useList={inventoryApi.useList}
      defaultSort="createdAt:desc"
      searchLabel={t('inventories.search')}
    />
  );
};
