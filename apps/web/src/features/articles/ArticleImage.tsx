import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { TArticle } from '@tagstock/contract';
import { ImageFileButton, ImageFrame, useImageUrl } from '../../components/ImagePicker';
import { UploadMessage, useUploadMessage } from '../../components/UploadMessage';
import { useUploadArticleImageMutation } from './api';

export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

export const ArticleImage = ({ article, canWrite }: { article: TArticle; canWrite: boolean }) => {
  const { t } = useTranslation();
  const url = useImageUrl(article.hasImage ? `/articles/${article.id}/image` : null, article.updatedAt);
  const [upload, { isLoading }] = useUploadArticleImageMutation();
  const message = useUploadMessage();

  const onFile = async (file: File) => {
    try {
      await upload({ id: article.id, file }).unwrap();
      message.succeeded(t('messages.imageUpdated'));
    } catch {
      message.refused(t('messages.uploadFailed'));
    }
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <ImageFrame url={url} alt={article.designation} testId="article-image" emptyText={t('articles.noImage')} />
      {canWrite && (
        <ImageFileButton
          label={t(article.hasImage ? 'articles.replaceImage' : 'articles.uploadImage')}
          accept={IMAGE_TYPES}
          testId="image-file"
          disabled={isLoading}
          onFile={(file) => void onFile(file)}
        />
      )}
      <UploadMessage outcome={message.outcome} onClose={message.clear} />
    </Stack>
  );
};
