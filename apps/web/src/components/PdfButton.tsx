import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { apiCall, type DownloadedFile } from '../app/api-client';
import { problemMessage } from './notify';
import { saveFile } from './TransferActions';

/** Downloads a file of the API (`path` of its route) with the session's token, saved as the server names it. */
export const DownloadButton = ({
  path,
  fileName,
  label,
  icon = <DownloadIcon />,
}: {
  path: string;
  /** The name when the server gives none. */
  fileName: string;
  label: string;
  icon?: ReactNode;
}) => {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const file = await apiCall<DownloadedFile>({ url: path, responseType: 'blob' });
      saveFile(file, fileName);
    } catch (error) {
      toast.error(problemMessage(error, t));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={icon} disabled={downloading} onClick={() => void download()}>
      {label}
    </Button>
  );
};

/** Downloads a document's PDF (`path` of its API route) in the interface language, saved as `<number>.pdf`. */
export const PdfButton = ({ path, number }: { path: string; number: string }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'fr' ? 'fr' : 'en';
  return <DownloadButton path={`${path}?lang=${lang}`} fileName={`${number}.pdf`} label={t('documents.pdf')} />;
};
