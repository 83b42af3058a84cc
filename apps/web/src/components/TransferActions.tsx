import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { EXPORT_FORMATS, type TImportReport } from '@tagstock/contract';
import { apiCall, type DownloadedFile } from '../app/api-client';
import { isQueryError } from '../app/base-api';
import { toQueryString, type ResourceApi } from '../app/resource-api';
import { problemMessage } from './notify';
import type { ListParams } from './use-list-params';

/** Saves a blob under a name through a temporary link. */
export const saveFile = ({ blob, filename }: DownloadedFile, fallbackName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** Exports what the table shows (its search and sort) as XLSX or CSV. */
export const ExportMenu = ({ path, params, name }: { path: string; params: ListParams; name: string }) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const download = async (format: (typeof EXPORT_FORMATS)[number]) => {
    setAnchor(null);
    try {
      const file = await apiCall<DownloadedFile>({
        url: `${path}/export${toQueryString({ format, search: params.search, sort: params.sort })}`,
        responseType: 'blob',
      });
      saveFile(file, `${name}.${format}`);
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
  };
  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={(e) => setAnchor(e.currentTarget)}>
        {t('actions.export')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void download(format)}>
            {t(`transfer.format.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

const ReportView = ({ report }: { report: TImportReport }) => {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid="import-report">
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Chip label={t('transfer.rows', { count: report.rows })} />
        <Chip color="success" variant="outlined" label={t('transfer.toCreate', { count: report.created })} />
        <Chip color="info" variant="outlined" label={t('transfer.toUpdate', { count: report.updated })} />
        {report.errors.length > 0 && (
          <Chip color="error" label={t('transfer.errorCount', { count: report.errors.length })} />
        )}
      </Stack>
      {report.errors.length > 0 ? (
        <Box sx={{ maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label={t('transfer.errorsTable')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('transfer.line')}</TableCell>
                <TableCell>{t('transfer.column')}</TableCell>
                <TableCell>{t('transfer.message')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.errors.map((error, index) => (
                <TableRow key={`${error.line}-${error.column}-${index}`}>
                  <TableCell>{error.line}</TableCell>
                  <TableCell>{error.column}</TableCell>
                  <TableCell>{error.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : (
        <Alert severity="success">{t('transfer.ready')}</Alert>
      )}
    </Stack>
  );
};

/** Import from XLSX or CSV: a dry run shows the report with per-row errors; only a clean file can be applied. */
export const ImportButton = ({
  useImport,
  columnsHint,
}: {
  useImport: ResourceApi<unknown, unknown, unknown>['useImport'];
  columnsHint: string;
}) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<TImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [runImport, { isLoading }] = useImport();
  const input = useRef<HTMLInputElement>(null);

  const close = () => {
    setOpen(false);
    setFile(null);
    setReport(null);
    setFailure(null);
  };

  const preview = async (picked: File) => {
    setFile(picked);
    setReport(null);
    setFailure(null);
    try {
      setReport(await runImport({ file: picked, dryRun: true }).unwrap());
    } catch (error) {
      setFailure(problemMessage(error, t));
    }
  };

  const apply = async () => {
    if (!file) return;
    try {
      const result = await runImport({ file, dryRun: false }).unwrap();
      toast.success(t('transfer.imported', { created: result.created, updated: result.updated }));
      close();
    } catch (error) {
      // Rows that became invalid since the preview: nothing was written; show why.
      const body = isQueryError(error) ? (error.problem as unknown as Partial<TImportReport>) : null;
      if (body?.errors) setReport({ rows: 0, created: 0, updated: 0, applied: false, ...body } as TImportReport);
      setFailure(problemMessage(error, t));
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setOpen(true)}>
        {t('actions.import')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="import-title">
        <DialogTitle id="import-title">{t('transfer.importTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('transfer.importHelp', { columns: columnsHint })}
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button variant="outlined" onClick={() => input.current?.click()} disabled={isLoading}>
                {t('transfer.chooseFile')}
              </Button>
              <Typography variant="body2">{file?.name ?? t('transfer.noFile')}</Typography>
              <input
                ref={input}
                type="file"
                hidden
                data-testid="import-file"
                accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => {
                  const picked = e.target.files?.[0];
                  e.target.value = '';
                  if (picked) void preview(picked);
                }}
              />
            </Stack>
            {failure && <Alert severity="error">{failure}</Alert>}
            {report && <ReportView report={report} />}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close}>{t('actions.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => void apply()}
            disabled={!report || report.errors.length > 0 || report.rows === 0 || isLoading}
          >
            {t('actions.import')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
