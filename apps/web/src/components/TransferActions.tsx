import { useEffect, useRef, useState } from 'react';
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
import { columnLabel, importErrorText, rejectedCsv, sheetLang } from './import-report';
import { problemMessage } from './notify';
import { UploadMessage, useUploadMessage } from './UploadMessage';
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

type Format = (typeof EXPORT_FORMATS)[number];

/** A button opening a menu of file formats; `download` fetches and saves the chosen one. */
const FormatMenu = ({
  label,
  download,
  variant = 'outlined',
  disabled,
}: {
  label: string;
  download: (format: Format) => Promise<void>;
  variant?: 'outlined' | 'text';
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant={variant}
        startIcon={<DownloadIcon />}
        disabled={disabled}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {label}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {EXPORT_FORMATS.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              void download(format);
            }}
          >
            {t(`transfer.format.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

/** Downloads `url` (a file the API builds) and saves it; a failure is a toast. */
const useDownload = () => {
  const { t } = useTranslation();
  return async (url: string, fallbackName: string) => {
    try {
      saveFile(await apiCall<DownloadedFile>({ url, responseType: 'blob' }), fallbackName);
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
  };
};

/** Exports what the table shows (its search and sort) as XLSX or CSV, headers and numbers in the user's language. */
export const ExportMenu = ({ path, params, name }: { path: string; params: ListParams; name: string }) => {
  const { t, i18n } = useTranslation();
  const download = useDownload();
  const lang = sheetLang(i18n.resolvedLanguage);
  return (
    <FormatMenu
      label={t('actions.export')}
      download={(format) =>
        download(
          `${path}/export${toQueryString({ format, search: params.search, sort: params.sort, lang })}`,
          `${name}.${format}`,
        )
      }
    />
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
                  <TableCell>{columnLabel(report, error.column)}</TableCell>
                  <TableCell>{importErrorText(error, report, t)}</TableCell>
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

/**
 * Import from XLSX or CSV: a dry run shows the report with per-row errors; a clean file can be applied, and a file
 * with bad rows can have its valid rows imported, the rejected ones then downloaded with their reasons.
 */
export const ImportButton = ({
  useImport,
  path,
  name,
  matchBy,
}: {
  useImport: ResourceApi<unknown, unknown, unknown>['useImport'];
  path: string;
  /** File name stem of the template and the rejected rows. */
  name: string;
  /** The column rows match existing records by. */
  matchBy: 'reference' | 'name';
}) => {
  const { t, i18n } = useTranslation();
  const lang = sheetLang(i18n.resolvedLanguage);
  const download = useDownload();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<TImportReport | null>(null);
  const [done, setDone] = useState<TImportReport | null>(null);
  // Why a file was refused, on the dialog (focused), until the next file.
  const failure = useUploadMessage();
  const [runImport, { isLoading }] = useImport();
  const input = useRef<HTMLInputElement>(null);
  // A file read: the focus goes to what the dry run found, not back to the page.
  const reportRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (report) reportRef.current?.focus();
  }, [report]);

  const close = () => {
    setOpen(false);
    setFile(null);
    setReport(null);
    setDone(null);
    failure.clear();
  };

  const preview = async (picked: File) => {
    setFile(picked);
    setReport(null);
    setDone(null);
    failure.clear();
    try {
      setReport(await runImport({ file: picked, dryRun: true, lang }).unwrap());
    } catch (error) {
      failure.refused(problemMessage(error, t, 'messages.uploadFailed'));
    }
  };

  const apply = async (validOnly: boolean) => {
    if (!file) return;
    try {
      const result = await runImport({ file, dryRun: false, validOnly, lang }).unwrap();
      toast.success(t('transfer.imported', { created: result.created, updated: result.updated }));
      // Rows left out: the dialog stays open to download them.
      if (validOnly && result.rejected?.length) setDone(result);
      else close();
    } catch (error) {
      // Rows that became invalid since the preview: nothing was written; show why.
      const body = isQueryError(error) ? (error.problem as unknown as Partial<TImportReport>) : null;
      if (body?.errors) setReport({ rows: 0, created: 0, updated: 0, applied: false, ...body } as TImportReport);
      failure.refused(problemMessage(error, t, 'messages.uploadFailed'));
    }
  };

  const saveRejected = () => {
    if (!done) return;
    const blob = new Blob([rejectedCsv(done, lang, t)], { type: 'text/csv;charset=utf-8' });
    saveFile({ blob, filename: null }, `${name}-${t('transfer.rejectedFile')}.csv`);
  };

  const validRows = report ? report.created + report.updated : 0;

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
              {t('transfer.importHelpFile')} {t(`transfer.matchBy.${matchBy}`)}
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Button variant="outlined" onClick={() => input.current?.click()} disabled={isLoading}>
                {t('transfer.chooseFile')}
              </Button>
              <Typography variant="body2">{file?.name ?? t('transfer.noFile')}</Typography>
              <Box sx={{ flex: 1 }} />
              <FormatMenu
                variant="text"
                label={t('transfer.template')}
                download={(format) =>
                  download(`${path}/import-template${toQueryString({ format, lang })}`, `${name}-template.${format}`)
                }
              />
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
            <UploadMessage outcome={failure.outcome} testId="import-failure" />
            {done ? (
              <Alert
                severity="warning"
                data-testid="import-rejected"
                action={
                  <Button color="inherit" size="small" startIcon={<DownloadIcon />} onClick={saveRejected}>
                    {t('transfer.downloadRejected')}
                  </Button>
                }
              >
                {t('transfer.rejected', { count: done.rejectedCount ?? done.rejected?.length ?? 0 })}
              </Alert>
            ) : (
              report && (
                <Box ref={reportRef} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
                  <ReportView report={report} />
                </Box>
              )
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close}>{t(done ? 'actions.close' : 'actions.cancel')}</Button>
          {!done && report && report.errors.length > 0 && validRows > 0 && (
            <Button variant="outlined" onClick={() => void apply(true)} disabled={isLoading}>
              {t('transfer.importValid', { count: validRows })}
            </Button>
          )}
          {!done && (
            <Button
              variant="contained"
              onClick={() => void apply(false)}
              disabled={!report || report.errors.length > 0 || report.rows === 0 || isLoading}
            >
              {t('actions.import')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
};
