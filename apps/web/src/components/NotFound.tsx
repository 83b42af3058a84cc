import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

export const NotFound = ({ homePath }: { homePath: string }) => {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('errors.notFoundTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('errors.notFoundText')}
      </Typography>
      <Button variant="contained" component={RouterLink} to={homePath}>
        {t('actions.backToDashboard')}
      </Button>
    </Box>
  );
};
