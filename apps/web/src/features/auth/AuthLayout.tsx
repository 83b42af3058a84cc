import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import InventoryIcon from '@mui/icons-material/Inventory2';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '@tagstock/contract/constants';

// Box rather than Stack: the sign-in page's first load has a size budget.
/** The signed-out pages' frame (sign-in, password reset): the product's name, a title and subtitle, the version. */
export const AuthLayout = ({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #1e3a5f 0%, #0f8b8d 100%)',
      }}
    >
      <Paper
        sx={{
          p: { xs: 3, sm: 5 },
          width: '100%',
          maxWidth: 420,
          borderRadius: 3,
          boxShadow: '0 20px 50px rgba(0,0,0,0.25)',
        }}
      >
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 3 }}>
          <InventoryIcon color="primary" sx={{ fontSize: 36 }} />
          <Box>
            <Typography variant="h6" component="div" sx={{ lineHeight: 1.2 }}>
              {t('app.name')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('app.tagline')}
            </Typography>
          </Box>
        </Box>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
        {children}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 3, textAlign: 'center' }}>
          {t('app.version', { version: APP_VERSION })}
        </Typography>
      </Paper>
    </Box>
  );
};
