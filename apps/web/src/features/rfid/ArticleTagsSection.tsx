import { useState } from 'react';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../../components/use-permission';
import { BindTagsDialog } from './BindTagsDialog';
import { tagsApi } from './api';
import { EpcCell, LastMovement, StatusChip } from './TagsPage';
import { EmptyRow } from '../../components/Section';

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
      <Table size="small" aria-label={t('tags.articleTags')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.epc')}</TableCell>
            <TableCell>{t('fields.family')}</TableCell>
            <TableCell>{t('fields.status')}</TableCell>
            <TableCell>{t('fields.inStock')}</TableCell>
            <TableCell>{t('fields.lastMovement')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(data?.items ?? []).map((tag) => (
            <TableRow key={tag.id}>
              <TableCell>
                <EpcCell tag={tag} />
              </TableCell>
              <TableCell>{tag.familyName ?? '—'}</TableCell>
              <TableCell>
                <StatusChip status={tag.status} t={t} />
              </TableCell>
              <TableCell>{t(tag.inStock ? 'tags.yes' : 'tags.no')}</TableCell>
              <TableCell>
                <LastMovement tag={tag} language={language} />
              </TableCell>
            </TableRow>
          ))}
          {data?.items.length === 0 && <EmptyRow columns={5} text={t('tags.noArticleTags')} />}
        </TableBody>
      </Table>
      <BindTagsDialog open={binding} articleId={articleId} onClose={() => setBinding(false)} />
    </>
  );
};
