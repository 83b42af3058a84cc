import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import ReleaseIcon from '@mui/icons-material/LockOpenOutlined';
import { rowAction } from '../../components/row-action';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { TFunction } from 'i18next';
import {
  addDaysTo,
  RESERVATION_STATUSES,
  reservationToday,
  ZReservationInput,
  type TReservation,
  type TReservationHistoryEntry,
  type TReservationInput,
} from '@tagstock/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { ResourceForm, toFormValues, type FieldDef } from '../../components/ResourceForm';
import { ResourceTable } from '../../components/ResourceTable';
import { Section } from '../../components/Section';
import { formatDate, formatDateTime } from '../../components/format';
import { problemMessage } from '../../components/notify';
import type { ResourceColumn } from '../../components/resource-columns';
import { useCanWrite } from '../../components/use-permission';
import { articleRef } from '../articles/api';
import { customerRef } from '../customers/api';
import { reservationExtrasApi, reservationsApi, useReleaseReservationMutation } from './api';

const FIELDS: readonly FieldDef[] = [
  { name: 'articleId', labelKey: 'fields.article', kind: 'select', reference: articleRef, required: true },
  { name: 'quantity', labelKey: 'fields.quantity', kind: 'number', required: true, half: true },
  { name: 'until', labelKey: 'reservations.until', kind: 'date', required: true, half: true },
  { name: 'customerId', labelKey: 'fields.customer', kind: 'select', reference: customerRef },
];

const STATUS_COLOR = { active: 'success', released: 'default', expired: 'warning' } as const;

/** The document a reservation is for, or its customer, as one line. */
const forWhom = (r: TReservation, t: TFunction) =>
  [
    r.customerName,
    r.documentType
      ? `${t(`reservations.documents.${r.documentType}`)} ${r.documentNumber ?? `#${r.documentId}`}`
      : null,
  ]
    .filter(Boolean)
    .join(' · ') || '—';

const columnsOf = (t: TFunction, language: string): ResourceColumn<TReservation>[] => [
  { field: 'reference', card: 'secondary', headerName: t('fields.reference'), width: 120 },
  { field: 'designation', card: 'primary', headerName: t('fields.designation'), flex: 1.4, minWidth: 170 },
  { field: 'quantity', headerName: t('fields.quantity'), type: 'number', width: 90 },
  {
    field: 'customerName',
    card: 'secondary',
    headerName: t('reservations.for'),
    flex: 1,
    minWidth: 150,
    valueGetter: (_v, row) => forWhom(row, t),
  },
  {
    field: 'until',
    card: 'secondary',
    headerName: t('reservations.until'),
    width: 120,
    valueFormatter: (value: string) => formatDate(value, language),
  },
  {
    field: 'status',
    card: 'status',
    headerName: t('fields.status'),
    width: 130,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        variant="outlined"
        color={STATUS_COLOR[row.status]}
        label={t(`reservations.statuses.${row.status}`)}
      />
    ),
  },
  { field: 'createdByName', hideBelow: 'xl', headerName: t('reservations.by'), width: 150, sortable: false },
];

const historyColumnsOf = (t: TFunction, language: string): ResourceColumn<TReservationHistoryEntry>[] => [
  {
    field: 'createdAt',
    card: 'secondary',
    headerName: t('reservations.when'),
    width: 170,
    valueFormatter: (value: string) => formatDateTime(value, language),
  },
  {
    field: 'event',
    card: 'status',
    headerName: t('reservations.what'),
    width: 200,
    sortable: false,
    valueGetter: (_v, row) =>
      row.event === 'reserved' ? t('reservations.events.reserved') : t(`reservations.causes.${row.cause ?? 'manual'}`),
  },
  {
    field: 'designation',
    card: 'primary',
    headerName: t('fields.article'),
    flex: 1.4,
    minWidth: 170,
    sortable: false,
    valueGetter: (_v, row) => `${row.reference} — ${row.designation}`,
  },
  { field: 'quantity', headerName: t('fields.quantity'), type: 'number', width: 90, sortable: false },
  {
    field: 'reason',
    hideBelow: 'lg',
    headerName: t('reservations.why'),
    flex: 1,
    minWidth: 150,
    sortable: false,
    valueGetter: (_v, row) => row.reason ?? row.customerName ?? '—',
  },
  {
    field: 'userName',
    card: 'secondary',
    headerName: t('reservations.by'),
    width: 150,
    sortable: false,
    valueGetter: (value: string | null) => value ?? t('reservations.system'),
  },
];

