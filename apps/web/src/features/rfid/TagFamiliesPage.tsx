import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ZTagFamilyInput, type TTagFamily, type TTagFamilyInput } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import { tagFamiliesApi } from './api';
import type { ResourceColumn } from '../../components/resource-columns';

const FIELDS: readonly FieldDef[] = [
  { name: 'name', labelKey: 'fields.name', kind: 'text', required: true },
  { name: 'countsInStock', labelKey: 'fields.countsInStock', kind: 'checkbox', half: true },
  { name: 'alarmOnExit', labelKey: 'fields.alarmOnExit', kind: 'checkbox', half: true },
];

const NEW_FAMILY = { countsInStock: true, alarmOnExit: true };

export const TagFamiliesPage = () => {
  const { t } = useTranslation();
  const columns = useMemo<ResourceColumn<TTagFamily>[]>(() => {
    const yesNo = (value: boolean) => t(value ? 'tags.yes' : 'tags.no');
    return [
      { field: 'name', card: 'primary', headerName: t('fields.name'), flex: 1, minWidth: 200 },
      {
        field: 'countsInStock',
        hideBelow: 'md',
        card: 'secondary',
        headerName: t('fields.countsInStock'),
        width: 170,
        sortable: false,
        valueFormatter: yesNo,
      },
      {
        field: 'alarmOnExit',
        hideBelow: 'md',
        card: 'secondary',
        headerName: t('fields.alarmOnExit'),
        width: 150,
        sortable: false,
        valueFormatter: yesNo,
      },
      {
        field: 'tagCount',
        card: 'secondary',
        headerName: t('fields.tagCount'),
        type: 'number',
        width: 100,
        sortable: false,
      },
    ];
  }, [t]);
  return (
    <CrudPage<TTagFamily, TTagFamilyInput>
      domain="tagFamilies"
      resource="tags"
      api={tagFamiliesApi}
      columns={columns}
      fields={FIELDS}
      createSchema={ZTagFamilyInput}
      defaultSort="name:asc"
      newValues={NEW_FAMILY}
    />
  );
};
