import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TReportRunResponse } from '@tagstock/contract';
import { ReportChart } from './ReportChart';
import { ReportDownload } from './ReportDownload';
import { formatCell } from './query';
import { formatDate } from '../../components/format';

/** The result of a run: its table with the totals row, the note when cut, its chart and its XLSX. */
export const ReportResult = ({ result }: { result: TReportRunResponse }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const grouped = result.columns.some((c) => c.kind === 'dimension');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="report-result-title">
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Box>
            <Typography id="report-result-title" variant="h6" component="h2">
              {t('reports.result.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="report-row-count">
              {t('reports.result.rows', {
                count: result.rowCount,
                from: formatDate(result.period.from, language),
                to: formatDate(result.period.to, language),
              })}
            </Typography>
          </Box>
          <ReportDownload id={result.historyId} />
        </Stack>
        {result.truncated && (
          <Alert severity="warning" data-testid="report-truncated">
            {t('reports.result.truncated', { count: result.rowCount })}
          </Alert>
        )}
        {result.rows.length === 0 ? (
          <Alert severity="info">{t('reports.result.empty')}</Alert>
        ) : (
          <TableContainer sx={{ maxHeight: 480 }}>
            <Table size="small" stickyHeader aria-labelledby="report-result-title" data-testid="report-table">
              <TableHead>
                <TableRow>
                  {result.columns.map((c) => (
                    <TableCell key={c.id} align={c.kind === 'measure' ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                      {c.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {result.rows.map((row, r) => (
                  <TableRow key={r} hover>
                    {result.columns.map((c, i) => (
                      <TableCell
                        key={c.id}
                        align={c.kind === 'measure' ? 'right' : 'left'}
                        sx={c.kind === 'measure' ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } : {}}
                      >
                        {formatCell(row[i], c, language) || t('reports.result.none')}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
              {grouped && (
                <TableFooter>
                  <TableRow data-testid="report-totals">
                    {result.columns.map((c, i) => (
                      <TableCell
                        key={c.id}
                        align={c.kind === 'measure' ? 'right' : 'left'}
                        sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.875rem', whiteSpace: 'nowrap' }}
                      >
                        {c.kind === 'measure'
                          ? formatCell(result.totals[c.id] ?? null, c, language)
                          : i === 0
                            ? t('reports.result.total')
                            : ''}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableFooter>
              )}
            </Table>
          </TableContainer>
        )}
        {grouped && <ReportChart result={result} />}
      </Stack>
    </Paper>
  );
};
