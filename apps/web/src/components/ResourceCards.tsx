import { isValidElement, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { GridLocaleText, GridValidRowModel } from '@mui/x-data-grid';
import type { ResourceColumn } from './resource-columns';

/** The props of a GridActionsCellItem, the only thing a card needs to redraw it as a plain button. */
type ActionProps = { label?: string; icon?: ReactNode; onClick?: (event: never) => void };

/** Row actions are grid items (they need the grid's context): a card shows them as icon buttons. */
export const cardActions = (items: readonly ReactNode[]) =>
  items.flatMap((item, index) => {
    if (!isValidElement<ActionProps>(item) || !item.props.label) return [];
    const { label, icon, onClick } = item.props;
    return [
      <IconButton key={item.key ?? index} aria-label={label} title={label} onClick={onClick as never}>
        {icon}
      </IconButton>,
    ];
  });

/** A cell's content outside the grid: its renderCell, else its formatted value. Columns here read only row and value. */
const cellContent = <T extends GridValidRowModel & { id: number }>(column: ResourceColumn<T>, row: T): ReactNode => {
  const raw: unknown = row[column.field];
  const value: unknown = column.valueGetter ? column.valueGetter(raw as never, row, column, undefined as never) : raw;
  const formatted: unknown = column.valueFormatter
    ? column.valueFormatter(value as never, row, column, undefined as never)
    : value;
  if (column.renderCell) {
    return column.renderCell({
      row,
      value,
      formattedValue: formatted,
      field: column.field,
      id: row.id,
      colDef: column,
    } as never);
  }
  if (formatted === null || formatted === undefined || formatted === '') return '—';
  return String(formatted as string);
};

/** Which columns make the card: declared roles, else the first column as title and the next three as lines. */
export const cardLayout = <T extends GridValidRowModel>(columns: readonly ResourceColumn<T>[]) => {
  const declared = columns.some((c) => c.card);
  const primary = declared ? columns.find((c) => c.card === 'primary') : columns[0];
  const status = columns.find((c) => c.card === 'status');
  const secondary = declared ? columns.filter((c) => c.card === 'secondary') : columns.slice(1, 4);
  return { primary, status, secondary };
};

type ResourceCardsProps<T extends GridValidRowModel & { id: number }> = {
  label: string;
  rows: readonly T[];
  columns: readonly ResourceColumn<T>[];
  loading: boolean;
  empty: ReactNode;
  /** Opens the record (its page or its form); cards are plain text without it. */
  onOpen?: (row: T) => void;
  actions: (row: T) => ReactNode[];
  page: number;
  limit: number;
  total: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  localeText: Partial<GridLocaleText>;
};

/** The phone form of a list (< 600 px): one card per record, a title, a status and a few lines. */
export const ResourceCards = <T extends GridValidRowModel & { id: number }>({
  label,
  rows,
  columns,
  loading,
  empty,
  onOpen,
  actions,
  page,
  limit,
  total,
  pageSizes,
  onPage,
  onLimit,
  localeText,
}: ResourceCardsProps<T>) => {
  const { primary, status, secondary } = cardLayout(columns);
  return (
    <Box>
      <Box sx={{ height: 4, mb: 1 }}>{loading && <LinearProgress />}</Box>
      {rows.length === 0 && !loading ? (
        empty
      ) : (
        <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row) => {
            const body = (
              <Box sx={{ p: 2 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                    {primary ? cellContent(primary, row) : row.id}
                  </Typography>
                  {status && <Box sx={{ flexShrink: 0 }}>{cellContent(status, row)}</Box>}
                </Stack>
                {secondary.map((column) => (
                  <Stack key={column.field} direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
                    <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                      {column.headerName}
                    </Typography>
                    <Typography variant="body2" component="div" sx={{ minWidth: 0, wordBreak: 'break-word' }}>
                      {cellContent(column, row)}
                    </Typography>
                  </Stack>
                ))}
              </Box>
            );
            const buttons = actions(row);
            return (
              <Card component="li" key={row.id} data-testid="resource-card">
                {onOpen ? <CardActionArea onClick={() => onOpen(row)}>{body}</CardActionArea> : body}
                {buttons.length > 0 && (
                  <CardActions sx={{ justifyContent: 'flex-end', borderTop: 1, borderColor: 'divider', py: 0.5 }}>
                    {buttons}
                  </CardActions>
                )}
              </Card>
            );
          })}
        </Stack>
      )}
      <TablePagination
        component="div"
        count={total}
        page={Math.max(0, page - 1)}
        rowsPerPage={limit}
        rowsPerPageOptions={[...pageSizes]}
        onPageChange={(_event, next) => onPage(next + 1)}
        onRowsPerPageChange={(event) => onLimit(Number(event.target.value))}
        labelRowsPerPage={localeText.paginationRowsPerPage}
        labelDisplayedRows={(info) =>
          localeText.paginationDisplayedRows?.({ ...info, estimated: undefined }) ??
          `${info.from}–${info.to} / ${info.count}`
        }
      />
    </Box>
  );
};
