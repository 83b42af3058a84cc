import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import { ScrollRegion } from './ScrollRegion';
import { EmptyRow } from './Section';

/** One column of a small table: its title, its cell, and whether it titles the record's card on a phone. */
export type DetailColumn<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** Styles of the desktop cell (nowrap, colour…). */
  sx?: SxProps<Theme>;
  /** The card's title on a phone (the first column when none is). */
  primary?: boolean;
};

/** A total under the rows: across the table on a desktop, one more line under the cards on a phone. */
export type DetailTotal = { label: string; value: ReactNode; strong?: boolean; testId?: string };

type DetailTableProps<T> = {
  /** Accessible name of the table (of the list on a phone). */
  label: string;
  columns: readonly DetailColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** Shown when the rows have loaded and there are none. */
  empty?: ReactNode;
  totals?: readonly DetailTotal[];
  testId?: string;
};

/**
 * A small table inside a detail page's card (history, receipts, lines). On a phone (< 600 px) each row becomes a
 * card listing every column, so that nothing is cut and the page never scrolls sideways; between a phone and a
 * desktop a table too wide for its card scrolls inside it.
 */
export const DetailTable = <T,>({ label, columns, rows, rowKey, empty, totals, testId }: DetailTableProps<T>) => {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const primary = columns.find((c) => c.primary) ?? columns[0];
  if (phone) {
    return (
      <Box data-testid={testId}>
        <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {(rows ?? []).map((row) => (
            <Box
              component="li"
              key={rowKey(row)}
              data-testid="detail-card"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, overflowWrap: 'anywhere' }}
            >
              {primary && (
                <Typography variant="body2" component="div" sx={{ fontWeight: 600 }}>
                  {primary.cell(row)}
                </Typography>
              )}
              {columns
                .filter((column) => column !== primary)
                .map((column) => (
                  <Stack key={column.key} direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'baseline' }}>
                    {column.header && (
                      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                        {column.header}
                      </Typography>
                    )}
                    <Typography variant="body2" component="div" sx={{ minWidth: 0 }}>
                      {column.cell(row)}
                    </Typography>
                  </Stack>
                ))}
            </Box>
          ))}
        </Stack>
        {rows?.length === 0 && empty && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1, textAlign: 'center' }}>
            {empty}
          </Typography>
        )}
        {totals && totals.length > 0 && (
          <Stack spacing={0.5} sx={{ mt: 1.5 }}>
            {totals.map((total) => (
              <Stack key={total.label} direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: total.strong ? 700 : 500 }}>
                  {total.label}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: total.strong ? 700 : 500 }} data-testid={total.testId}>
                  {total.value}
                </Typography>
              </Stack>
            ))}
          </Stack>
        )}
      </Box>
    );
  }
  return (
    <ScrollRegion label={label}>
      <Table size="small" aria-label={label} data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(rows ?? []).map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={column.sx}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {rows?.length === 0 && empty && <EmptyRow columns={columns.length} text={empty} />}
          {totals?.map((total) => (
            <TableRow key={total.label}>
              <TableCell colSpan={columns.length - 1} align="right" sx={{ fontWeight: total.strong ? 700 : 500 }}>
                {total.label}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: total.strong ? 700 : 500 }} data-testid={total.testId}>
                {total.value}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
};
