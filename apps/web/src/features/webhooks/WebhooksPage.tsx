import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import PowerIcon from '@mui/icons-material/PowerSettingsNewOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ZWebhookEndpointInput, type TWebhookEndpoint, type TWebhookEndpointCreated } from '@tagstock/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../../components/format';
import { problemMessage } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { ResourceForm, toFormValues, type FieldDef } from '../../components/ResourceForm';
import { ResourceTable } from '../../components/ResourceTable';
import type { ResourceColumn } from '../../components/resource-columns';
import { rowAction } from '../../components/row-action';
import { useCanWrite } from '../../components/use-permission';
import {
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useSetWebhookEnabledMutation,
  useWebhooksQuery,
} from './api';
import { DeliveryStatus } from './DeliveryStatus';
import { EventsField, eventsFromText, eventsToText } from './EventsField';
import { WebhookSecretDialog } from './WebhookSecretDialog';

const FIELDS: readonly FieldDef[] = [
  { name: 'url', labelKey: 'webhooks.url', kind: 'text', required: true, autoComplete: 'url' },
  {
    name: 'events',
    labelKey: 'webhooks.events',
    kind: 'text',
    required: true,
    requiredKey: 'webhooks.eventsRequired',
    toText: eventsToText,
    fromText: eventsFromText,
    render: (props) => <EventsField {...props} />,
  },
  { name: 'description', labelKey: 'fields.description', kind: 'textarea' },
];
const NEW_VALUES = toFormValues(FIELDS, { events: [] });

/** On or off (switched off after failing for 24 h, or by hand). */
const EndpointState = ({ endpoint }: { endpoint: TWebhookEndpoint }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={endpoint.enabled ? 'success' : 'default'}
      label={t(endpoint.enabled ? 'webhooks.on' : 'webhooks.off')}
      title={endpoint.disabledReason ? t('webhooks.switchedOffAuto') : undefined}
      data-testid="webhook-state"
    />
  );
};

/** `/admin/webhooks`: the tenant's endpoints; a row opens its deliveries. */
export const WebhooksPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const canWrite = useCanWrite('webhooks');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TWebhookEndpointCreated | null>(null);
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);
  const [create] = useCreateWebhookMutation();
  const [remove, { isLoading: removing }] = useDeleteWebhookMutation();
  const [setEnabled] = useSetWebhookEnabledMutation();

  const columns = useMemo<ResourceColumn<TWebhookEndpoint>[]>(
    () => [
      { field: 'url', card: 'primary', headerName: t('webhooks.url'), flex: 2, minWidth: 240 },
      {
        field: 'events',
        card: 'secondary',
        headerName: t('webhooks.events'),
        flex: 2,
        minWidth: 220,
        sortable: false,
        valueGetter: (_v, row) => row.events.join(', '),
      },
      {
        field: 'enabled',
        headerName: t('webhooks.state'),
        width: 130,
        renderCell: ({ row }) => <EndpointState endpoint={row} />,
      },
      {
        field: 'lastDelivery',
        hideBelow: 'md',
        headerName: t('webhooks.lastDelivery'),
        minWidth: 240,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) =>
          row.lastDelivery ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
              <DeliveryStatus status={row.lastDelivery.status} />
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(row.lastDelivery.at, language)}
              </Typography>
            </Stack>
          ) : (
            t('webhooks.never')
          ),
      },
      {
        field: 'description',
        hideBelow: 'lg',
        headerName: t('fields.description'),
        flex: 1,
        minWidth: 160,
        sortable: false,
      },
    ],
    [t, language],
  );

  const toggle = async (row: TWebhookEndpoint) => {
    try {
      await setEnabled({ id: row.id, enabled: !row.enabled }).unwrap();
      toast.success(t(row.enabled ? 'webhooks.switchedOff' : 'webhooks.switchedOn'));
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      toast.success(t('messages.deleted'));
    } catch (error) {
      toast.error(problemMessage(error, t, 'errors.deleteFailed'));
    }
    setDeleting(null);
  };

  return (
    <Box>
      <PageHeader
        title={t('webhooks.title')}
        subtitle={t('webhooks.subtitle')}
        actions={
          canWrite ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {t('webhooks.new')}
            </Button>
          ) : undefined
        }
      />
      <ResourceTable<TWebhookEndpoint>
        label={t('webhooks.title')}
        columns={columns}
        useList={useWebhooksQuery}
        defaultSort="createdAt:desc"
        emptyText={t('webhooks.empty')}
        countKey="webhooks.count"
        detailPath={(row) => `/admin/webhooks/${row.id}`}
        onDelete={canWrite ? (row) => setDeleting(row) : undefined}
        rowActions={
          canWrite
            ? (row) => [
                rowAction(
                  'toggle',
                  <PowerIcon />,
                  t(row.enabled ? 'webhooks.switchOff' : 'webhooks.switchOn'),
                  () => void toggle(row),
                ),
              ]
            : undefined
        }
      />
      <ResourceForm
        open={creating}
        mode="create"
        title={t('webhooks.new')}
        fields={FIELDS}
        schema={ZWebhookEndpointInput}
        initialValues={NEW_VALUES}
        submitLabel={t('webhooks.register')}
        onSubmit={async (values) => {
          const endpoint = await create(values).unwrap();
          setCreating(false);
          setCreated(endpoint);
        }}
        onClose={() => setCreating(false)}
      />
      <WebhookSecretDialog endpoint={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('webhooks.deleteTitle')}
        message={t('webhooks.deleteConfirm', { url: deleting?.url ?? '' })}
        confirmLabel={t('actions.delete')}
        busy={removing}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
};
