import { useState } from 'react';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { apiCall, type DownloadedFile } from '../app/api-client';
import { problemMessage } from './notify';
import { saveFile } from './TransferActions';

/** Downloads a document's PDF (`path` of its API route) in the interface language, saved as `<number>.pdf`. */
export const PdfButton = ({ path, number }: { path: string; number: string }) => {
  const { t, i18n } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const lang = i18n.resolvedLanguage === 'fr' ? 'fr' : 'en';
      const file = await apiCall<DownloadedFile>({ url: `${path}?lang=${lang}`, responseType: 'blob' });
      saveFile(file, `${number}.pdf`);
    } catch (error) {
      toast.error(problemMessage(error, t));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} disabled={downloading} onClick={() => void download()}>
      {t('documents.pdf')}
    </Button>
  );
};
