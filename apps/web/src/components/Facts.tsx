import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** One fact of a record read, not edited (a document's date, its customer): a caption above its value. */
export const Fact = ({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) => (
  <Stack spacing={0.5}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" component="div" data-testid={testId}>
      {value}
    </Typography>
  </Stack>
);

/** Facts side by side, one under the other on a phone. */
export const Facts = ({ children }: { children: ReactNode }) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }} useFlexGap sx={{ flexWrap: 'wrap' }}>
    {children}
  </Stack>
);
