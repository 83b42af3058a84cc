import { useState } from 'react';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { apiCall, type DownloadedFile } from '../../app/api-client';
import { problemMessage } from '../../components/notify';
import { saveFile } from '../../components/TransferActions';
import { languageOf } from './query';

/** Downloads a report of the history as XLSX (run again), its column names in the user's language. */
export const useReportDownload = () => {
  const { t, i18n } = useTranslation();
  return async (id: number) => {
    try {
      const file = await apiCall<DownloadedFile>({
        url: `/reports/${id}/xlsx`,
        responseType: 'blob',
        language: languageOf(i18n.resolvedLanguage),
      });
      saveFile(file, `report-${id}.xlsx`);
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
  };
};

/** "Download (XLSX)" of the report just run. */
export const ReportDownload = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const download = useReportDownload();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void download(id).finally(() => setBusy(false));
      }}
      sx={{ flexShrink: 0 }}
    >
      {t('reports.result.download')}
    </Button>
  );
};
