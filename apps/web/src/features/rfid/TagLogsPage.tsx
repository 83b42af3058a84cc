import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { TAG_EVENT_TYPES, type TTagMovement } from '@tagstock/contract';
import { useAppSelector } from '../../app/hooks';
import { FilterSelect } from '../../components/FilterSelect';
import { useUrlFilters } from '../../components/use-list-params';
import { PageHeader } from '../../components/PageHeader';
import { useHasPermission } from '../../components/use-permission';
import { ResourceTable } from '../../components/ResourceTable';
import { formatDateTime } from '../../components/format';
import { useReaderOptions, useTagLogsQuery } from './api';

const EVENT_COLOR = { IN: 'success', OUT: 'warning', unknown: 'default', seen: 'info' } as const;

export const AuthorizationChip = ({ movement }: { movement: TTagMovement }) => {
  const { t } = useTranslation();
  if (movement.isAuthorized === null) return <>{t('tagLogs.notApplicable')}</>;
  if (movement.isAuthorized)
    return <Chip size="small" variant="outlined" color="success" label={t('tagLogs.authorized')} />;
  const label = movement.authorizationMessage ?? t('tagLogs.unauthorized');
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
  const readers = useReaderOptions(!canReadReaders);
  const { searchParams, setFilter } = useUrlFilters();
  const eventType = searchParams.get('eventType') ?? '';
  const unauthorized = searchParams.get('unauthorized') === 'true';
  const readerId = searchParams.get('readerId') ?? '';
  const filters = useMemo(
    () => ({
      idClient,
      eventType: eventType || undefined,
      unauthorized: unauthorized ? 'true' : undefined,
      readerId: readerId || undefined,
    }),
    [idClient, eventType, unauthorized, readerId],
  );

  const columns = useMemo<GridColDef<TTagMovement>[]>(
    () => [
      {
        field: 'seenAt',
        headerName: t('fields.seenAt'),
        width: 170,
        valueFormatter: (value: string) => formatDateTime(value, language),
      },
      {
        field: 'eventType',
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
      { field: 'epc', headerName: t('fields.epc'), width: 230 },
      {
        field: 'articleDesignation',
        headerName: t('fields.article'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueGetter: (_value, row) =>
          row.articleReference ? `${row.articleReference} — ${row.articleDesignation ?? ''}` : '—',
      },
      { field: 'readerName', headerName: t('fields.reader'), width: 150, sortable: false },
      { field: 'location', headerName: t('fields.location'), width: 150 },
      { field: 'antenna', headerName: t('fields.antenna'), width: 80, type: 'number', sortable: false },
      {
        field: 'stockDelta',
        headerName: t('fields.stockDelta'),
        width: 100,
        type: 'number',
        sortable: false,
        valueFormatter: (value: number) => (value > 0 ? `+${value}` : String(value)),
      },
      {
        field: 'isAuthorized',
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
          <FilterSelect
            label={t('fields.reader')}
            allLabel={t('tagLogs.allReaders')}
            value={readerId}
            options={readers}
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