/** Reservations (SPEC "reservation history"): what is held, for whom and until when; release; the history. */
export const ReservationsPage = () => {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('reservations');
  const [creating, setCreating] = useState(false);
  const [releasing, setReleasing] = useState<TReservation | null>(null);
  const [reason, setReason] = useState('');
  const [create] = reservationsApi.useCreate();
  const [release, { isLoading: busy }] = useReleaseReservationMutation();
  const { filters: urlFilters, updateFilter } = useStatusFilter();
  const columns = useMemo(() => columnsOf(t, i18n.language), [t, i18n.language]);
  const historyColumns = useMemo(() => historyColumnsOf(t, i18n.language), [t, i18n.language]);
  const initialValues = useMemo(
    () => toFormValues(FIELDS, { quantity: 1, until: addDaysTo(reservationToday(), 7) }),
    // A new form each time it opens: today may have changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [creating],
  );

  const submit = async (values: TReservationInput) => {
    await create(values).unwrap();
    toast.success(t('reservations.created'));
    setCreating(false);
  };
  const confirmRelease = async () => {
    if (!releasing) return;
    try {
      await release({ id: releasing.id, reason }).unwrap();
      toast.success(t('reservations.released'));
    } catch (error) {
      toast.error(problemMessage(error, t, 'errors.saveFailed'));
    }
    setReleasing(null);
    setReason('');
  };

  return (
    <>
      <PageHeader
        title={t('reservations.title')}
        subtitle={t('reservations.subtitle')}
        actions={
          canWrite ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {t('reservations.new')}
            </Button>
          ) : undefined
        }
      />
      <Stack direction="row" sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <FilterSelect
          label={t('fields.status')}
          allLabel={t('reservations.allStatuses')}
          value={urlFilters.status}
          width={200}
          options={RESERVATION_STATUSES.map((s) => ({ value: s, label: t(`reservations.statuses.${s}`) }))}
          onChange={(value) => updateFilter(value)}
        />
      </Stack>
      <ResourceTable<TReservation>
        label={t('reservations.title')}
        columns={columns}
        useList={reservationsApi.useList as never}
        filters={urlFilters.status ? { status: urlFilters.status } : undefined}
        defaultSort="createdAt:desc"
        emptyText={t('reservations.empty')}
        countKey="reservations.count"
        rowActions={
          canWrite
            ? (row) =>
                row.status === 'active'
                  ? [rowAction('release', <ReleaseIcon />, t('reservations.release'), () => setReleasing(row))]
                  : []
            : undefined
        }
      />
      <Box sx={{ mt: 3 }}>
        <Section title={t('reservations.history')} testId="reservation-history">
          <ResourceTable<TReservationHistoryEntry>
            label={t('reservations.history')}
            searchLabel={t('reservations.searchHistory')}
            columns={historyColumns}
            useList={reservationExtrasApi.endpoints.reservationHistory.useQuery as never}
            defaultSort="createdAt:desc"
            emptyText={t('reservations.noHistory')}
            paramPrefix="history"
            screen="reservationHistory"
          />
        </Section>
      </Box>
      <ResourceForm<TReservationInput>
        open={creating}
        mode="create"
        title={t('reservations.new')}
        fields={FIELDS}
        schema={ZReservationInput as never}
        initialValues={initialValues}
        onSubmit={submit}
        onClose={() => setCreating(false)}
      />
      <ConfirmDialog
        open={releasing !== null}
        title={t('reservations.releaseTitle')}
        message={t('reservations.releaseConfirm', {
          quantity: releasing?.quantity ?? 0,
          name: releasing ? `${releasing.reference} — ${releasing.designation}` : '',
        })}
        confirmLabel={t('reservations.release')}
        busy={busy}
        onConfirm={() => void confirmRelease()}
        onClose={() => {
          setReleasing(null);
          setReason('');
        }}
      >
        <TextField
          fullWidth
          size="small"
          sx={{ mt: 2 }}
          label={t('reservations.reason')}
          value={reason}
          slotProps={{ htmlInput: { maxLength: 300 } }}
          onChange={(e) => setReason(e.target.value)}
        />
      </ConfirmDialog>
    </>
  );
};

/** The status filter, kept in the URL like the table's own state; a new filter goes back to page 1. */
function useStatusFilter() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  return {
    filters: { status },
    updateFilter: (value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set('status', value);
          else next.delete('status');
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
  };
}
