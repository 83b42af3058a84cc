import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import ReplayIcon from '@mui/icons-material/ReplayOutlined';
import SyncIcon from '@mui/icons-material/SyncOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  lifecycleLabel,
  OUTBOX_STATUSES,
  type TEinvoiceDocumentKind,
  type TLifecycleCode,
  type TOutboxItem,
  type TOutboxStatus,
} from '@tagstock/contract';
import { formatDateTime } from '../../components/format';
import { FilterBar, useFilterQuery, type ListFilter } from '../../components/ListFilters';
import { problemMessage } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import type { ResourceColumn } from '../../components/resource-columns';
import { ResourceTable } from '../../components/ResourceTable';
import { rowAction } from '../../components/row-action';
import { statusChip, type StatusColors } from '../../components/StatusChip';
import { useCanWrite } from '../../components/use-permission';
import { useEinvoicingOutboxQuery, usePollEinvoicingMutation, useRetryEinvoicingMessageMutation } from './api';
import { lifecycleLanguage } from './lifecycle';

/** Messages waiting or retried change on the server: the list is read again this often. */
const REFRESH_MS = 5_000;

/** Each kind of document's page. */
export const DOCUMENT_PATHS: Record<TEinvoiceDocumentKind, string> = {
  invoice: '/admin/invoices',
  credit_note: '/admin/creditNotes',
  received_invoice: '/admin/receivedInvoices',
};

const COLORS: StatusColors<TOutboxStatus> = { waiting: 'info', failed: 'error', sent: 'success' };
const OutboxStatus = statusChip<TOutboxStatus>(COLORS, 'einvoicing.outbox.statuses', 'outbox-status');

const useColumns = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo<ResourceColumn<TOutboxItem>[]>(
    () => [
      {
        field: 'documentNumber',
        card: 'primary',
        headerName: t('einvoicing.outbox.document'),
        minWidth: 170,
        sortable: false,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={`${DOCUMENT_PATHS[row.documentKind]}/${row.documentId}`}
            data-testid="outbox-document"
          >
            {row.documentNumber ?? `#${row.documentId}`}
          </Link>
        ),
      },
      {
        field: 'message',
        card: 'secondary',
        headerName: t('einvoicing.outbox.message'),
        minWidth: 200,
        flex: 1,
        sortable: false,
        valueGetter: (_value: unknown, row: TOutboxItem) =>
          row.message === 'status' && row.code
            ? t('einvoicing.outbox.statusMessage', {
                status: lifecycleLabel(row.code as TLifecycleCode, lifecycleLanguage(language)),
              })
            : t(`einvoicing.outbox.kinds.${row.documentKind}`),
      },
      {
        field: 'status',
        card: 'status',
        headerName: t('einvoicing.outbox.status'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => <OutboxStatus status={row.status} />,
      },
      {
        field: 'attempts',
        hideBelow: 'md',
        headerName: t('einvoicing.outbox.attempts'),
        type: 'number',
        width: 90,
        sortable: false,
      },
      {
        field: 'lastError',
        hideBelow: 'md',
        headerName: t('einvoicing.outbox.lastError'),
        minWidth: 220,
        flex: 1,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '',
      },
      {
        field: 'nextAttemptAt',
        hideBelow: 'lg',
        headerName: t('einvoicing.outbox.nextAttempt'),
        minWidth: 170,
        sortable: false,
        valueFormatter: (value: string | null) => (value ? formatDateTime(value, language) : '—'),
      },
      {
        field: 'sentAt',
        hideBelow: 'lg',
        headerName: t('einvoicing.outbox.sentAt'),
        minWidth: 170,
        sortable: false,
        valueFormatter: (value: string | null) => (value ? formatDateTime(value, language) : '—'),
      },
      {
        field: 'createdAt',
        card: 'secondary',
        headerName: t('einvoicing.outbox.createdAt'),
        minWidth: 170,
        sortable: false,
        valueFormatter: (value: string) => formatDateTime(value, language),
      },
      {
        field: 'flowId',
        hideBelow: 'always',
        headerName: t('einvoicing.outbox.flowId'),
        minWidth: 260,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '—',
      },
    ],
    [t, language],
  );
};

/** "Relever maintenant": reads what the platform holds for the company now, not at its next poll. */
const PollButton = () => {
  const { t } = useTranslation();
  const [poll, { isLoading }] = usePollEinvoicingMutation();
  const run = async () => {
    try {
      const { read } = await poll().unwrap();
      toast.success(t('einvoicing.outbox.polled', { count: read }));
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
  };
  return (
    <Button variant="contained" startIcon={<SyncIcon />} disabled={isLoading} onClick={() => void run()}>
      {t('einvoicing.outbox.poll')}
    </Button>
  );
};

/**
 * `/admin/einvoicing`: what goes to the approved platform (issued invoices and credit notes, the statuses our users
 * give received invoices), filtered by state, newest first; "Renvoyer" for a failed message, "Relever maintenant".
 */
export const EinvoicingPage = () => {
  const { t } = useTranslation();
  const canWrite = useCanWrite('einvoicing');
  const columns = useColumns();
  const [retry] = useRetryEinvoicingMessageMutation();
  const filters: ListFilter[] = [
    {
      param: 'status',
      label: t('einvoicing.outbox.status'),
      allLabel: t('einvoicing.outbox.allStatuses'),
      options: OUTBOX_STATUSES.map((status) => ({ value: status, label: t(`einvoicing.outbox.filters.${status}`) })),
      width: 200,
    },
  ];
  const query = useFilterQuery(filters);
  const sendAgain = async (row: TOutboxItem) => {
    try {
      await retry(row.id).unwrap();
      toast.success(t('einvoicing.sending.retried'));
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
  };
  return (
    <Box>
      <PageHeader
        title={t('einvoicing.title')}
        subtitle={t('einvoicing.subtitle')}
        actions={canWrite && <PollButton />}
      />
      <FilterBar filters={filters} />
      <ResourceTable<TOutboxItem>
        label={t('einvoicing.title')}
        columns={columns}
        useList={useEinvoicingOutboxQuery as never}
        filters={query}
        emptyText={t('einvoicing.outbox.empty')}
        countKey="einvoicing.outbox.count"
        searchLabel={t('einvoicing.outbox.search')}
        pollingInterval={REFRESH_MS}
        rowActions={
          canWrite
            ? (row) =>
                row.status === 'failed'
                  ? [rowAction('retry', <ReplayIcon />, t('einvoicing.sending.retry'), () => void sendAgain(row))]
                  : []
            : undefined
        }
      />
    </Box>
  );
};
