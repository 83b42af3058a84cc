import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Shown while a lazy area or page loads. */
export const Loading = () => {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240, flex: 1 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
};
