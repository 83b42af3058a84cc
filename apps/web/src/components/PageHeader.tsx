import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Title, subtitle and the page's main buttons. */
export const PageHeader = ({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) => (
  <Stack
    direction={{ xs: 'column', sm: 'row' }}
    spacing={2}
    sx={{ mb: 3, justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'flex-end' } }}
  >
    <Box>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" data-testid="page-subtitle">
          {subtitle}
        </Typography>
      )}
    </Box>
    {actions && (
      <Stack direction="row" spacing={1}>
        {actions}
      </Stack>
    )}
  </Stack>
);
