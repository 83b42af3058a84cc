import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { TAG_EVENT_TYPES, type TTagMovement } from '@tagstock/contract';
import { useAppSelector } from '../../app/hooks';
import { FilterSelect } from '../../components/FilterSelect';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import { useUrlFilters } from '../../components/use-list-params';
import { PageHeader } from '../../components/PageHeader';
import { useHasPermission } from '../../components/use-permission';
import { ResourceTable } from '../../components/ResourceTable';
import { formatDateTime } from '../../components/format';
import { readerRef, useTagLogsQuery } from './api';
import { exitReasonText } from './exit-reason';
import type { ResourceColumn } from '../../components/resource-columns';

const EVENT_COLOR = { IN: 'success', OUT: 'warning', unknown: 'default', seen: 'info' } as const;

export const AuthorizationChip = ({ movement }: { movement: TTagMovement }) => {
  const { t } = useTranslation();
  if (movement.isAuthorized === null) return <>{t('tagLogs.notApplicable')}</>;
  // The verdict in the user's language (what authorized it: an output's number…); older movements have its text.
  const reason = movement.authorizationReason && exitReasonText(t, movement.authorizationReason);
  if (movement.isAuthorized)
    return (
      <Chip
        size="small"
        variant="outlined"
        color="success"
        label={reason ?? t('tagLogs.authorized')}
        data-testid="authorized-chip"
      />
    );
  const label = reason ?? movement.authorizationMessage ?? t('tagLogs.unauthorized');
  return (
    <Tooltip title={label}>
      <Chip size="small" color="error" label={label} data-testid="unauthorized-chip" />
    </Tooltip>
  );
};

/** Tag movements of the tenant, newest first; a send_notification socket event refreshes them (TagLogs tag). */
export const TagLogsPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const idClient = useAppSelector((s) => s.authentification.loggedInUser?.IDClient ?? '');
  const canReadReaders = useHasPermission('readers.read');
  const { searchParams, setFilter } = useUrlFilters();
  const eventType = searchParams.get('eventType') ?? '';
  const unauthorized = searchParams.get('unauthorized') === 'true';
  const readerId = searchParams.get('readerId') ?? '';
  // One movement, from an exit alarm's link; a malformed id shows everything rather than a 400.
  const rawMovementId = searchParams.get('movementId') ?? '';
  const movementId = /^[1-9]\d{0,9}$/.test(rawMovementId) && Number(rawMovementId) < 2 ** 31 ? rawMovementId : '';
  const filters = useMemo(
    () => ({
      idClient,
      eventType: eventType || undefined,
      unauthorized: unauthorized ? 'true' : undefined,
      readerId: readerId || undefined,
      movementId: movementId || undefined,
    }),
    [idClient, eventType, unauthorized, readerId, movementId],
  );

  const columns = useMemo<ResourceColumn<TTagMovement>[]>(
    () => [
      {
        field: 'seenAt',
        card: 'secondary',
        headerName: t('fields.seenAt'),
        width: 170,
        valueFormatter: (value: string) => formatDateTime(value, language),
      },
      {
        field: 'eventType',
        card: 'status',
        headerName: t('fields.eventType'),
        width: 110,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={EVENT_COLOR[row.eventType]}
            label={t(`tagLogs.events.${row.eventType}`)}
          />
        ),
      },
      { field: 'epc', hideBelow: 'lg', card: 'secondary', headerName: t('fields.epc'), width: 230 },
      {
        field: 'articleDesignation',
        card: 'primary',
        headerName: t('fields.article'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueGetter: (_value, row) =>
          row.articleReference ? `${row.articleReference} — ${row.articleDesignation ?? ''}` : '—',
      },
      { field: 'readerName', hideBelow: 'xl', headerName: t('fields.reader'), width: 150, sortable: false },
      { field: 'location', hideBelow: 'xl', card: 'secondary', headerName: t('fields.location'), width: 150 },
      {
        field: 'antenna',
        hideBelow: 'always',
        headerName: t('fields.antenna'),
        width: 80,
        type: 'number',
        sortable: false,
      },
      {
        field: 'stockDelta',
        hideBelow: 'xl',
        headerName: t('fields.stockDelta'),
        width: 100,
        type: 'number',
        sortable: false,
        valueFormatter: (value: number) => (value > 0 ? `+${value}` : String(value)),
      },
      {
        field: 'isAuthorized',
        card: 'secondary',
        headerName: t('fields.authorization'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) => <AuthorizationChip movement={row} />,
      },
    ],
    [t, language],
  );

  return (
    <>
      <PageHeader title={t('tagLogs.title')} subtitle={t('tagLogs.subtitle')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <FilterSelect
          label={t('fields.eventType')}
          allLabel={t('tagLogs.allEvents')}
          value={eventType}
          options={TAG_EVENT_TYPES.map((type) => ({ value: type, label: t(`tagLogs.events.${type}`) }))}
          width={180}
          onChange={(v) => setFilter('eventType', v)}
        />
        {canReadReaders && (
          <ReferenceSelect
            source={readerRef}
            size="small"
            label={t('fields.reader')}
            emptyLabel={t('tagLogs.allReaders')}
            value={readerId}
            width={220}
            onChange={(v) => setFilter('readerId', v)}
          />
        )}
        <FormControlLabel
          control={
            <Switch
              checked={unauthorized}
              onChange={(e) => setFilter('unauthorized', e.target.checked ? 'true' : '')}
            />
          }
          label={t('tagLogs.unauthorizedOnly')}
        />
        {movementId && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip color="primary" data-testid="movement-filter" label={t('alarm.movementFilter', { id: movementId })} />
            <Button size="small" onClick={() => setFilter('movementId', '')}>
              {t('alarm.showAll')}
            </Button>
          </Stack>
        )}
      </Stack>
      <ResourceTable
        label={t('tagLogs.title')}
        columns={columns}
        // The path carries the client id: the endpoint takes `idClient` out of the filters.
        useList={useTagLogsQuery as never}
        filters={filters}
        defaultSort="seenAt:desc"
        emptyText={t('tagLogs.empty')}
        countKey="tagLogs.count"
      />
    </>
  );
};
