import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { PLATFORM_PRODUCT_KINDS, ZPlatformProductInput, type TPlatformProduct } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import { formatMoney, formatRate } from '../../components/format';
import type { ResourceColumn } from '../../components/resource-columns';
import { platformProductsApi } from './api';

const FIELDS: readonly FieldDef[] = [
  { name: 'reference', labelKey: 'fields.reference', kind: 'text', required: true, half: true },
  {
    name: 'kind',
    labelKey: 'platformOrders.kind',
    kind: 'select',
    required: true,
    half: true,
    options: PLATFORM_PRODUCT_KINDS.map((k) => ({ value: k, labelKey: `platformOrders.kinds.${k}` })),
  },
  { name: 'designation', labelKey: 'fields.designation', kind: 'text', required: true },
  { name: 'unitPrice', labelKey: 'platformOrders.unitPrice', kind: 'money', required: true, half: true },
  { name: 'vatRate', labelKey: 'fields.vatRate', kind: 'rate', required: true, half: true },
  { name: 'active', labelKey: 'platformProducts.activeField', kind: 'checkbox' },
];
const NEW_PRODUCT = { active: true, vatRate: '20', kind: 'tags' };

/** `/superAdmin/platformProducts`: the catalogue tenants order from (BDC RB). */
export const PlatformProductsPage = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const columns = useMemo<ResourceColumn<TPlatformProduct>[]>(
    () => [
      { field: 'reference', card: 'primary', headerName: t('fields.reference'), width: 180 },
      { field: 'designation', card: 'secondary', headerName: t('fields.designation'), flex: 1, minWidth: 220 },
      {
        field: 'kind',
        headerName: t('platformOrders.kind'),
        width: 140,
        valueFormatter: (v: string) => t(`platformOrders.kinds.${v}`),
      },
      {
        field: 'unitPrice',
        headerName: t('platformOrders.unitPrice'),
        width: 170,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: string) => formatMoney(v, lang),
      },
      {
        field: 'vatRate',
        headerName: t('fields.vatRate'),
        width: 110,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: string) => formatRate(v, lang),
      },
      {
        field: 'active',
        card: 'status',
        headerName: t('platformProducts.activeField'),
        width: 150,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.active ? 'success' : 'default'}
            label={t(row.active ? 'platformProducts.active' : 'platformProducts.inactive')}
          />
        ),
      },
    ],
    [t, lang],
  );
  return (
    <CrudPage
      domain="platformProducts"
      resource="platformOrders"
      api={platformProductsApi}
      columns={columns}
      fields={FIELDS}
      createSchema={ZPlatformProductInput}
      newValues={NEW_PRODUCT}
      defaultSort="reference:asc"
    />
  );
};
