import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import UploadIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { apiCall, type DownloadedFile } from '../app/api-client';

/** Image bytes need the bearer header, so they are fetched as a blob and shown through an object URL. */
export const useImageUrl = (path: string | null, version: string) => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) {
      setUrl(null);
      return;
    }
    let objectUrl: string | null = null;
    let cancelled = false;
    apiCall<DownloadedFile>({ url: path, responseType: 'blob', silent: true })
      .then(({ blob }) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!cancelled) setUrl(null);
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, version]);
  return url;
};

/** An image in a 4:3 frame, or a placeholder saying there is none. */
export const ImageFrame = ({
  url,
  alt,
  testId,
  emptyText,
}: {
  url: string | null;
  alt: string;
  testId: string;
  emptyText: string;
}) => (
  <Box
    sx={{
      width: '100%',
      aspectRatio: '4 / 3',
      borderRadius: 1,
      bgcolor: '#f1f4f8',
      display: 'grid',
      placeItems: 'center',
      overflow: 'hidden',
    }}
  >
    {url ? (
      <Box
        component="img"
        src={url}
        alt={alt}
        data-testid={testId}
        sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
      />
    ) : (
      <Stack sx={{ alignItems: 'center', color: 'text.secondary' }}>
        <ImageIcon sx={{ fontSize: 48, opacity: 0.5 }} />
        <Typography variant="body2">{emptyText}</Typography>
      </Stack>
    )}
  </Box>
);

/** A button that opens the file chooser for one image; the same file can be chosen again. */
export const ImageFileButton = ({
  label,
  accept,
  testId,
  disabled,
  onFile,
  icon = <UploadIcon />,
}: {
  label: ReactNode;
  accept: string;
  testId: string;
  disabled: boolean;
  onFile: (file: File) => void;
  /** The button's icon (a picture by default). */
  icon?: ReactNode;
}) => {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" startIcon={icon} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
};
