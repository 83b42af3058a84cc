import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { firstFocusable, goTo } from '../../components/focus-field';
import { settingLabelKey } from '../invoices/IssueRefusal';

/** Brings the field of a setting into view and puts the cursor in it. */
const goToField = (field: string) => goTo(firstFocusable(document.querySelector(`[data-field="${field}"]`)));

/**
 * What the settings still lack for an invoice to be issued, as typed (before saving), or that nothing does; each
 * missing setting leads to its field, marked as needed in the form.
 */
export const InvoicingReadiness = ({ missing }: { missing: readonly string[] }) => {
  const { t } = useTranslation();
  const names = missing.map((field) => ({ field, label: t(settingLabelKey(field), { defaultValue: field }) }));
  return (
    <Card component="section" aria-labelledby="invoicing-readiness" data-testid="invoicing-readiness">
      <CardContent>
        <Typography id="invoicing-readiness" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('company.readiness.title')}
        </Typography>
        {missing.length === 0 ? (
          <Alert severity="success">{t('company.readiness.ready')}</Alert>
        ) : (
          <Alert severity="warning" role="status">
            <Typography variant="body2">{t('company.readiness.missing')}</Typography>
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} data-testid="readiness-missing">
              {names.map(({ field, label }) => (
                <li key={field}>
                  <Link component="button" type="button" variant="body2" onClick={() => goToField(field)}>
                    {label}
                  </Link>
                </li>
              ))}
            </Box>
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('company.readiness.marked')}
        </Typography>
      </CardContent>
    </Card>
  );
};
