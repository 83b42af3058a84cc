import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ZAttributionInput, type TAttribution, type TAttributionInput } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import { FilterSelect } from '../../components/FilterSelect';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import { useUrlFilters } from '../../components/use-list-params';
import type { FieldDef } from '../../components/ResourceForm';
import { articleRef } from '../articles/api';
import { attributionsApi, consumerRef, tagRef } from './api';
import { HOLDER_FIELDS, PERIOD_FIELDS, holderColumns, periodColumns, todayIso } from './attribution-shared';
import type { ResourceColumn } from '../../components/resource-columns';

const FIELDS: readonly FieldDef[] = [
  ...HOLDER_FIELDS,
  { name: 'articleId', labelKey: 'fields.article', kind: 'select', reference: articleRef, half: true },
  { name: 'tagId', labelKey: 'fields.tagEpc', kind: 'select', reference: tagRef, half: true },
  ...PERIOD_FIELDS,
];

/** Hook for the filters bar of attribution lists: consumer and "active today", kept in the URL. */
export const useAttributionFilters = () => {
  const { searchParams, setFilter } = useUrlFilters();
  const consumerId = searchParams.get('consumerId') ?? '';
  const active = searchParams.get('active') ?? '';
  const filters = useMemo(
    () => ({ consumerId: consumerId || undefined, active: active || undefined }),
    [consumerId, active],
  );
  return { consumerId, active, filters, setFilter };
};

export const AttributionFilters = ({
  consumerId,
  active,
  setFilter,
}: Pick<ReturnType<typeof useAttributionFilters>, 'consumerId' | 'active' | 'setFilter'>) => {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <ReferenceSelect
        source={consumerRef}
        size="small"
        label={t('fields.consumer')}
        emptyLabel={t('attributions.allConsumers')}
        value={consumerId}
        width={240}
        onChange={(v) => setFilter('consumerId', v)}
      />
      <FilterSelect
        label={t('attributions.activeFilter')}
        allLabel={t('attributions.any')}
        value={active}
        options={[
          { value: 'true', label: t('attributions.activeOnly') },
          { value: 'false', label: t('attributions.inactiveOnly') },
        ]}
        width={200}
        onChange={(v) => setFilter('active', v)}
      />
    </Stack>
  );
};

export const AttributionsPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { consumerId, active, filters, setFilter } = useAttributionFilters();
  const newValues = useMemo(() => ({ startDate: todayIso() }), []);
  const columns = useMemo<ResourceColumn<TAttribution>[]>(
    () => [
      ...holderColumns<TAttribution>(t),
      {
        field: 'articleReference',
        card: 'primary',
        headerName: t('fields.article'),
        flex: 1.2,
        minWidth: 200,
        valueGetter: (_value, row) =>
          [row.articleReference && `${row.articleReference} — ${row.articleDesignation ?? ''}`, row.epc]
            .filter(Boolean)
            .join(' · ') || '—',
      },
      ...periodColumns<TAttribution>(t, language),
      { field: 'note', hideBelow: 'xl', headerName: t('fields.note'), flex: 1, minWidth: 140, sortable: false },
    ],
    [t, language],
  );
  return (
    <CrudPage<TAttribution, TAttributionInput>
      domain="attributions"
      resource="attributions"
      api={attributionsApi}
      columns={columns}
      fields={FIELDS}
      createSchema={ZAttributionInput}
      defaultSort="startDate:desc"
      filters={filters}
      newValues={newValues}
      nameOf={(row) => `${row.consumerName ?? row.location ?? ''} — ${row.articleReference ?? row.epc ?? ''}`}
    >
      <AttributionFilters consumerId={consumerId} active={active} setFilter={setFilter} />
    </CrudPage>
  );
};
