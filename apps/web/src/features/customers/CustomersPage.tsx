import { useMemo } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_KINDS, ZCustomerInput, type TCustomer } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import { choiceField, vatExemptionField } from '../../components/documents/einvoicing-fields';
import type { CustomFieldProps, FieldDef } from '../../components/ResourceForm';
import type { ListFilters } from '../../app/resource-api';
import { CONTACT_FIELDS, contactColumns } from '../suppliers/contact';
import { customersApi, customerGroupRef } from './api';
import type { ResourceColumn } from '../../components/resource-columns';

/**
 * Where a platform delivers the customer's invoices: a SIREN-based address or an email; left empty, a French
 * company's SIREN, else its email.
 */
const ElectronicAddressField = ({ label, value, onChange, error }: CustomFieldProps) => {
  const { t } = useTranslation();
  // The contract's check has no text of its own: say what is expected rather than "not valid".
  const invalid = error === t('validation.invalid') || error === t('fieldErrors.invalid');
  return (
    <TextField
      fullWidth
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={invalid ? t('customers.electronicAddressInvalid') : (error ?? t('customers.electronicAddressHelp'))}
      autoComplete="off"
      slotProps={{ htmlInput: { maxLength: 120 } }}
    />
  );
};

export const CUSTOMER_FIELDS: readonly FieldDef[] = [
  // A company (B2B, or B2BINT abroad) or a person (B2C): a person needs no SIREN.
  choiceField({
    name: 'kind',
    labelKey: 'fields.customerKind',
    required: true,
    helperKey: 'customers.kindHelp',
    choices: (t) => CUSTOMER_KINDS.map((kind) => ({ value: kind, label: t(`customers.kinds.${kind}`) })),
  }),
  ...CONTACT_FIELDS,
  { name: 'customerCategory', labelKey: 'fields.customerCategory', kind: 'text', half: true },
  { name: 'groupId', labelKey: 'fields.group', kind: 'select', reference: customerGroupRef, half: true },
  {
    name: 'electronicAddress',
    labelKey: 'fields.electronicAddress',
    kind: 'text',
    half: true,
    render: (props) => <ElectronicAddressField {...props} />,
  },
  vatExemptionField('customers.vatExemption'),
  // Where goods go when not to the address above: printed on invoices.
  { name: 'deliveryAddress', labelKey: 'fields.deliveryAddress', kind: 'text', section: 'customers.delivery' },
  { name: 'deliveryPostcode', labelKey: 'fields.deliveryPostcode', kind: 'text', half: true },
  { name: 'deliveryCity', labelKey: 'fields.deliveryCity', kind: 'text', half: true },
  { name: 'deliveryCountry', labelKey: 'fields.deliveryCountry', kind: 'text', half: true },
];

export const useCustomerColumns = () => {
  const { t } = useTranslation();
  return useMemo<ResourceColumn<TCustomer>[]>(
    () => [
      ...contactColumns<TCustomer>(t),
      { field: 'customerCategory', hideBelow: 'xl', headerName: t('fields.customerCategory'), width: 130 },
      { field: 'groupName', hideBelow: 'md', card: 'secondary', headerName: t('fields.group'), width: 150 },
      {
        field: 'kind',
        hideBelow: 'xl',
        headerName: t('fields.customerKind'),
        width: 120,
        sortable: false,
        valueFormatter: (kind: string) => t(`customers.kinds.${kind}`, { defaultValue: '' }),
      },
    ],
    [t],
  );
};

/** The customers list; with `filters` and a title it is a group's members page. */
export const CustomersPage = ({ filters, title }: { filters?: ListFilters; title?: string }) => {
  const columns = useCustomerColumns();
  const groupId = filters?.groupId;
  // A new customer is a company unless said otherwise; in a group's page, a member of it.
  const newValues = useMemo(() => ({ kind: 'company', ...(groupId ? { groupId } : {}) }), [groupId]);
  return (
    <CrudPage
      domain="customers"
      resource="customers"
      api={customersApi}
      columns={columns}
      fields={CUSTOMER_FIELDS}
      createSchema={ZCustomerInput}
      defaultSort="name:asc"
      createdKey="messages.customerCreated"
      transferMatch={filters ? undefined : 'name'}
      filters={filters}
      newValues={newValues}
      title={title}
    />
  );
};
