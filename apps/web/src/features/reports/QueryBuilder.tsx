import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import PlayIcon from '@mui/icons-material/PlayArrowOutlined';
import { useTranslation } from 'react-i18next';
import { REPORT_PERIOD_PRESETS, reportPeriodDays, type TReportPeriod } from '@tagstock/contract';
import { DateField } from '../../components/DateField';
import { formatDate } from '../../components/format';
import {
  addableDimensions,
  addableMeasures,
  dimensionLabel,
  filterableDimensions,
  filterOf,
  languageOf,
  measureLabel,
  runnable,
  withoutDimension,
  withoutFilter,
  withoutMeasure,
  withoutTop,
  type Draft,
} from './query';
import { RemovableChip } from './RemovableChip';

const CUSTOM = 'custom';

/** A button opening a menu of what can be added (disabled when nothing can). */
const AddMenu = ({ label, options }: { label: string; options: { id: string; label: string; add: () => void }[] }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        size="small"
        startIcon={<AddIcon />}
        disabled={!options.length}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {options.map((option) => (
          <MenuItem
            key={option.id}
            onClick={() => {
              setAnchor(null);
              option.add();
            }}
          >
            {option.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

/** A titled part of the builder whose chips are one labelled group. */
const Part = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  return (
    <Box role="group" aria-labelledby={id}>
      <Typography id={id} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {children}
      </Stack>
    </Box>
  );
};

/**
 * The report builder: the query as chips (measures, groupings, filters, top N; each removable), what can be added
 * (only measures supporting the chosen groupings and filters, only groupings every chosen measure supports), the
 * period (a preset or two dates), and "Run". A question's proposed query is edited here before it runs.
 */
export const QueryBuilder = ({
  draft,
  onChange,
  question,
  onForgetQuestion,
  onRun,
  running,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  /** The question the draft was proposed for: kept with the run while it is not forgotten. */
  question: string | null;
  onForgetQuestion: () => void;
  onRun: () => void;
  running: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  const [filterDimension, setFilterDimension] = useState('');
  const [filterText, setFilterText] = useState('');
  const filterable = filterableDimensions(draft);
  const custom = 'from' in draft.period;
  const query = runnable(draft);

  const setPeriod = (choice: string) => {
    if (choice !== CUSTOM) return onChange({ ...draft, period: { preset: choice } as TReportPeriod });
    // The dates start as those of the preset chosen until now.
    onChange({ ...draft, period: reportPeriodDays(draft.period) });
  };
  const addFilter = () => {
    const filter = filterable.some((d) => d === filterDimension)
      ? filterOf(filterDimension as (typeof filterable)[number], filterText)
      : null;
    if (!filter) return;
    onChange({ ...draft, filters: [...draft.filters, filter] });
    setFilterText('');
  };
  const sortLabel = (by: string) =>
    (draft.measures as string[]).includes(by)
      ? measureLabel(by as Draft['measures'][number], language)
      : dimensionLabel(by as Draft['dimensions'][number], language);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="report-builder-title">
      <Stack spacing={2}>
        <Typography id="report-builder-title" variant="h6" component="h2">
          {t('reports.builder.title')}
        </Typography>
        {question && (
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" data-testid="report-question">
              {t('reports.question.asked', { question })}
            </Typography>
            <Button size="small" onClick={onForgetQuestion}>
              {t('reports.question.forget')}
            </Button>
          </Stack>
        )}
        <Part title={t('reports.builder.measures')}>
          {draft.measures.map((m) => (
            <RemovableChip
              key={m}
              color="primary"
              label={measureLabel(m, language)}
              onRemove={() => onChange(withoutMeasure(draft, m))}
            />
          ))}
          {!draft.measures.length && (
            <Typography variant="body2" color="text.secondary">
              {t('reports.builder.noMeasure')}
            </Typography>
          )}
          <AddMenu
            label={t('reports.builder.addMeasure')}
            options={addableMeasures(draft).map((m) => ({
              id: m,
              label: measureLabel(m, language),
              add: () => onChange({ ...draft, measures: [...draft.measures, m] }),
            }))}
          />
        </Part>
        <Part title={t('reports.builder.dimensions')}>
          {draft.dimensions.map((d) => (
            <RemovableChip
              key={d}
              color="secondary"
              label={dimensionLabel(d, language)}
              onRemove={() => onChange(withoutDimension(draft, d))}
            />
          ))}
          <AddMenu
            label={t('reports.builder.addDimension')}
            options={addableDimensions(draft).map((d) => ({
              id: d,
              label: dimensionLabel(d, language),
              add: () => onChange({ ...draft, dimensions: [...draft.dimensions, d] }),
            }))}
          />
        </Part>
        {(draft.limit !== undefined || draft.sort) && (
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            <RemovableChip
              label={[
                draft.limit !== undefined ? t('reports.builder.top', { count: draft.limit }) : null,
                draft.sort
                  ? t('reports.builder.sort', {
                      by: sortLabel(draft.sort.by),
                      dir: t(`reports.builder.${draft.sort.dir}`),
                    })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
              onRemove={() => onChange(withoutTop(draft))}
            />
          </Stack>
        )}
        <Box>
          <TextField
            select
            size="small"
            fullWidth
            label={t('reports.builder.period')}
            value={custom ? CUSTOM : (draft.period as { preset: string }).preset}
            onChange={(e) => setPeriod(e.target.value)}
          >
            {REPORT_PERIOD_PRESETS.map((preset) => (
              <MenuItem key={preset} value={preset}>
                {t(`reports.presets.${preset}`)}
              </MenuItem>
            ))}
            <MenuItem value={CUSTOM}>{t('reports.builder.custom')}</MenuItem>
          </TextField>
          {'from' in draft.period ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
              <DateField
                size="small"
                fullWidth
                label={t('reports.builder.from')}
                value={draft.period.from}
                onChange={(from) => onChange({ ...draft, period: { from, to: (draft.period as { to: string }).to } })}
              />
              <DateField
                size="small"
                fullWidth
                label={t('reports.builder.to')}
                value={draft.period.to}
                error={!query && draft.measures.length > 0}
                helperText={!query && draft.measures.length > 0 ? t('reports.builder.badPeriod') : undefined}
                onChange={(to) => onChange({ ...draft, period: { from: (draft.period as { from: string }).from, to } })}
              />
            </Stack>
          ) : (
            <Typography variant="caption" color="text.secondary">
              {(() => {
                const days = reportPeriodDays(draft.period);
                return t('reports.builder.periodRange', {
                  from: formatDate(days.from, language),
                  to: formatDate(days.to, language),
                });
              })()}
            </Typography>
          )}
        </Box>
        <Part title={t('reports.builder.filters')}>
          {draft.filters.map((f, i) => {
            const label = t('reports.builder.filter', {
              dimension: dimensionLabel(f.dimension, language),
              values: f.values.join(', '),
            });
            return <RemovableChip key={label} label={label} onRemove={() => onChange(withoutFilter(draft, i))} />;
          })}
        </Part>
        {filterable.length > 0 && (
          <Stack
            component="form"
            // In a row when the builder has the page's width; stacked in its narrow column beside the result.
            direction={{ xs: 'column', sm: 'row', lg: 'column' }}
            spacing={1}
            onSubmit={(e) => {
              e.preventDefault();
              addFilter();
            }}
          >
            <TextField
              select
              size="small"
              label={t('reports.builder.filterDimension')}
              value={filterable.some((d) => d === filterDimension) ? filterDimension : ''}
              onChange={(e) => setFilterDimension(e.target.value)}
              sx={{ minWidth: 160 }}
            >
              {filterable.map((d) => (
                <MenuItem key={d} value={d}>
                  {dimensionLabel(d, language)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              fullWidth
              label={t('reports.builder.filterValues')}
              value={filterText}
              onChange={(e) => setFilterText(e.target.value)}
            />
            <Button
              type="submit"
              variant="outlined"
              disabled={!filterable.some((d) => d === filterDimension) || !filterText.trim()}
              sx={{ flexShrink: 0 }}
            >
              {t('reports.builder.addFilter')}
            </Button>
          </Stack>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            disabled={!draft.measures.length && !draft.dimensions.length && !draft.filters.length && !question}
            onClick={() => {
              onChange({ measures: [], dimensions: [], filters: [], period: draft.period });
              onForgetQuestion();
            }}
          >
            {t('reports.builder.clear')}
          </Button>
          <Button variant="contained" startIcon={<PlayIcon />} disabled={!query || running} onClick={onRun}>
            {t('reports.builder.run')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
};
