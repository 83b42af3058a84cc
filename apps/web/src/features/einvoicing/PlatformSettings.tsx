import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import OkIcon from '@mui/icons-material/CheckCircleOutlined';
import FailedIcon from '@mui/icons-material/ErrorOutlined';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ZEinvoicingSettingsInput, type TEinvoicingSettingsInput, type TEinvoicingTest } from '@tagstock/contract';
import { Loading } from '../../components/Loading';
import { problemMessage } from '../../components/notify';
import {
  contractResolver,
  placeServerErrors,
  ResourceFields,
  toFormValues,
  type CustomFieldProps,
  type FieldDef,
} from '../../components/ResourceForm';
import { useCanWrite, useHasPermission } from '../../components/use-permission';
import { useEinvoicingSettingsQuery, useSaveEinvoicingSettingsMutation, useTestEinvoicingMutation } from './api';

/** The client secret: typed, never shown back; once one is kept, an empty field keeps it. */
const SecretField = ({
  label,
  value,
  onChange,
  error,
  kept,
  disabled,
}: CustomFieldProps & { kept: boolean; disabled: boolean }) => {
  const { t } = useTranslation();
  return (
    <TextField
      fullWidth
      type="password"
      label={label}
      value={value}
      disabled={disabled}
      required={!kept}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? (kept ? t('einvoicing.settings.secretKept') : t('einvoicing.settings.secretHelp'))}
      slotProps={{ htmlInput: { maxLength: 500, autoComplete: 'new-password', 'data-testid': 'client-secret' } }}
    />
  );
};

const FIELDS_BASE: readonly FieldDef[] = [
  { name: 'enabled', labelKey: 'einvoicing.settings.enabled', kind: 'checkbox' },
  { name: 'baseUrl', labelKey: 'einvoicing.settings.baseUrl', kind: 'text', required: true },
  { name: 'tokenUrl', labelKey: 'einvoicing.settings.tokenUrl', kind: 'text' },
  { name: 'clientId', labelKey: 'einvoicing.settings.clientId', kind: 'text', required: true, half: true },
  { name: 'clientSecret', labelKey: 'einvoicing.settings.clientSecret', kind: 'password', half: true },
  { name: 'organizationId', labelKey: 'einvoicing.settings.organizationId', kind: 'text', half: true },
];

const URL_FIELDS = new Set(['baseUrl', 'tokenUrl']);

/** The contract's resolver; a malformed address says what an address looks like. */
const settingsResolver = (): Resolver<FieldValues> => {
  const resolve = contractResolver(ZEinvoicingSettingsInput, FIELDS_BASE);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const [name, error] of Object.entries(result.errors))
      if (error && URL_FIELDS.has(name) && error.message === 'validation.invalid')
        error.message = 'einvoicing.settings.invalidUrl';
    return result;
  };
};

/** One check of the connection test: passed or not, and what it found. */
const CheckLine = ({ check, result }: { check: TEinvoicingTest['checks'][number]; result: TEinvoicingTest }) => {
  const { t } = useTranslation();
  const found = check.check === 'directory' && result.company;
  const detail = found
    ? t(result.company!.canReceive ? 'einvoicing.test.canReceive' : 'einvoicing.test.cannotReceive', {
        name: result.company!.name,
        siren: result.company!.siren,
      })
    : check.ok
      ? null
      : (check.message ?? t('einvoicing.test.failed'));
  return (
    <ListItem disableGutters data-testid={`einvoicing-check-${check.check}`} data-ok={String(check.ok)}>
      <ListItemIcon sx={{ minWidth: 36 }}>
        {check.ok ? <OkIcon color="success" /> : <FailedIcon color="error" />}
      </ListItemIcon>
      <ListItemText
        primary={`${t(`einvoicing.test.checks.${check.check}`)}${t('logs.labelSeparator')}${t(
          check.ok ? 'einvoicing.test.ok' : 'einvoicing.test.notOk',
        )}`}
        secondary={detail}
      />
    </ListItem>
  );
};

