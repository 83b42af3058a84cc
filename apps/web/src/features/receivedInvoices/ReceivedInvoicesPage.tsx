import { useMemo, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import type { TReceivedInvoiceSummary } from '@tagstock/contract';
import { formatDate, formatDateTime } from '../../components/format';
import { ImageFileButton } from '../../components/ImagePicker';
import { FilterBar, useFilterQuery, type ListFilter } from '../../components/ListFilters';
import { PageHeader } from '../../components/PageHeader';
import type { ResourceColumn } from '../../components/resource-columns';
import { ResourceTable } from '../../components/ResourceTable';
import { useCanWrite } from '../../components/use-permission';
import { supplierRef } from '../suppliers/api';
import { receivedInvoicesApi } from './api';
import { BuyerMismatchDialog } from './BuyerMismatchDialog';
import { ValidityChip } from './ValidityChip';
import { UploadMessage } from '../../components/UploadMessage';
import { ACCEPTED_FILES, formatAmount, MAX_MB, useReceiveFile } from './receive';

const useColumns = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo<ResourceColumn<TReceivedInvoiceSummary>[]>(
    () => [
      {
        field: 'number',
        card: 'primary',
        headerName: t('receivedInvoices.number'),
        width: 150,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'issueDate',
        card: 'secondary',
        headerName: t('receivedInvoices.issueDate'),
        width: 125,
        valueFormatter: (value: string | null) => formatDate(value, language),
      },
      {
        field: 'sellerName',
        card: 'secondary',
        headerName: t('receivedInvoices.seller'),
        flex: 1,
        minWidth: 160,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'supplierName',
        hideBelow: 'md',
        headerName: t('fields.supplier'),
        flex: 1,
        minWidth: 150,
        valueFormatter: (value: string | null) => value ?? t('receivedInvoices.noSupplier'),
      },
      {
        field: 'purchaseOrderNumber',
        hideBelow: 'lg',
        headerName: t('receivedInvoices.purchaseOrder'),
        width: 160,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'valid',
        card: 'status',
        headerName: t('receivedInvoices.validity'),
        width: 170,
        renderCell: ({ row }) => <ValidityChip valid={row.valid} errors={row.errorCount} />,
      },
      {
        field: 'totalGross',
        card: 'secondary',
        headerName: t('receivedInvoices.totalGross'),
        type: 'number',
        width: 140,
        valueFormatter: (value: string | null, row: TReceivedInvoiceSummary) =>
          formatAmount(value, row.currency, language),
      },
      {
        field: 'receivedAt',
        hideBelow: 'lg',
        headerName: t('receivedInvoices.receivedAt'),
        width: 170,
        valueFormatter: (value: string) => formatDateTime(value, language),
      },
    ],
    [t, language],
  );
};

/**
 * `/admin/receivedInvoices`: the supplier invoices received (Factur-X PDFs, CII XML), filtered by supplier and
 * validity (kept in the URL); a file dropped on the page or chosen with the button is received.
 */
export const ReceivedInvoicesPage = () => {
  const { t } = useTranslation();
  const canWrite = useCanWrite('receivedInvoices');
  const filters: ListFilter[] = [
    {
      param: 'supplierId',
      label: t('fields.supplier'),
      allLabel: t('receivedInvoices.allSuppliers'),
      source: supplierRef,
      width: 240,
    },
    {
      param: 'valid',
      label: t('receivedInvoices.validity'),
      allLabel: t('receivedInvoices.allValidities'),
      options: [
        { value: 'true', label: t('receivedInvoices.valid') },
        { value: 'false', label: t('receivedInvoices.invalid') },
      ],
      width: 200,
    },
  ];
  const query = useFilterQuery(filters);
  const columns = useColumns();
  const { send, sending, question, confirm, cancel, outcome, clearOutcome } = useReceiveFile();
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file && canWrite && !sending) void send(file);
  };
  const dropHandlers = canWrite
    ? {
        onDragOver: (e: DragEvent) => {
          e.preventDefault();
          setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop,
      }
    : {};
  return (
    <Box {...dropHandlers}>
      <PageHeader
        title={t('receivedInvoices.title')}
        subtitle={t('receivedInvoices.subtitle')}
        actions={
          canWrite && (
            <ImageFileButton
              label={t('receivedInvoices.receive')}
              accept={ACCEPTED_FILES}
              testId="received-invoice-file"
              icon={<UploadIcon />}
              disabled={sending}
              onFile={(file) => void send(file)}
            />
          )
        }
      />
      {canWrite && (
        <Box
          data-testid="received-invoice-drop"
          sx={{
            mb: 2,
            p: 2,
            border: 2,
            borderStyle: 'dashed',
            borderRadius: 1,
            borderColor: dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : undefined,
            textAlign: 'center',
          }}
        >
          <Typography color="text.secondary">
            {sending ? t('receivedInvoices.sending') : t('receivedInvoices.dropHint', { max: MAX_MB })}
          </Typography>
        </Box>
      )}
      {outcome && (
        <Box sx={{ mb: 2 }}>
          <UploadMessage outcome={outcome} onClose={clearOutcome} />
        </Box>
      )}
      <FilterBar filters={filters} />
      <ResourceTable<TReceivedInvoiceSummary>
        label={t('receivedInvoices.title')}
        columns={columns}
        useList={receivedInvoicesApi.useList}
        filters={query}
        defaultSort="receivedAt:desc"
        emptyText={t('receivedInvoices.empty')}
        countKey="receivedInvoices.count"
        detailPath={(row) => `/admin/receivedInvoices/${row.id}`}
        searchLabel={t('receivedInvoices.search')}
      />
      <BuyerMismatchDialog question={question} busy={sending} onConfirm={confirm} onClose={cancel} />
    </Box>
  );
};
