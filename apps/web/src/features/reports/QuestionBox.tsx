import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AskIcon from '@mui/icons-material/AutoAwesomeOutlined';
import { useTranslation } from 'react-i18next';
import type { TReportAskResponse, TReportDimensionId, TReportMeasureId, TReportQuery } from '@tagstock/contract';
import { isQueryError } from '../../app/base-api';
import { problemMessage } from '../../components/notify';
import { useAskReportMutation, useReportTriesQuery } from './api';
import { dimensionLabel, languageOf, measureLabel } from './query';

/**
 * "Ask your question": a question in the user's language, answered with a proposed query (handed to the builder,
 * shown as chips, run only by "Run"); not understood, the server's message and the closest measures and groupings
 * as chips that add themselves to the builder. The tries left this month are shown; none left, the box says so
 * and is disabled (the builder still works).
 */
export const QuestionBox = ({
  onProposed,
  onSuggestion,
}: {
  onProposed: (query: TReportQuery, question: string) => void;
  onSuggestion: (pick: { measure: TReportMeasureId } | { dimension: TReportDimensionId }) => void;
}) => {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState<TReportAskResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exhausted, setExhausted] = useState(false);
  const { data: tries } = useReportTriesQuery();
  const [ask, { isLoading }] = useAskReportMutation();
  const remaining = answer?.remainingTries ?? tries?.remaining;
  const none = exhausted || remaining === 0;

  const submit = async () => {
    const text = question.trim();
    if (!text || none) return;
    setError(null);
    setAnswer(null);
    try {
      const reply = await ask({ question: text, language }).unwrap();
      setAnswer(reply);
      if (reply.query) onProposed(reply.query, text);
    } catch (err) {
      if (isQueryError(err) && err.problem.code === 'report_tries_exhausted') setExhausted(true);
      else setError(problemMessage(err, t));
    }
  };

  const suggestions = answer && !answer.query ? answer.suggestions : null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="report-question-title">
      <Typography id="report-question-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('reports.question.title')}
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' } }}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          fullWidth
          size="small"
          label={t('reports.question.label')}
          placeholder={t('reports.question.placeholder')}
          value={question}
          disabled={none}
          onChange={(e) => setQuestion(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          helperText={
            none
              ? undefined
              : remaining !== undefined
                ? t('reports.question.triesLeft', { count: remaining })
                : t('reports.question.example')
          }
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<AskIcon />}
          disabled={none || isLoading || !question.trim()}
          sx={{ flexShrink: 0 }}
        >
          {isLoading ? t('reports.question.asking') : t('reports.question.ask')}
        </Button>
      </Stack>
      {none && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="report-tries-exhausted">
          {t('reports.question.exhausted')}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {answer?.query && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {t('reports.question.understood')}
          {answer.unknownWords.length > 0 && (
            <> {t('reports.question.unknownWords', { words: answer.unknownWords.join(', ') })}</>
          )}
        </Alert>
      )}
      {suggestions && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="report-not-understood">
          <Typography variant="body2">{answer?.message ?? t('reports.question.notUnderstood')}</Typography>
          {answer && answer.unknownWords.length > 0 && (
            <Typography variant="body2">
              {t('reports.question.unknownWords', { words: answer.unknownWords.join(', ') })}
            </Typography>
          )}
          {(suggestions.measures.length > 0 || suggestions.dimensions.length > 0) && (
            <>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('reports.question.suggestions')}
              </Typography>
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
                {[
                  ...suggestions.measures.map((m) => ({
                    key: `m-${m}`,
                    color: 'primary' as const,
                    label: measureLabel(m, language),
                    pick: { measure: m },
                  })),
                  ...suggestions.dimensions.map((d) => ({
                    key: `d-${d}`,
                    color: 'secondary' as const,
                    label: dimensionLabel(d, language),
                    pick: { dimension: d },
                  })),
                ].map((s) => (
                  <Chip
                    key={s.key}
                    color={s.color}
                    variant="outlined"
                    label={s.label}
                    onClick={() => onSuggestion(s.pick)}
                  />
                ))}
              </Stack>
            </>
          )}
        </Alert>
      )}
    </Paper>
  );
};
