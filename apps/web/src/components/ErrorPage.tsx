import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

const describe = (error: unknown): string => {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
};

/** errorElement of the root route: a render failure anywhere below lands here. */
export const ErrorPage = () => {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 640, width: '100%' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('errors.unexpectedTitle')}
        </Typography>
        <Typography
          component="pre"
          sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', color: 'error.main', mb: 3 }}
        >
          {describe(error)}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      </Paper>
    </Box>
  );
};
