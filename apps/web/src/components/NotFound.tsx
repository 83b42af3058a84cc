import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A page in place of the one asked for: what happened, and a way back. */
const InsteadOfPage = ({ title, text, to, label }: { title: string; text: string; to: string; label: string }) => (
  <Box sx={{ py: 8, textAlign: 'center' }}>
    <Typography variant="h5" component="h1" gutterBottom>
      {title}
    </Typography>
    <Typography color="text.secondary" sx={{ mb: 3 }}>
      {text}
    </Typography>
    <Button variant="contained" component={RouterLink} to={to}>
      {label}
    </Button>
  </Box>
);

export const NotFound = ({ homePath }: { homePath: string }) => {
  const { t } = useTranslation();
  return (
    <InsteadOfPage
      title={t('errors.notFoundTitle')}
      text={t('errors.notFoundText')}
      to={homePath}
      label={t('actions.backToDashboard')}
    />
  );
};

/** A page the user's role does not allow (e.g. a creation page for a read-only user), with the way back. */
export const NotAllowed = ({ backTo, backLabel }: { backTo: string; backLabel: string }) => {
  const { t } = useTranslation();
  return (
    <InsteadOfPage
      title={t('errors.notAllowedTitle')}
      text={t('errors.notAllowedText')}
      to={backTo}
      label={backLabel}
    />
  );
};
