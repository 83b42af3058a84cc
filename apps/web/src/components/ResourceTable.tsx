import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import SearchIcon from '@mui/icons-material/Search';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import { useTheme } from '@mui/material/styles';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridRowParams,
  type GridSlotsComponent,
  type GridSlotsComponentsProps,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { enUS, frFR } from '@mui/x-data-grid/locales';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../app/hooks';
import type { ListFilters, ResourceApi } from '../app/resource-api';
import { cardActions, ResourceCards } from './ResourceCards';
import { withFrenchPunctuation } from './format';
import { rowAction } from './row-action';
import {
  BREAKPOINTS,
  columnStorageKey,
  defaultVisibility,
  fitVisibility,
  nextChoice,
  readColumnChoice,
  screenOf,
  visibilityWith,
  withHeaderWidths,
  writeColumnChoice,
  type ColumnChoice,
  type ResourceColumn,
} from './resource-columns';
import { PAGE_SIZES, useListParams, type ListParams } from './use-list-params';
import { useObservedSize } from './use-observed-size';

export const SEARCH_DEBOUNCE_MS = 350;

const HEADER_BG = '#f8fafc';
const HOVER_BG = '#f5f7fa';
const ACTIONS = '[data-field="actions"]';

const GRID_SX = (clickable: boolean) => ({
  border: 0,
  '--DataGrid-overlayHeight': '180px',
  // The grid clips its content; `clip` keeps that without making a scroll container, so the horizontal
  // scrollbar below can stick to the bottom of the window while the table runs past it.
  '&, & .MuiDataGrid-mainContent, & .MuiDataGrid-main': { overflow: 'clip' },
  '& .MuiDataGrid-scrollbar--horizontal': {
    position: 'sticky',
    bottom: 0,
    zIndex: 4,
    bgcolor: 'background.paper',
    borderTop: '1px solid #e2e6ec',
    // Shown at all times, even where the system hides scrollbars until one scrolls (macOS).
    '&::-webkit-scrollbar': { height: 12 },
    '&::-webkit-scrollbar-thumb': { bgcolor: '#9aa5b4', borderRadius: 6, border: '3px solid #fff' },
    '&::-webkit-scrollbar-track': { bgcolor: HEADER_BG },
  },
  '& .MuiDataGrid-columnHeaders': { bgcolor: HEADER_BG },
  '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
  '& .MuiDataGrid-row': { cursor: clickable ? 'pointer' : 'default' },
  // Row actions stay on the right edge whatever the horizontal scroll (column pinning is a Pro feature).
  [`& .MuiDataGrid-cell${ACTIONS}, & .MuiDataGrid-columnHeader${ACTIONS}`]: {
    position: 'sticky',
    right: 0,
    zIndex: 3,
    bgcolor: 'background.paper',
    boxShadow: '-6px 0 6px -6px rgba(15, 23, 42, 0.25)',
  },
  [`& .MuiDataGrid-columnHeader${ACTIONS}`]: { bgcolor: HEADER_BG },
  [`& .MuiDataGrid-row:hover .MuiDataGrid-cell${ACTIONS}`]: { bgcolor: HOVER_BG },
  // Mouse clicks move the grid's focus too: the ring is for the keyboard only.
  '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outline: 'none' },
  '& .MuiDataGrid-cell:focus-visible, & .MuiDataGrid-columnHeader:focus-visible': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: '-2px',
    boxShadow: 'none',
  },
});

const GRID_SX_PLAIN = GRID_SX(false);
const GRID_SX_CLICKABLE = GRID_SX(true);
const GRID_PAGE_SIZES = [...PAGE_SIZES];
const autoHeight = () => 'auto' as const;
// The grid's header and its empty overlay (`--DataGrid-overlayHeight`): the place the grid takes while it loads.
const PLACEHOLDER_HEIGHT = 56 + 180;

/** Measures a text in the header's font (an estimate where there is no canvas, as in unit tests). */
const headerMeasure = (font: string) => {
  const context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  if (!context) return (text: string) => text.length * 8;
  context.font = font;
  return (text: string) => context.measureText(text).width;
};

/** The width of the table's frame. */
const frameWidth = (element: HTMLElement): number | null => element.clientWidth;

