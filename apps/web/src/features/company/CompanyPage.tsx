import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import { useForm, useWatch, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  companyMissingForInvoicing,
  INVOICING_COMPANY_FIELDS,
  SUPPLY_KINDS,
  ZCompanySettingsInput,
  type TCompanySettingsInput,
} from '@tagstock/contract';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import {
  contractResolver,
  localizeValues,
  placeServerErrors,
  reportInvalid,
  ResourceFields,
  toFormValues,
  type CustomFieldProps,
  type FieldDef,
} from '../../components/ResourceForm';
import { formatDateTime } from '../../components/format';
import { useCanWrite } from '../../components/use-permission';
import { PlatformSettings } from '../einvoicing/PlatformSettings';
import { useCompanyQuery, useSaveCompanyMutation } from './api';
import { CompanyLogo } from './CompanyLogo';
import { ExportAllData } from './ExportAllData';
import { useFocusInvalid } from '../../components/focus-field';
import { InvoicingReadiness } from './InvoicingReadiness';

/** The electronic address (BT-34), with what it is when left empty. */
const ElectronicAddressField = ({
  label,
  value,
  onChange,
  error,
  disabled,
}: CustomFieldProps & { disabled: boolean }) => {
  const { t } = useTranslation();
  return (
    <TextField
      fullWidth
      label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? t('company.electronicAddressHelp')}
      slotProps={{ htmlInput: { maxLength: 120, autoComplete: 'off' } }}
    />
  );
};

/**
 * The settings' sections, in page order; together they are the contract's ZCompanySettingsInput. The settings an
 * invoice cannot be issued without are marked as required (saving does not need them).
 */
const sectionsOf = (disabled: boolean): readonly { titleKey: string; fields: readonly FieldDef[] }[] =>
  SECTIONS.map((section) => ({
    ...section,
    fields: section.fields.map((field) => ({
      ...field,
      required: field.required || (INVOICING_COMPANY_FIELDS as readonly string[]).includes(field.name),
      ...(field.name === 'electronicAddress'
        ? { render: (props: CustomFieldProps) => <ElectronicAddressField {...props} disabled={disabled} /> }
        : {}),
    })),
  }));

const SECTIONS: readonly { titleKey: string; fields: readonly FieldDef[] }[] = [
  {
    titleKey: 'company.sections.identity',
    fields: [
      { name: 'name', labelKey: 'fields.businessName', kind: 'text', required: true, autoComplete: 'organization' },
      { name: 'siren', labelKey: 'fields.siren', kind: 'text', half: true },
      { name: 'vatNumber', labelKey: 'fields.vatNumber', kind: 'text', half: true },
      // Where approved platforms deliver invoices to the company (BT-34); empty: its SIREN.
      { name: 'electronicAddress', labelKey: 'fields.electronicAddress', kind: 'text' },
    ],
  },
  {
    titleKey: 'company.sections.address',
    fields: [
      { name: 'address', labelKey: 'fields.address', kind: 'textarea', autoComplete: 'street-address' },
      { name: 'postcode', labelKey: 'fields.postcode', kind: 'text', half: true, autoComplete: 'postal-code' },
      { name: 'city', labelKey: 'fields.city', kind: 'text', half: true, autoComplete: 'address-level2' },
      { name: 'country', labelKey: 'fields.country', kind: 'text', half: true, autoComplete: 'country-name' },
    ],
  },
  {
    titleKey: 'company.sections.contact',
    fields: [
      { name: 'email', labelKey: 'fields.email', kind: 'email', half: true, autoComplete: 'email' },
      { name: 'phone', labelKey: 'fields.phone', kind: 'text', half: true, autoComplete: 'tel' },
      { name: 'website', labelKey: 'fields.website', kind: 'text', autoComplete: 'url' },
    ],
  },
  {
    titleKey: 'company.sections.bank',
    fields: [
      { name: 'iban', labelKey: 'fields.iban', kind: 'text', half: true },
      { name: 'bic', labelKey: 'fields.bic', kind: 'text', half: true },
    ],
  },
  {
    // What French invoices must state, and the e-invoicing reform's mentions.
    titleKey: 'company.sections.invoicing',
    fields: [
      { name: 'legalForm', labelKey: 'fields.legalForm', kind: 'text', half: true },
      { name: 'shareCapital', labelKey: 'fields.shareCapital', kind: 'money', half: true },
      { name: 'rcsCity', labelKey: 'fields.rcsCity', kind: 'text', half: true },
      {
        name: 'latePenaltyRate',
        labelKey: 'company.latePenalties',
        unitKey: 'company.percentPerYear',
        kind: 'rate',
        half: true,
      },
      {
        name: 'supplyKind',
        labelKey: 'fields.supplyKind',
        kind: 'select',
        options: SUPPLY_KINDS.map((kind) => ({ value: kind, labelKey: `company.supplyKinds.${kind}` })),
        half: true,
      },
      { name: 'vatOnDebits', labelKey: 'fields.vatOnDebits', kind: 'checkbox', half: true },
    ],
  },
  {
    titleKey: 'company.sections.legal',
    fields: [{ name: 'legalMentions', labelKey: 'fields.legalMentions', kind: 'textarea' }],
  },
];
const FIELDS = SECTIONS.flatMap((s) => s.fields);