/**
 * The company's approved platform (AFNOR XP Z12-013): its API, its OAuth2 client (the secret is sent, never read
 * back), the connection test. Read only without `einvoicing.write`; not shown without `einvoicing.read`.
 */
export const PlatformSettings = () => {
  const canRead = useHasPermission('einvoicing.read');
  return canRead ? <PlatformSettingsCard /> : null;
};

const PlatformSettingsCard = () => {
  const { t } = useTranslation();
  const canWrite = useCanWrite('einvoicing');
  const { data, isLoading, isError } = useEinvoicingSettingsQuery();
  const [save] = useSaveEinvoicingSettingsMutation();
  const [runTest, { isLoading: testing }] = useTestEinvoicingMutation();
  const [result, setResult] = useState<TEinvoicingTest | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const kept = data?.hasClientSecret ?? false;
  const fields = useMemo(
    () =>
      FIELDS_BASE.map((field) =>
        field.name === 'clientSecret'
          ? {
              ...field,
              render: (props: CustomFieldProps) => <SecretField {...props} kept={kept} disabled={!canWrite} />,
            }
          : field,
      ),
    [kept, canWrite],
  );
  const resolver = useMemo(() => settingsResolver(), []);
  const { control, register, handleSubmit, formState, setError, reset } = useForm<FieldValues>({
    resolver,
    defaultValues: toFormValues(FIELDS_BASE),
  });

  useEffect(() => {
    if (data) reset(toFormValues(FIELDS_BASE, data));
  }, [data, reset]);

  const submit = async (values: FieldValues) => {
    setFormError(null);
    try {
      await save(values as TEinvoicingSettingsInput).unwrap();
      setResult(null);
      toast.success(t('einvoicing.settings.saved'));
    } catch (error) {
      setFormError(placeServerErrors(error, FIELDS_BASE, setError, t));
    }
  };

  const test = async () => {
    setResult(null);
    try {
      setResult(await runTest().unwrap());
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
  };

  return (
    <Card component="section" aria-label={t('einvoicing.settings.title')} data-testid="einvoicing-settings">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('einvoicing.settings.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('einvoicing.settings.subtitle')}
        </Typography>
        {isLoading ? (
          <Loading />
        ) : isError || !data ? (
          <Alert severity="error">{t('errors.loadFailed')}</Alert>
        ) : (
          <form noValidate aria-label={t('einvoicing.settings.title')} onSubmit={(e) => void handleSubmit(submit)(e)}>
            <Stack spacing={2}>
              {formError && <Alert severity="error">{formError}</Alert>}
              <ResourceFields
                fields={fields}
                control={control}
                register={register}
                errors={formState.errors}
                disabled={!canWrite}
              />
              {data.configured && (
                <Typography variant="body2" color="text.secondary" data-testid="einvoicing-webhook">
                  {t(data.webhookSubscribed ? 'einvoicing.settings.webhookOn' : 'einvoicing.settings.webhookOff')}
                </Typography>
              )}
              {result && (
                <Alert
                  severity={result.ok ? 'success' : 'error'}
                  data-testid="einvoicing-test-result"
                  data-ok={String(result.ok)}
                >
                  {t(result.ok ? 'einvoicing.test.success' : 'einvoicing.test.failure')}
                  <List dense disablePadding>
                    {result.checks.map((check) => (
                      <CheckLine key={check.check} check={check} result={result} />
                    ))}
                  </List>
                </Alert>
              )}
              {canWrite && (
                <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                  <Button
                    variant="outlined"
                    disabled={testing || !data.hasClientSecret || formState.isDirty}
                    onClick={() => void test()}
                  >
                    {t('einvoicing.test.action')}
                  </Button>
                  <Button
                    disabled={!formState.isDirty || formState.isSubmitting}
                    onClick={() => {
                      reset(toFormValues(FIELDS_BASE, data));
                      setFormError(null);
                    }}
                  >
                    {t('einvoicing.settings.undo')}
                  </Button>
                  <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
                    {t('einvoicing.settings.save')}
                  </Button>
                </Stack>
              )}
            </Stack>
          </form>
        )}
      </CardContent>
    </Card>
  );
};
