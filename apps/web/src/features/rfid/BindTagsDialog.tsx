import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TTagBindReport } from '@tagstock/contract';
import { notifyError } from '../../components/notify';
import { useArticleOptions, useBindTagsMutation, useTagFamilyOptions } from './api';

/** One EPC per line; blank lines are left out. */
export const epcLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

type BindTagsDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Bind to this article (its detail page); otherwise the dialog asks for one. */
  articleId?: number;
};

/** Pasted EPCs bound to one article: unknown ones are created, known ones rebound; the report is shown. */
export const BindTagsDialog = ({ open, onClose, articleId }: BindTagsDialogProps) => {
  const { t } = useTranslation();
  const articles = useArticleOptions();
  const families = useTagFamilyOptions();
  const [article, setArticle] = useState('');
  const [family, setFamily] = useState('');
  const [text, setText] = useState('');
  const [report, setReport] = useState<TTagBindReport | null>(null);
  const [bind, { isLoading }] = useBindTagsMutation();

  useEffect(() => {
    if (!open) return;
    setArticle(articleId ? String(articleId) : '');
    setFamily('');
    setText('');
    setReport(null);
  }, [open, articleId]);

  const epcs = epcLines(text);
  const submit = async () => {
    try {
      setReport(await bind({ articleId: Number(article), familyId: family ? Number(family) : null, epcs }).unwrap());
    } catch (error) {
      notifyError(error, t);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="bind-title">
      <DialogTitle id="bind-title">{t('tags.bindTitle')}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>{t('tags.bindHelp')}</DialogContentText>
        <Stack spacing={2}>
          {!articleId && (
            <TextField
              select
              required
              label={t('fields.article')}
              value={article}
              onChange={(e) => setArticle(e.target.value)}
            >
              {articles.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField select label={t('fields.family')} value={family} onChange={(e) => setFamily(e.target.value)}>
            <MenuItem value="">
              <em>{t('actions.none')}</em>
            </MenuItem>
            {families.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('fields.epcs')}
            multiline
            minRows={5}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { style: { fontFamily: 'monospace' }, spellCheck: false } }}
          />
          {report && (
            <Alert severity={report.invalid.length ? 'warning' : 'success'} data-testid="bind-report">
              <Typography variant="body2">{t('tags.bindResult', report)}</Typography>
              {report.invalid.length > 0 && (
                <>
                  <Typography variant="subtitle2" sx={{ mt: 1 }}>
                    {t('tags.bindInvalidTitle')}
                  </Typography>
                  {report.invalid.map((line) => (
                    <Typography key={line.line} variant="body2">
                      {t('tags.bindInvalid', line)}
                    </Typography>
                  ))}
                </>
              )}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t(report ? 'actions.close' : 'actions.cancel')}</Button>
        <Button variant="contained" disabled={isLoading || !article || epcs.length === 0} onClick={() => void submit()}>
          {t('actions.bind')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
