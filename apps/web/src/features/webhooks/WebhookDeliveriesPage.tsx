import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ReplayIcon from '@mui/icons-material/ReplayOutlined';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { TWebhookDelivery } from '@tagstock/contract';
import { BackLink } from '../../components/BackLink';
import { formatDateTime, formatNumber } from '../../components/format';
import { NotFound } from '../../components/NotFound';
import { problemMessage } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { ResourceTable } from '../../components/ResourceTable';
import type { ResourceColumn } from '../../components/resource-columns';
import { rowAction } from '../../components/row-action';
import { useCanWrite } from '../../components/use-permission';
import { useRetryWebhookDeliveryMutation, useWebhookDeliveriesQuery, useWebhookQuery } from './api';
import { DeliveryStatus } from './DeliveryStatus';

/** Deliveries waiting or being retried change on the server: the list is read again this often. */
const REFRESH_MS = 5_000;

/** `/admin/webhooks/:id`: an endpoint's deliveries, newest first, with "send again" for those that failed. */
export const WebhookDeliveriesPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const endpointId = Number(useParams().id);
  const canWrite = useCanWrite('webhooks');
  const { data: endpoint, error } = useWebhookQuery(endpointId, { skip: !Number.isInteger(endpointId) });
  const [retry] = useRetryWebhookDeliveryMutation();

  const columns = useMemo<ResourceColumn<TWebhookDelivery>[]>(
    () => [
      {
        field: 'createdAt',
        card: 'secondary',
        headerName: t('webhooks.deliveries.createdAt'),
        minWidth: 170,
        sortable: false,
        valueFormatter: (value: string) => formatDateTime(value, language),
      },
      {
        field: 'event',
        card: 'primary',
        headerName: t('webhooks.deliveries.event'),
        minWidth: 200,
        flex: 1,
        sortable: false,
      },
      {
        field: 'status',
        headerName: t('webhooks.deliveries.status'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => <DeliveryStatus status={row.status} />,
      },
      {
        field: 'httpStatus',
        headerName: t('webhooks.deliveries.httpStatus'),
        type: 'number',
        width: 110,
        sortable: false,
        valueFormatter: (value: number | null) => (value === null ? '—' : String(value)),
      },
      {
        field: 'durationMs',
        hideBelow: 'md',
        headerName: t('webhooks.deliveries.duration'),
        type: 'number',
        width: 110,
        sortable: false,
        valueFormatter: (value: number | null) =>
          value === null ? '—' : t('webhooks.deliveries.ms', { value: formatNumber(value, language) }),
      },
      {
        field: 'attempts',
        hideBelow: 'md',
        headerName: t('webhooks.deliveries.attempts'),
        type: 'number',
        width: 90,
        sortable: false,
      },
      {
        field: 'nextAttemptAt',
        hideBelow: 'md',
        headerName: t('webhooks.deliveries.nextAttempt'),
        minWidth: 170,
        sortable: false,
        valueFormatter: (value: string | null) => (value ? formatDateTime(value, language) : '—'),
      },
      {
        field: 'error',
        hideBelow: 'lg',
        headerName: t('webhooks.deliveries.error'),
        minWidth: 200,
        flex: 1,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '',
      },
      {
        field: 'eventId',
        hideBelow: 'always',
        headerName: t('webhooks.deliveries.eventId'),
        minWidth: 300,
        sortable: false,
      },
    ],
    [t, language],
  );

  const sendAgain = async (row: TWebhookDelivery) => {
    try {
      await retry(row.id).unwrap();
      toast.success(t('webhooks.deliveries.retried'));
    } catch (err) {
      toast.error(problemMessage(err, t));
    }
  };

  if (error || !Number.isInteger(endpointId)) return <NotFound homePath="/admin/webhooks" />;
  return (
    <Box>
      <BackLink to="/admin/webhooks" label={t('webhooks.title')} />
      <PageHeader
        title={t('webhooks.deliveries.title')}
        subtitle={endpoint?.url ?? ''}
        documentTitle={t('webhooks.deliveries.title')}
      />
      {endpoint && !endpoint.enabled && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="webhook-off">
          {t(endpoint.disabledReason ? 'webhooks.switchedOffAuto' : 'webhooks.switchedOffByHand')}
        </Alert>
      )}
      <ResourceTable<TWebhookDelivery>
        label={t('webhooks.deliveries.title')}
        columns={columns}
        useList={useWebhookDeliveriesQuery as never}
        filters={{ endpointId }}
        emptyText={t('webhooks.deliveries.empty')}
        countKey="webhooks.deliveries.count"
        pollingInterval={REFRESH_MS}
        rowActions={
          canWrite
            ? (row) =>
                row.status === 'failed' || row.status === 'given_up'
                  ? [rowAction('retry', <ReplayIcon />, t('webhooks.deliveries.retry'), () => void sendAgain(row))]
                  : []
            : undefined
        }
      />
    </Box>
  );
};
