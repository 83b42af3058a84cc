import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import UploadIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { TArticle } from '@tagstock/contract';
import { apiCall, type DownloadedFile } from '../../app/api-client';
import { useUploadArticleImageMutation } from './api';

export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

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

export const ArticleImage = ({ article, canWrite }: { article: TArticle; canWrite: boolean }) => {
  const { t } = useTranslation();
  const url = useImageUrl(article.hasImage ? `/articles/${article.id}/image` : null, article.updatedAt);
  const [upload, { isLoading }] = useUploadArticleImageMutation();
  const input = useRef<HTMLInputElement>(null);

  const onFile = async (file: File) => {
    try {
      await upload({ id: article.id, file }).unwrap();
      toast.success(t('messages.imageUpdated'));
    } catch {
      toast.error(t('messages.uploadFailed'));
    }
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
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
            alt={article.designation}
            data-testid="article-image"
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Stack sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <ImageIcon sx={{ fontSize: 48, opacity: 0.5 }} />
            <Typography variant="body2">{t('articles.noImage')}</Typography>
          </Stack>
        )}
      </Box>
      {canWrite && (
        <>
          <Button
            variant="outlined"
            startIcon={<UploadIcon />}
            disabled={isLoading}
            onClick={() => input.current?.click()}
          >
            {t(article.hasImage ? 'articles.replaceImage' : 'articles.uploadImage')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={IMAGE_TYPES}
            data-testid="image-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void onFile(file);
            }}
          />
        </>
      )}
    </Stack>
  );
};
