import { useState } from 'react';
import Button from '@mui/material/Button';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../../components/use-permission';
import { BindTagsDialog } from './BindTagsDialog';
import { tagsApi } from './api';
import { EpcCell, LastMovement, StatusChip } from './TagsPage';
import { DetailTable } from '../../components/DetailTable';

/** An article's tags with their last movement, and a bind button (article detail page). */
export const ArticleTagsSection = ({ articleId }: { articleId: number }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const canWrite = useCanWrite('tags');
  const [binding, setBinding] = useState(false);
  const { data } = tagsApi.useList({ page: 1, limit: 100, sort: 'epc:asc', articleId });
  return (
    <>
      {canWrite && (
        <Button size="small" startIcon={<LinkIcon />} onClick={() => setBinding(true)} sx={{ mb: 1 }}>
          {t('actions.bind')}
        </Button>
      )}
      <DetailTable
        label={t('tags.articleTags')}
        rows={data?.items}
        rowKey={(tag) => tag.id}
        empty={t('tags.noArticleTags')}
        columns={[
          { key: 'epc', header: t('fields.epc'), cell: (tag) => <EpcCell tag={tag} /> },
          { key: 'family', header: t('fields.family'), cell: (tag) => tag.familyName ?? '—' },
          { key: 'status', header: t('fields.status'), cell: (tag) => <StatusChip status={tag.status} t={t} /> },
          { key: 'inStock', header: t('fields.inStock'), cell: (tag) => t(tag.inStock ? 'tags.yes' : 'tags.no') },
          {
            key: 'lastMovement',
            header: t('fields.lastMovement'),
            cell: (tag) => <LastMovement tag={tag} language={language} />,
          },
        ]}
      />
      <BindTagsDialog open={binding} articleId={articleId} onClose={() => setBinding(false)} />
    </>
  );
};