/** `/admin/company`: the identity printed on the tenant's documents; read-only without `company.write`. */
export const CompanyPage = () => {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('company');
  const sections = useMemo(() => sectionsOf(!canWrite), [canWrite]);
  const { data, isLoading, isError } = useCompanyQuery();
  const [save] = useSaveCompanyMutation();
  const resolver = useMemo(() => contractResolver(ZCompanySettingsInput, FIELDS), []);
  const { control, register, handleSubmit, formState, setError, reset } = useForm<FieldValues>({
    resolver,
    defaultValues: toFormValues(FIELDS),
    shouldFocusError: false,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusInvalid(formRef);
  // What invoicing still lacks, as typed: it changes with the fields, before any save.
  const values = useWatch({ control }) as Record<string, unknown>;
  const missing = useMemo(() => companyMissingForInvoicing(values), [values]);

  // The server's values (identifiers compacted, capitalised) once loaded and after each save.
  useEffect(() => {
    if (data) reset(localizeValues(FIELDS, toFormValues(FIELDS, data), i18n.language));
  }, [data, reset, i18n.language]);

  const submit = async (values: FieldValues) => {
    setFormError(null);
    try {
      const saved = await save(values as TCompanySettingsInput).unwrap();
      reset(localizeValues(FIELDS, toFormValues(FIELDS, saved), i18n.language));
      toast.success(t('company.saved'));
    } catch (error) {
      setFormError(placeServerErrors(error, FIELDS, setError, t));
      focusInvalid();
    }
  };

  if (isLoading) return <Loading />;
  if (isError || !data) return <Alert severity="error">{t('errors.loadFailed')}</Alert>;

  return (
    <>
      <PageHeader
        title={t('company.title')}
        subtitle={
          data.updatedAt
            ? t('company.lastSaved', { date: formatDateTime(data.updatedAt, i18n.language) })
            : t('company.subtitle')
        }
      />
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('company.readOnly')}
        </Alert>
      )}
      <Box sx={{ mb: 3 }}>
        <InvoicingReadiness missing={missing} />
      </Box>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <form
            ref={formRef}
            noValidate
            aria-label={t('company.title')}
            onSubmit={(e) =>
              void handleSubmit(submit, (errors) => setFormError(reportInvalid(errors, FIELDS, formRef.current, t)))(e)
            }
          >
            <Stack spacing={3}>
              {formError && (
                <Alert severity="error" tabIndex={-1}>
                  {formError}
                </Alert>
              )}
              {sections.map((section) => (
                <Card key={section.titleKey} component="section" aria-label={t(section.titleKey)}>
                  <CardContent>
                    <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                      {t(section.titleKey)}
                    </Typography>
                    <ResourceFields
                      fields={section.fields}
                      control={control}
                      register={register}
                      errors={formState.errors}
                      disabled={!canWrite}
                    />
                  </CardContent>
                </Card>
              ))}
              {canWrite && (
                <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
                  <Button
                    disabled={!formState.isDirty || formState.isSubmitting}
                    onClick={() => {
                      reset(localizeValues(FIELDS, toFormValues(FIELDS, data), i18n.language));
                      setFormError(null);
                    }}
                  >
                    {t('actions.cancel')}
                  </Button>
                  <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
                    {t('actions.save')}
                  </Button>
                </Stack>
              )}
            </Stack>
          </form>
          <Box sx={{ mt: 3 }}>
            <PlatformSettings />
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            <CompanyLogo company={data} canWrite={canWrite} />
            <ExportAllData />
          </Stack>
        </Grid>
      </Grid>
    </>
  );
};
