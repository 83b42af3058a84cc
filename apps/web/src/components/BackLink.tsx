import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isQueryError } from '../app/base-api';
import { problemMessage } from './notify';

/** A detail page's way back to its list. */
export const BackLink = ({ to, label }: { to: string; label: string }) => (
  <Button component={RouterLink} to={to} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
    {label}
  </Button>
);

/**
 * Why a detail page has nothing to show, with the way back: the record does not exist (an old link, a deleted
 * record, an id that is not one), or it could not be loaded.
 */
export const LoadError = ({
  error,
  to,
  label,
  missing: known = false,
}: {
  error: unknown;
  to: string;
  label: string;
  /** Known missing without asking the server (an id that is not one). */
  missing?: boolean;
}) => {
  const { t } = useTranslation();
  const missing = known || (isQueryError(error) && (error.status === 404 || error.status === 400));
  return (
    <>
      <BackLink to={to} label={label} />
      <Alert severity={missing ? 'warning' : 'error'} data-testid="load-error">
        {missing ? t('problems.not_found') : problemMessage(error, t, 'errors.loadFailed')}
      </Alert>
    </>
  );
};
