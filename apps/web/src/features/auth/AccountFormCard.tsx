import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/use-document-title';

/** The frame of the profile and password pages: title, form-level error, fields, and the save button. */
export function AccountFormCard(props: {
  titleKey: string;
  formError: string | null;
  busy: boolean;
  onSubmit(e: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t(props.titleKey));
  return (
    <Box sx={{ maxWidth: 560 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
        {t(props.titleKey)}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Box component="form" noValidate onSubmit={props.onSubmit}>
          <Stack spacing={2.5}>
            {props.formError && <Alert severity="error">{t(props.formError)}</Alert>}
            {props.children}
            <Box>
              <Button type="submit" variant="contained" disabled={props.busy}>
                {t('actions.save')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