/** A search box that writes to the URL once typing pauses. */
const SearchBox = ({ value, onSearch, label }: { value: string; onSearch: (text: string) => void; label: string }) => {
  const [text, setText] = useState(value);
  // Back/forward or a cleared filter changes the URL: follow it.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <TextField
      size="small"
      type="search"
      placeholder={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      sx={{ width: { xs: '100%', sm: 320 }, bgcolor: 'background.paper' }}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
};

const EmptyState = ({ text }: { text: string }) => (
  <Stack
    sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', color: 'text.secondary', gap: 1, py: 6 }}
  >
    <InboxIcon sx={{ fontSize: 40, opacity: 0.5 }} />
    <Typography variant="body2" data-testid="empty-state">
      {text}
    </Typography>
  </Stack>
);

export type ResourceTableProps<T extends GridValidRowModel & { id: number }> = {
  /** Accessible name of the grid. */
  label: string;
  /** Each column says from which width it shows by default and its place on a phone card. */
  columns: ResourceColumn<T>[];
  /** Names the screen for the remembered column choice; defaults to the page's path. */
  screen?: string;
  useList: ResourceApi<T, unknown, unknown>['useList'];
  /** Filters sent with every request (supplierId, stockAlert…). */
  filters?: ListFilters;
  defaultSort?: string;
  emptyText: string;
  /** Plural translation key for the total, e.g. 'suppliers.count' → "3 suppliers". */
  countKey?: string;
  /** Label of the delete action (users: "Disable"). */
  deleteLabel?: string;
  /** Edit and delete appear only when given (i.e. with the write permission). */
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  /** More row actions, e.g. increment / decrement. */
  rowActions?: (row: T) => ReactNode[];
  /** A row click opens this page. */
  detailPath?: (row: T) => string;
  /** Rows grow with their content (multi-line cells). */
  autoRowHeight?: boolean;
  /** Buttons next to the search box; they receive the current table state (for exports). */
  toolbar?: (params: ListParams) => ReactNode;
  /** Refetch every so many milliseconds (live status where no socket event says it changed). */
  pollingInterval?: number;
  /** A second list on one page keeps its page, sort and search under its own URL keys (`orders` → `ordersPage`). */
  paramPrefix?: string;
  /** The search box's name when the page has two lists. */
  searchLabel?: string;
};

/** The one list of every CRUD screen: server pagination, sorting and search, state in the URL. */
export const ResourceTable = <T extends GridValidRowModel & { id: number }>({
  label,
  columns,
  screen,
  useList,
  filters,
  defaultSort,
  emptyText,
  countKey,
  deleteLabel,
  onEdit,
  onDelete,
  rowActions,
  detailPath,
  toolbar,
  autoRowHeight,
  pollingInterval,
  paramPrefix,
  searchLabel,
}: ResourceTableProps<T>) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const params = useListParams(defaultSort, paramPrefix);
  const { page, limit, search, sort, update } = params;
  const { data, isFetching, isError, refetch, originalArgs } = useList(
    { page, limit, search: search || undefined, sort, ...filters },
    pollingInterval ? { pollingInterval } : undefined,
  );

  const localeText = useMemo(
    () =>
      i18n.resolvedLanguage === 'fr'
        ? withFrenchPunctuation(frFR.components.MuiDataGrid.defaultProps.localeText)
        : enUS.components.MuiDataGrid.defaultProps.localeText,
    [i18n.resolvedLanguage],
  );

  const rows = useMemo(() => (isError ? [] : (data?.items ?? [])), [isError, data]);
  const hasActions = Boolean(onEdit || onDelete || rowActions);
  const actionsOf = useCallback(
    (row: T): ReactNode[] => [
      ...(rowActions?.(row) ?? []),
      ...(onEdit ? [rowAction('edit', <EditIcon />, t('actions.edit'), () => onEdit(row))] : []),
      ...(onDelete
        ? [rowAction('delete', <DeleteIcon />, deleteLabel ?? t('actions.delete'), () => onDelete(row))]
        : []),
    ],
    [rowActions, onEdit, onDelete, deleteLabel, t],
  );
  // As wide as the most actions a row of this page has, so no icon is cut off.
  const actionCount = useMemo(
    () => rows.reduce((most, row) => Math.max(most, actionsOf(row).length), onEdit && onDelete ? 2 : 1),
    [rows, actionsOf, onEdit, onDelete],
  );

  const theme = useTheme();
  // Every title shows whole: the French ones are often longer than the widths written for English.
  const measure = useMemo(
    () => headerMeasure(`600 ${theme.typography.fontSize}px ${theme.typography.fontFamily}`),
    [theme],
  );
  const sized = useMemo(() => withHeaderWidths(columns, measure), [columns, measure]);
  const actionsWidth = Math.max(100, actionCount * 40 + 20);

  const allColumns = useMemo<GridColDef<T>[]>(() => {
    if (!hasActions) return sized;
    return [
      ...sized,
      {
        field: 'actions',
        type: 'actions',
        headerName: t('fields.actions'),
        width: actionsWidth,
        hideable: false,
        disableColumnMenu: true,
        getActions: ({ row }) => actionsOf(row) as never,
      },
    ];
  }, [sized, hasActions, actionsWidth, actionsOf, t]);

  // Default columns per viewport width, then the user's own choice, kept per user and screen.
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const fromMd = useMediaQuery(theme.breakpoints.up('md'));
  const fromLg = useMediaQuery(theme.breakpoints.up('lg'));
  const fromXl = useMediaQuery(theme.breakpoints.up('xl'));
  const viewport = fromXl ? BREAKPOINTS.xl : fromLg ? BREAKPOINTS.lg : fromMd ? BREAKPOINTS.md : 0;
  const defaults = useMemo(() => defaultVisibility(columns, viewport), [columns, viewport]);
  const { pathname } = useLocation();
  const userId = useAppSelector((s) => s.authentification.loggedInUser?.IDUser) ?? 'anonymous';
  const storageKey = columnStorageKey(userId, screen ?? screenOf(pathname));
  const [stored, setStored] = useState<{ key: string; choice: ColumnChoice }>(() => ({
    key: storageKey,
    choice: readColumnChoice(globalThis.localStorage, storageKey),
  }));
  const choice = stored.key === storageKey ? stored.choice : readColumnChoice(globalThis.localStorage, storageKey);
  // Then the secondary columns the table has no room for are left to the column menu.
  const [measuredRef, available] = useObservedSize(frameWidth, null);
  const fitted = useMemo(
    () =>
      available === null
        ? defaults
        : fitVisibility(sized, visibilityWith(defaults, choice), choice, available, hasActions ? actionsWidth : 0),
    [available, defaults, sized, choice, hasActions, actionsWidth],
  );
  const columnVisibilityModel = useMemo(() => visibilityWith(fitted, choice), [fitted, choice]);
  const onColumnVisibilityModelChange = (model: GridColumnVisibilityModel) => {
    const next = nextChoice(
      model,
      fitted,
      choice,
      columns.map((c) => c.field),
    );
    writeColumnChoice(globalThis.localStorage, storageKey, next);
    setStored({ key: storageKey, choice: next });
  };

  const sortModel: GridSortModel = useMemo(() => {
    if (!sort) return [];
    const [field, direction] = sort.split(':');
    return field ? [{ field, sort: direction === 'desc' ? 'desc' : 'asc' }] : [];
  }, [sort]);

  const onSortModelChange = (model: GridSortModel) => {
    const first = model[0];
    update({ sort: first?.sort ? `${first.field}:${first.sort}` : null });
  };
  // The footer writes the page and its size to the URL itself. The grid's own page announcements are not
  // listened to: it goes back to its first page after every sort change, its own or one from the URL (the
  // back button), on a timer, and the URL state already resets the page on a sort — a back step to page 2
  // stays on page 2.
  const slotProps = useMemo<GridSlotsComponentsProps>(
    () => ({
      basePagination: {
        onPageChange: (_event: unknown, next: number) => update({ page: next + 1 }),
        onRowsPerPageChange: (size: number) => update({ limit: size }),
      },
    }),
    [update],
  );
  const paginationModel = useMemo(() => ({ page: page - 1, pageSize: limit }), [page, limit]);
  const noRowsText = isError ? t('errors.loadFailed') : emptyText;
  const slots = useMemo<Partial<GridSlotsComponent>>(
    () => ({ noRowsOverlay: () => <EmptyState text={noRowsText} /> }),
    [noRowsText],
  );
  const onRowClick = (row: T) => (detailPath ? void navigate(detailPath(row)) : undefined);
  // The grid's handlers stay the same functions, reading the latest ones from here: a re-render of the table (its
  // request starting, the page's own state) then leaves the memoized grid alone.
  const latest = useRef({ onColumnVisibilityModelChange, onSortModelChange, onRowClick });
  useLayoutEffect(() => {
    latest.current = { onColumnVisibilityModelChange, onSortModelChange, onRowClick };
  });
  const handlers = useMemo(
    () => ({
      onColumnVisibilityModelChange: (model: GridColumnVisibilityModel) =>
        latest.current.onColumnVisibilityModelChange(model),
      onSortModelChange: (model: GridSortModel) => latest.current.onSortModelChange(model),
      onRowClick: ({ row }: GridRowParams<T>) => latest.current.onRowClick(row),
    }),
    [],
  );
  // The grid mounts with the list's first answer (rows, none or an error), a light placeholder before: the list's
  // request then leaves right after the page's first render, not after the grid's, the costliest part of the page.
  const answered = data !== undefined || isError;
  const [gridShown, setGridShown] = useState(answered);
  if (answered && !gridShown) setGridShown(true);
  // A page past the end (its last rows deleted, or an old link) moves to the last page there is.
  const lastPage = Math.max(1, Math.ceil((data?.total ?? 0) / limit));
  useEffect(() => {
    if (data && !isFetching && data.items.length === 0 && page > lastPage)
      update({ page: lastPage }, { replace: true });
  }, [data, isFetching, page, lastPage, update]);

  return (
    // What the rows on screen answer (busy while a page is on its way; the search of the rows shown): screen readers
    // and the end-to-end tests wait for the settled list before acting on a row.
    <Box
      data-testid="resource-table"
      aria-busy={isFetching}
      data-shown-search={isFetching ? undefined : (originalArgs?.search ?? '')}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <SearchBox
            value={search}
            onSearch={(text) => update({ search: text })}
            label={searchLabel ?? t('actions.search')}
          />
          {countKey && data && (
            <Typography variant="body2" color="text.secondary" data-testid="total-count" sx={{ whiteSpace: 'nowrap' }}>
              {data.totalCapped
                ? t('list.moreThan', { text: t(countKey, { count: data.total }) })
                : t(countKey, { count: data.total })}
            </Typography>
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {toolbar?.(params)}
        </Stack>
      </Stack>
      {isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('actions.retry')}
            </Button>
          }
        >
          {t('errors.loadFailed')}
        </Alert>
      )}
      {phone ? (
        <ResourceCards<T>
          label={label}
          rows={rows}
          columns={columns}
          loading={isFetching}
          empty={
            <Paper variant="outlined">
              <EmptyState text={isError ? t('errors.loadFailed') : emptyText} />
            </Paper>
          }
          onOpen={detailPath ? (row) => void navigate(detailPath(row)) : onEdit}
          actions={(row) => cardActions(actionsOf(row))}
          page={page}
          limit={limit}
          total={data?.total ?? 0}
          pageSizes={PAGE_SIZES}
          onPage={(next) => update({ page: next })}
          onLimit={(next) => update({ limit: next })}
          localeText={localeText}
        />
      ) : (
        // `clip`, not `hidden`: a hidden overflow would stop the scrollbar sticking to the window's bottom.
        <Paper variant="outlined" sx={{ overflow: 'clip' }} ref={measuredRef}>
          {gridShown ? (
            <DataGrid<T>
              label={label}
              rows={rows}
              columns={allColumns}
              columnVisibilityModel={columnVisibilityModel}
              onColumnVisibilityModelChange={handlers.onColumnVisibilityModelChange}
              rowCount={data?.total ?? 0}
              loading={isFetching}
              paginationMode="server"
              sortingMode="server"
              filterMode="server"
              disableColumnFilter
              disableRowSelectionOnClick
              autoHeight
              getRowHeight={autoRowHeight ? autoHeight : undefined}
              pageSizeOptions={GRID_PAGE_SIZES}
              paginationModel={paginationModel}
              sortModel={sortModel}
              onSortModelChange={handlers.onSortModelChange}
              onRowClick={detailPath ? handlers.onRowClick : undefined}
              localeText={localeText}
              slotProps={slotProps}
              slots={slots}
              sx={detailPath ? GRID_SX_CLICKABLE : GRID_SX_PLAIN}
            />
          ) : (
            <Box sx={{ height: PLACEHOLDER_HEIGHT, bgcolor: HEADER_BG }}>
              <LinearProgress aria-label={t('app.loading')} />
            </Box>
          )}
        </Paper>
      )}
    </Box>
  );
};
