import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TTagBindReport } from '@tagstock/contract';
import { notifyError } from '../../components/notify';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import { articleRef } from '../articles/api';
import { tagFamilyRef, useBindTagsMutation } from './api';
import { fieldErrorKey } from '../../components/form-errors';

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

/** The counts of a bind report, each with its plural ("1 créé, 2 réassociés, 0 inchangé"). */
const reportText = (report: TTagBindReport, t: TFunction) =>
  [
    t('safeActions.bindCreated', { count: report.created }),
    t('safeActions.bindRebound', { count: report.rebound }),
    t('safeActions.bindUnchanged', { count: report.unchanged }),
  ].join(', ');

/**
 * Pasted EPCs bound to one article: unknown ones are created, known ones rebound; EPCs of another article are
 * named and move only once the user confirms; the report is shown.
 */
export const BindTagsDialog = ({ open, onClose, articleId }: BindTagsDialogProps) => {
  const { t } = useTranslation();
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

  // A report (or a question) answers one list: editing the list drops it.
  useEffect(() => setReport(null), [article, family, text]);

  const epcs = epcLines(text);
  // The server named EPCs of other articles and wrote nothing: the user decides.
  const asking = report !== null && !report.applied;
  const submit = async (move: boolean) => {
    try {
      setReport(
        await bind({ articleId: Number(article), familyId: family ? Number(family) : null, epcs, move }).unwrap(),
      );
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
            <ReferenceSelect
              source={articleRef}
              required
              label={t('fields.article')}
              value={article}
              onChange={setArticle}
            />
          )}
          <ReferenceSelect source={tagFamilyRef} label={t('fields.family')} value={family} onChange={setFamily} />
          <TextField
            label={t('fields.epcs')}
            multiline
            minRows={5}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { style: { fontFamily: 'monospace' }, spellCheck: false } }}
          />
          {asking && (
            <Alert severity="warning" data-testid="bind-conflicts">
              <Typography variant="subtitle2">{t('safeActions.bindConflictTitle')}</Typography>
              {report.conflicts.map((conflict) => (
                <Typography key={conflict.articleId} variant="body2" sx={{ wordBreak: 'break-word' }}>
                  {t('safeActions.bindConflict', {
                    count: conflict.epcs.length,
                    article: `${conflict.reference} — ${conflict.designation}`,
                    epcs: conflict.epcs.join(', '),
                  })}
                </Typography>
              ))}
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('safeActions.bindMoveQuestion')}
              </Typography>
            </Alert>
          )}
          {report && !asking && (
            <Alert severity={report.invalid.length ? 'warning' : 'success'} data-testid="bind-report">
              <Typography variant="body2">{reportText(report, t)}</Typography>
              {report.invalid.length > 0 && (
                <>
                  <Typography variant="subtitle2" sx={{ mt: 1 }}>
                    {t('tags.bindInvalidTitle')}
                  </Typography>
                  {report.invalid.map((line) => (
                    <Typography key={line.line} variant="body2">
                      {t('tags.bindInvalid', {
                        ...line,
                        message: t(fieldErrorKey(line) ?? 'validation.invalid'),
                      })}
                    </Typography>
                  ))}
                </>
              )}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t(report && !asking ? 'actions.close' : 'actions.cancel')}</Button>
        {asking ? (
          <Button variant="contained" color="warning" disabled={isLoading} onClick={() => void submit(true)}>
            {t('safeActions.bindMove')}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={isLoading || !article || epcs.length === 0}
            onClick={() => void submit(false)}
          >
            {t('actions.bind')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
