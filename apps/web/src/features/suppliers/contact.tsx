import type { GridValidRowModel } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { FieldDef } from '../../components/ResourceForm';
import type { ResourceColumn } from '../../components/resource-columns';

/** SPEC §3: suppliers and customers share these contact fields (and the SIREN invoices state). */
export const CONTACT_FIELDS: readonly FieldDef[] = [
  { name: 'name', labelKey: 'fields.businessName', kind: 'text', required: true },
  { name: 'contact', labelKey: 'fields.contact', kind: 'text', half: true },
  { name: 'email', labelKey: 'fields.email', kind: 'email', half: true },
  { name: 'phone', labelKey: 'fields.phone', kind: 'text', half: true },
  { name: 'vatNumber', labelKey: 'fields.vatNumber', kind: 'text', half: true },
  { name: 'siren', labelKey: 'fields.siren', kind: 'text', half: true },
  { name: 'parentCompany', labelKey: 'fields.parentCompany', kind: 'text', half: true },
  { name: 'address', labelKey: 'fields.address', kind: 'text' },
  { name: 'postcode', labelKey: 'fields.postcode', kind: 'text', half: true },
  { name: 'city', labelKey: 'fields.city', kind: 'text', half: true },
  { name: 'country', labelKey: 'fields.country', kind: 'text', half: true },
];

export const contactColumns = <T extends GridValidRowModel>(t: TFunction): ResourceColumn<T>[] => [
  { field: 'name', card: 'primary', headerName: t('fields.businessName'), flex: 1.4, minWidth: 180 },
  {
    field: 'contact',
    hideBelow: 'lg',
    card: 'secondary',
    headerName: t('fields.contact'),
    flex: 1,
    minWidth: 140,
    sortable: false,
  },
  { field: 'city', hideBelow: 'md', card: 'secondary', headerName: t('fields.city'), flex: 0.8, minWidth: 110 },
  { field: 'country', hideBelow: 'xl', headerName: t('fields.country'), flex: 0.7, minWidth: 100 },
  {
    field: 'phone',
    hideBelow: 'lg',
    card: 'secondary',
    headerName: t('fields.phone'),
    flex: 0.9,
    minWidth: 130,
    sortable: false,
  },
  { field: 'email', hideBelow: 'xl', headerName: t('fields.email'), flex: 1.2, minWidth: 180 },
];
