import type { Key, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useObservedSize } from '../../components/use-observed-size';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

/** What a widget needs of its query (an RTK Query hook's result): its own loading, failure and retry. */
export type WidgetState = {
  isLoading: boolean;
  isFetching?: boolean;
  isError: boolean;
  refetch: () => unknown;
  /** Undefined until the query first answered. */
  data?: unknown;
};

/** Several queries feeding one widget: loading while any loads, failed when any failed; retry refetches the failed. */
export const allOf = (...states: WidgetState[]): WidgetState => ({
  isLoading: states.some((s) => s.isLoading),
  isFetching: states.some((s) => s.isFetching),
  isError: states.some((s) => s.isError),
  refetch: () => states.filter((s) => s.isError).forEach((s) => s.refetch()),
  data: states.every((s) => s.data !== undefined) ? true : undefined,
});

export type GridSize = { xs?: number; sm?: number; md?: number; lg?: number; xl?: number };

/** A widget's body by its query's state: a skeleton while it first loads, its error and a retry when it failed. */
const Body = ({
  state,
  testId,
  skeletonHeight,
  children,
}: {
  state: WidgetState;
  testId: string;
  skeletonHeight: number;
  children: () => ReactNode;
}) => {
  const { t } = useTranslation();
  if (state.isError)
    return (
      <Stack
        role="alert"
        direction="row"
        spacing={1}
        data-testid={`${testId}-error`}
        sx={{ alignItems: 'center', flexWrap: 'wrap', color: 'error.main', py: 0.5 }}
      >
        <ErrorIcon fontSize="small" aria-hidden />
        <Typography variant="body2">{t('dashboard.widgetError')}</Typography>
        <Button size="small" onClick={() => state.refetch()} disabled={state.isFetching}>
          {t('actions.retry')}
        </Button>
      </Stack>
    );
  if (state.isLoading || state.data === undefined)
    return (
      <Skeleton
        variant="rounded"
        height={skeletonHeight}
        data-testid={`${testId}-loading`}
        aria-label={t('dashboard.widgetLoading')}
      />
    );
  return <>{children()}</>;
};

const overflowsDown = (element: HTMLElement) => element.scrollHeight > element.clientHeight;

/**
 * A panel's body; a long list scrolls inside it (`maxHeight`). While it does, it is a tab stop named after the
 * panel, so that the keyboard can scroll it too (axe: scrollable-region-focusable).
 */
const PanelBody = ({
  maxHeight,
  labelledBy,
  children,
}: {
  maxHeight: number | undefined;
  labelledBy: string;
  children: ReactNode;
}) => {
  const [ref, overflowing] = useObservedSize(overflowsDown, false);
  const scrolls = Boolean(maxHeight) && overflowing;
  return (
    <Box
      ref={maxHeight ? ref : undefined}
      role={scrolls ? 'region' : undefined}
      aria-labelledby={scrolls ? labelledBy : undefined}
      tabIndex={scrolls ? 0 : undefined}
      sx={{
        flex: 1,
        minHeight: 0,
        ...(maxHeight ? { maxHeight, overflowY: 'auto' } : {}),
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </Box>
  );
};

/**
 * One widget of the dashboard, on its own (Grafana's panel): its title, what it covers, the list behind it, and a body
 * that shows its own skeleton or error with a retry; a widget loading or failing never holds up another.
 * `children` is a function so that it reads the data only once the query answered.
 */
export const Panel = ({
  title,
  caption,
  testId,
  state,
  link,
  size = { xs: 12, md: 6, lg: 4 },
  skeletonHeight = 120,
  bodyMaxHeight,
  children,
}: {
  title: string;
  caption?: string;
  testId: string;
  state: WidgetState;
  /** The list behind the widget, filtered when the list takes the filter in its URL. */
  link?: { to: string; label: string };
  size?: GridSize;
  skeletonHeight?: number;
  /** A list that may be long scrolls inside the panel rather than pushing the others down. */
  bodyMaxHeight?: number;
  children: () => ReactNode;
}) => (
  <Grid size={size}>
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={`${testId}-title`}
      aria-busy={state.isFetching || undefined}
      data-testid={testId}
      sx={{ height: '100%', p: 2, display: 'flex', flexDirection: 'column' }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap' }}
      >
        <Typography id={`${testId}-title`} variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {title}
        </Typography>
        {link && (
          <Link
            component={RouterLink}
            to={link.to}
            variant="body2"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            data-testid={`${testId}-link`}
          >
            {link.label}
          </Link>
        )}
      </Stack>
      {caption && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: -0.75, mb: 1 }}
          data-testid={`${testId}-caption`}
        >
          {caption}
        </Typography>
      )}
      <PanelBody maxHeight={bodyMaxHeight} labelledBy={`${testId}-title`}>
        <Body state={state} testId={testId} skeletonHeight={skeletonHeight}>
          {children}
        </Body>
      </PanelBody>
    </Card>
  </Grid>
);

