import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TReportHistoryItem, TReportQuery, TReportRunResponse } from '@tagstock/contract';
import { problemMessage } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { useRerunReportMutation, useRunReportMutation } from './api';
import { QueryBuilder } from './QueryBuilder';
import { EMPTY_DRAFT, addableDimensions, addableMeasures, languageOf, runnable, type Draft } from './query';
import { QuestionBox } from './QuestionBox';
import { ReportHistory } from './ReportHistory';
import { ReportResult } from './ReportResult';

type TabName = 'report' | 'history';

/** A stored or proposed query as the builder's draft. */
const draftOf = (query: TReportQuery): Draft => ({
  measures: [...query.measures],
  dimensions: [...query.dimensions],
  filters: query.filters.map((f) => ({ ...f, values: [...f.values] })),
  period: query.period,
  ...(query.sort ? { sort: query.sort } : {}),
  ...(query.limit !== undefined ? { limit: query.limit } : {}),
});

/**
 * `/admin/reports`: a question ("AI") or the builder ("Excel") make a query, shown as chips, run by "Run" into a
 * table, a chart and an XLSX; every run is kept in the history (the second tab), from where it runs again.
 */
export const ReportsPage = () => {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  const [tab, setTab] = useState<TabName>('report');
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [question, setQuestion] = useState<string | null>(null);
  const [result, setResult] = useState<TReportRunResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [run, { isLoading: running }] = useRunReportMutation();
  const [rerun, { isLoading: rerunning }] = useRerunReportMutation();
  const resultRef = useRef<HTMLDivElement>(null);

  const shown = (next: TReportRunResponse) => {
    setResult(next);
    setError(null);
    // On a phone the result is below the builder: bring it into view.
    requestAnimationFrame(() => resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }));
  };
  const runDraft = async () => {
    const query = runnable(draft);
    if (!query) return;
    try {
      shown(await run({ query, ...(question ? { question } : {}), language }).unwrap());
    } catch (err) {
      setError(problemMessage(err, t));
    }
  };
  const runAgain = async (item: TReportHistoryItem) => {
    setDraft(draftOf(item.query));
    setQuestion(item.question);
    setResult(null);
    setTab('report');
    try {
      shown(await rerun({ id: item.id, language }).unwrap());
    } catch (err) {
      setResult(null);
      setError(problemMessage(err, t));
    }
  };

  return (
    <Box>
      <PageHeader title={t('reports.title')} subtitle={t('reports.subtitle')} />
      <Tabs
        value={tab}
        onChange={(_e, next: TabName) => setTab(next)}
        aria-label={t('reports.title')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="report"
          id="reports-tab-report"
          aria-controls="reports-panel-report"
          label={t('reports.tabs.report')}
        />
        <Tab
          value="history"
          id="reports-tab-history"
          aria-controls="reports-panel-history"
          label={t('reports.tabs.history')}
        />
      </Tabs>
      <Box role="tabpanel" id="reports-panel-report" aria-labelledby="reports-tab-report" hidden={tab !== 'report'}>
        {tab === 'report' && (
          <Stack spacing={2}>
            <QuestionBox
              onProposed={(query, asked) => {
                setDraft(draftOf(query));
                setQuestion(asked);
                setResult(null);
              }}
              onSuggestion={(pick) =>
                setDraft((current) =>
                  'measure' in pick
                    ? addableMeasures(current).includes(pick.measure)
                      ? { ...current, measures: [...current.measures, pick.measure] }
                      : current
                    : addableDimensions(current).includes(pick.dimension)
                      ? { ...current, dimensions: [...current.dimensions, pick.dimension] }
                      : current,
                )
              }
            />
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(320px, 5fr) minmax(0, 7fr)' },
                alignItems: 'start',
              }}
            >
              <QueryBuilder
                draft={draft}
                onChange={setDraft}
                question={question}
                onForgetQuestion={() => setQuestion(null)}
                onRun={() => void runDraft()}
                running={running || rerunning}
              />
              <Box ref={resultRef} sx={{ minWidth: 0 }}>
                {error && (
                  <Alert severity="error" sx={{ mb: 2 }} role="alert">
                    {error}
                  </Alert>
                )}
                {result ? (
                  <ReportResult result={result} />
                ) : (
                  <Paper variant="outlined" sx={{ p: 2 }}>
                    <Typography variant="body2" color="text.secondary">
                      {t('reports.result.hint')}
                    </Typography>
                  </Paper>
                )}
              </Box>
            </Box>
          </Stack>
        )}
      </Box>
      <Box role="tabpanel" id="reports-panel-history" aria-labelledby="reports-tab-history" hidden={tab !== 'history'}>
        {tab === 'history' && <ReportHistory onRerun={(item) => void runAgain(item)} />}
      </Box>
    </Box>
  );
};
