import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { DELIVERY_NOTE_STATUSES, type TDeliveryNoteSummary as Row } from '@tagstock/contract';
import { formatDate } from '../../components/format';
import { DocumentListPage, listColumns, statusFilter } from '../../components/documents/DocumentListPage';
import { useCanWrite } from '../../components/use-permission';
import { customerFilter } from '../customers/api';
import { DeliveryNoteStatusChip, deliveryNotesApi } from './api';

/** Its status, and "late" once the planned date has passed without a delivery. */
export const NoteStatus = ({ note }: { note: Pick<Row, 'status' | 'late'> }) => {
  const { t } = useTranslation();
  return (
    <span>
      <DeliveryNoteStatusChip status={note.status} />
      {note.late && <Chip size="small" color="error" label={t('deliveryNotes.late')} data-testid="delivery-late" />}
    </span>
  );
};

/** `/admin/deliveryNotes`: the delivery notes, filtered by status, customer and lateness (kept in the URL). */
export const DeliveryNotesPage = () => {
  const { t, i18n } = useTranslation();
  const column = listColumns<Row>(t, { flex: 1, minWidth: 130 });
  return (
    <DocumentListPage<Row>
      texts="deliveryNotes"
      path="/admin/deliveryNotes"
      canCreate={useCanWrite('deliveryNotes')}
      filters={[
        statusFilter(t, 'deliveryNotes', DELIVERY_NOTE_STATUSES),
        customerFilter(t),
        {
          param: 'late',
          label: t('deliveryNotes.late'),
          allLabel: t('deliveryNotes.allNotes'),
          width: 200,
          options: [{ value: 'true', label: t('deliveryNotes.lateOnly') }],
        },
      ]}
      columns={[
        column('number', 'outputs.number', { card: 'primary', valueFormatter: (v) => v ?? t('deliveryNotes.draft') }),
        column('customerName', 'fields.customer', { minWidth: 180 }),
        column('source', 'deliveryNotes.source', {
          sortable: false,
          valueGetter: (_v, r) => r.invoiceNumber ?? r.proformaNumber ?? '—',
        }),
        column('plannedDate', 'deliveryNotes.plannedDate', { valueFormatter: (v) => formatDate(v, i18n.language) }),
        column('status', 'fields.status', {
          card: 'status',
          minWidth: 190,
          renderCell: ({ row }) => <NoteStatus note={row} />,
        }),
        column('units', 'outputs.units', { type: 'number', flex: 0, width: 90 }),
      ]}
      useList={deliveryNotesApi.useList}
      defaultSort="plannedDate:desc"
      searchLabel={t('deliveryNotes.search')}
    />
  );
};
