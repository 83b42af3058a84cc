import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../app/hooks';
import { block, disconnect } from '../app/auth-slice';

/**
 * For users whose App_Type may not use the web dashboard: their session (user, token, id, permissions) is cleared as
 * the screen shows (SPEC §4); "back to login" leaves it.
 */
export const BlockedAccess = () => {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    dispatch(block());
  }, [dispatch]);
  const backToLogin = () => {
    dispatch(disconnect());
    void navigate('/auth/sign-in', { replace: true });
  };
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, textAlign: 'center' }}>
        <PhoneIphoneIcon color="primary" sx={{ fontSize: 56, mb: 2 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          {t('blocked.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {t('blocked.text')}
        </Typography>
        <Button variant="contained" size="large" onClick={backToLogin}>
          {t('blocked.backToLogin')}
        </Button>
      </Paper>
    </Box>
  );
};