/** A compact figure of the first row (stock, alerts, what is late): a label, the figure, the list behind it. */
export const Tile = ({
  label,
  testId,
  valueTestId,
  state,
  value,
  live,
  tone,
  link,
  size = { xs: 6, sm: 4, lg: 2 },
}: {
  label: string;
  /** The tile's own test id; `valueTestId` names the figure. */
  testId: string;
  valueTestId: string;
  state: WidgetState;
  value: () => string;
  live?: boolean;
  tone?: 'error' | 'warning';
  link?: { to: string; label: string; testId?: string };
  size?: GridSize;
}) => {
  const { t } = useTranslation();
  return (
    <Grid size={size}>
      <Card
        variant="outlined"
        component="section"
        aria-labelledby={`${testId}-label`}
        data-testid={testId}
        sx={{ height: '100%', px: 1.5, py: 1.25, display: 'flex', flexDirection: 'column', gap: 0.25 }}
      >
        <Typography
          id={`${testId}-label`}
          variant="body2"
          color="text.secondary"
          component="h2"
          sx={{ lineHeight: 1.25 }}
        >
          {label}
        </Typography>
        <Body state={state} testId={testId} skeletonHeight={32}>
          {() => (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
              <Typography
                component="p"
                data-testid={valueTestId}
                sx={{
                  fontSize: '1.3rem',
                  fontWeight: 600,
                  lineHeight: 1.3,
                  color: tone ? `${tone}.main` : undefined,
                }}
              >
                {value()}
              </Typography>
              {live && <Chip size="small" color="success" variant="outlined" label={t('dashboard.live')} />}
            </Stack>
          )}
        </Body>
        {link && (
          <Link component={RouterLink} to={link.to} variant="caption" sx={{ mt: 'auto' }} data-testid={link.testId}>
            {link.label}
          </Link>
        )}
      </Card>
    </Grid>
  );
};

/** A widget's sentence when it has nothing to show. */
export const Nothing = ({ text, testId }: { text: string; testId: string }) => (
  <Typography variant="body2" color="text.secondary" data-testid={testId}>
    {text}
  </Typography>
);

/** A row of `Rows`: its first line, leading to `to` when given, and the details under it. */
export type Row = { key: Key; primary: ReactNode; secondary?: ReactNode; to?: string };

/**
 * A widget's list, a dense row per item; with `empty`, its sentence instead when there are none.
 * `monospace` sets the first lines as codes (EPCs).
 */
export const Rows = ({
  rows,
  empty,
  monospace,
}: {
  rows: Row[];
  empty?: { text: string; testId: string };
  monospace?: boolean;
}) =>
  rows.length === 0 && empty ? (
    <Nothing text={empty.text} testId={empty.testId} />
  ) : (
    <List dense disablePadding>
      {rows.map((row) => (
        <ListItem key={row.key} disableGutters>
          <ListItemText
            primary={
              row.to === undefined ? (
                row.primary
              ) : (
                <Link component={RouterLink} to={row.to}>
                  {row.primary}
                </Link>
              )
            }
            slotProps={monospace ? { primary: { sx: { fontFamily: 'monospace', fontSize: '0.8rem' } } } : undefined}
            secondary={row.secondary}
          />
        </ListItem>
      ))}
    </List>
  );
