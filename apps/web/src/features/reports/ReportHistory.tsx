import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import EditIcon from '@mui/icons-material/DriveFileRenameOutlineOutlined';
import ReplayIcon from '@mui/icons-material/ReplayOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { REPORT_NAME_MAX, type TReportHistoryItem } from '@tagstock/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime, formatNumber } from '../../components/format';
import { problemMessage } from '../../components/notify';
import { ResourceTable } from '../../components/ResourceTable';
import type { ResourceColumn } from '../../components/resource-columns';
import { rowAction } from '../../components/row-action';
import { useCanWrite } from '../../components/use-permission';
import { useDeleteReportMutation, useRenameReportMutation, useReportHistoryQuery } from './api';
import { languageOf, querySummary } from './query';
import { useReportDownload } from './ReportDownload';

/** A report's name in the history: its own, else its question, else what it measures by what. */
export const useReportTitle = () => {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  return useCallback(
    (item: TReportHistoryItem) =>
      item.name ??
      item.question ??
      querySummary(item.query, language, (measures, dimensions) => t('reports.summary.by', { measures, dimensions })),
    [t, language],
  );
};

const RenameDialog = ({ item, onClose }: { item: TReportHistoryItem | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const title = useReportTitle();
  const [name, setName] = useState<string | null>(null);
  const [rename, { isLoading }] = useRenameReportMutation();
  const value = name ?? (item ? title(item) : '');
  const close = () => {
    setName(null);
    onClose();
  };
  const save = async () => {
    if (!item || !value.trim()) return;
    try {
      await rename({ id: item.id, name: value.trim() }).unwrap();
      toast.success(t('reports.history.renamed'));
      close();
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
  };
  return (
    <Dialog open={!!item} onClose={close} fullWidth maxWidth="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogTitle>{t('reports.history.renameTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            required
            margin="dense"
            label={t('reports.history.nameLabel')}
            value={value}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: REPORT_NAME_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isLoading || !value.trim()}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

/**
 * The reports run before, newest first: name (or question, or what it measures), origin, who, when, rows. Each can
 * be run again (into the builder, with its result), downloaded again; renamed and deleted with `reports.write`.
 */
export const ReportHistory = ({ onRerun }: { onRerun: (item: TReportHistoryItem) => void }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const canWrite = useCanWrite('reports');
  const title = useReportTitle();
  const download = useReportDownload();
  const [renaming, setRenaming] = useState<TReportHistoryItem | null>(null);
  const [deleting, setDeleting] = useState<TReportHistoryItem | null>(null);
  const [remove, { isLoading: removing }] = useDeleteReportMutation();

  const columns = useMemo<ResourceColumn<TReportHistoryItem>[]>(
    () => [
      {
        field: 'name',
        card: 'primary',
        headerName: t('reports.history.name'),
        flex: 2,
        minWidth: 240,
        valueGetter: (_v, row) => title(row),
      },
      {
        field: 'source',
        headerName: t('reports.history.source'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.source === 'question' ? 'secondary' : 'default'}
            label={t(`reports.history.sources.${row.source}`)}
          />
        ),
      },
      {
        field: 'createdByName',
        card: 'secondary',
        hideBelow: 'md',
        headerName: t('reports.history.createdBy'),
        minWidth: 150,
        flex: 1,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'createdAt',
        hideBelow: 'md',
        headerName: t('reports.history.createdAt'),
        minWidth: 170,
        valueFormatter: (value: string) => formatDateTime(value, language),
      },
      {
        field: 'lastRunAt',
        card: 'secondary',
        headerName: t('reports.history.lastRunAt'),
        minWidth: 170,
        valueFormatter: (value: string) => formatDateTime(value, language),
      },
      {
        field: 'rowCount',
        hideBelow: 'md',
        headerName: t('reports.history.rowCount'),
        type: 'number',
        width: 90,
        sortable: false,
        valueFormatter: (value: number) => formatNumber(value, language),
      },
    ],
    [t, language, title],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      toast.success(t('reports.history.deleted'));
    } catch (error) {
      toast.error(problemMessage(error, t, 'errors.deleteFailed'));
    }
    setDeleting(null);
  };

  return (
    <>
      <ResourceTable<TReportHistoryItem>
        label={t('reports.history.title')}
        screen="reports-history"
        columns={columns}
        useList={useReportHistoryQuery as never}
        defaultSort="createdAt:desc"
        emptyText={t('reports.history.empty')}
        countKey="reports.history.count"
        searchLabel={t('reports.history.search')}
        rowActions={(row) => [
          rowAction('rerun', <ReplayIcon />, t('reports.history.rerun'), () => onRerun(row)),
          rowAction('download', <DownloadIcon />, t('reports.history.download'), () => void download(row.id)),
          ...(canWrite
            ? [
                rowAction('rename', <EditIcon />, t('reports.history.rename'), () => setRenaming(row)),
                rowAction('delete', <DeleteIcon />, t('reports.history.delete'), () => setDeleting(row)),
              ]
            : []),
        ]}
      />
      <RenameDialog item={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={!!deleting}
        danger
        busy={removing}
        title={t('reports.history.deleteTitle')}
        message={t('reports.history.deleteMessage', { name: deleting ? title(deleting) : '' })}
        confirmLabel={t('reports.history.delete')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
};
