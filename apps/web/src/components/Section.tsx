import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

/** A titled card of a detail page (an article, a document), with an optional action beside its title. */
export const Section = ({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) => (
  <Card data-testid={testId}>
    <CardContent>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </CardContent>
  </Card>
);

/** The one row of a small table with nothing to show. */
export const EmptyRow = ({ columns, text }: { columns: number; text: ReactNode }) => (
  <TableRow>
    <TableCell colSpan={columns} align="center" sx={{ color: 'text.secondary' }}>
      {text}
    </TableCell>
  </TableRow>
);
