import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZCategoryAttributionInput,
  type TCategoryAttribution,
  type TCategoryAttributionInput,
} from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import { categoryRef } from '../categories/api';
import { categoryAttributionsApi } from './api';
import { AttributionFilters, useAttributionFilters } from './AttributionsPage';
import { HOLDER_FIELDS, PERIOD_FIELDS, holderColumns, periodColumns, todayIso } from './attribution-shared';
import type { ResourceColumn } from '../../components/resource-columns';

const FIELDS: readonly FieldDef[] = [
  ...HOLDER_FIELDS,
  {
    name: 'categoryId',
    labelKey: 'fields.category',
    kind: 'select',
    required: true,
    reference: categoryRef,
  },
  ...PERIOD_FIELDS,
];

export const CategoryAttributionsPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { consumerId, active, filters, setFilter } = useAttributionFilters();
  const newValues = useMemo(() => ({ startDate: todayIso() }), []);
  const columns = useMemo<ResourceColumn<TCategoryAttribution>[]>(
    () => [
      ...holderColumns<TCategoryAttribution>(t),
      { field: 'categoryName', card: 'primary', headerName: t('fields.category'), flex: 1, minWidth: 180 },
      ...periodColumns<TCategoryAttribution>(t, language),
      { field: 'note', hideBelow: 'xl', headerName: t('fields.note'), flex: 1, minWidth: 140, sortable: false },
    ],
    [t, language],
  );
  return (
    <CrudPage<TCategoryAttribution, TCategoryAttributionInput>
      domain="categoryAttributions"
      resource="attributions"
      api={categoryAttributionsApi}
      columns={columns}
      fields={FIELDS}
      createSchema={ZCategoryAttributionInput}
      defaultSort="startDate:desc"
      filters={filters}
      newValues={newValues}
      nameOf={(row) => `${row.consumerName ?? row.location ?? ''} — ${row.categoryName}`}
    >
      <AttributionFilters consumerId={consumerId} active={active} setFilter={setFilter} />
    </CrudPage>
  );
};
