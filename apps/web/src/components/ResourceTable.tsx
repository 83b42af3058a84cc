import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import {
  DataGrid,
  GridActionsCellItem,
  useGridApiRef,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { enUS, frFR } from '@mui/x-data-grid/locales';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ListFilters, ResourceApi } from '../app/resource-api';
import { PAGE_SIZES, useListParams, type ListParams } from './use-list-params';

export const SEARCH_DEBOUNCE_MS = 350;

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
  columns: GridColDef<T>[];
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
};

/** The one list of every CRUD screen: server pagination, sorting and search, state in the URL. */
export const ResourceTable = <T extends GridValidRowModel & { id: number }>({
  label,
  columns,
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
}: ResourceTableProps<T>) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const params = useListParams(defaultSort);
  const { page, limit, search, sort, update } = params;
  const { data, isFetching, isError, refetch } = useList(
    { page, limit, search: search || undefined, sort, ...filters },
    pollingInterval ? { pollingInterval } : undefined,
  );

  const localeText = useMemo(
    () => (i18n.resolvedLanguage === 'fr' ? frFR : enUS).components.MuiDataGrid.defaultProps.localeText,
    [i18n.resolvedLanguage],
  );

  const allColumns = useMemo<GridColDef<T>[]>(() => {
    const hasActions = Boolean(onEdit || onDelete || rowActions);
    if (!hasActions) return columns;
    return [
      ...columns,
      {
        field: 'actions',
        type: 'actions',
        headerName: t('fields.actions'),
        width: rowActions ? 160 : 100,
        getActions: ({ row }) =>
          [
            ...(rowActions?.(row) ?? []),
            ...(onEdit
              ? [
                  <GridActionsCellItem
                    key="edit"
                    icon={<EditIcon />}
                    label={t('actions.edit')}
                    onClick={(e) => {
                      e.stopPropagation();
                      onEdit(row);
                    }}
                  />,
                ]
              : []),
            ...(onDelete
              ? [
                  <GridActionsCellItem
                    key="delete"
                    icon={<DeleteIcon />}
                    label={deleteLabel ?? t('actions.delete')}
                    onClick={(e) => {
                      e.stopPropagation();
                      onDelete(row);
                    }}
                  />,
                ]
              : []),
          ] as never,
      },
    ];
  }, [columns, onEdit, onDelete, rowActions, deleteLabel, t]);

  const sortModel: GridSortModel = useMemo(() => {
    if (!sort) return [];
    const [field, direction] = sort.split(':');
    return field ? [{ field, sort: direction === 'desc' ? 'desc' : 'asc' }] : [];
  }, [sort]);

  // The grid goes back to its first page after every sort change, its own or one from the URL (the back
  // button), two zero-delay timers later. The URL state already resets the page on a sort, so that
  // announcement is ignored: a back step to page 2 stays on page 2 and adds no history entry. The flag is
  // cleared by a timer queued behind the grid's (timers run in order, however busy the page).
  const apiRef = useGridApiRef();
  const sortJustChanged = useRef(false);
  useEffect(
    () =>
      apiRef.current?.subscribeEvent('sortModelChange', () => {
        sortJustChanged.current = true;
        setTimeout(() => setTimeout(() => (sortJustChanged.current = false)));
      }),
    [apiRef],
  );

  const onSortModelChange = (model: GridSortModel) => {
    const first = model[0];
    update({ sort: first?.sort ? `${first.field}:${first.sort}` : null });
  };
  const onPaginationModelChange = (model: GridPaginationModel) => {
    if (model.pageSize !== limit) update({ limit: model.pageSize });
    else if (!(sortJustChanged.current && model.page === 0)) update({ page: model.page + 1 });
  };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <SearchBox value={search} onSearch={(text) => update({ search: text })} label={t('actions.search')} />
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
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <DataGrid<T>
          apiRef={apiRef}
          label={label}
          rows={isError ? [] : (data?.items ?? [])}
          columns={allColumns}
          rowCount={data?.total ?? 0}
          loading={isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          disableRowSelectionOnClick
          disableColumnMenu
          autoHeight
          getRowHeight={autoRowHeight ? () => 'auto' : undefined}
          pageSizeOptions={[...PAGE_SIZES]}
          paginationModel={{ page: page - 1, pageSize: limit }}
          onPaginationModelChange={onPaginationModelChange}
          sortModel={sortModel}
          onSortModelChange={onSortModelChange}
          onRowClick={detailPath ? ({ row }) => void navigate(detailPath(row)) : undefined}
          localeText={localeText}
          slots={{ noRowsOverlay: () => <EmptyState text={isError ? t('errors.loadFailed') : emptyText} /> }}
          sx={{
            border: 0,
            '--DataGrid-overlayHeight': '180px',
            '& .MuiDataGrid-columnHeaders': { bgcolor: '#f8fafc' },
            '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
            '& .MuiDataGrid-row': { cursor: detailPath ? 'pointer' : 'default' },
            '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outline: 'none' },
          }}
        />
      </Paper>
    </Box>
  );
};
