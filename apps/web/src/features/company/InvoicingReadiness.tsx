import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { settingLabelKey } from '../invoices/IssueRefusal';

/** What the settings still lack for an invoice to be issued (the server's list), or that nothing does. */
export const InvoicingReadiness = ({ missing }: { missing: readonly string[] }) => {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="invoicing-readiness" data-testid="invoicing-readiness">
      <CardContent>
        <Typography id="invoicing-readiness" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('company.readiness.title')}
        </Typography>
        {missing.length === 0 ? (
          <Alert severity="success">{t('company.readiness.ready')}</Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('company.readiness.missing')}
            </Typography>
            <List dense>
              {missing.map((field) => (
                <ListItem key={field} disableGutters>
                  <ListItemText primary={t(settingLabelKey(field), { defaultValue: field })} />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </CardContent>
    </Card>
  );
};
