import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { COMPANY_LOGO_MAX_BYTES, COMPANY_LOGO_TYPES, type TCompanySettings } from '@tagstock/contract';
import { hasErrorCode } from '@tagstock/contract/constants';
import { isQueryError } from '../../app/base-api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { problemMessage } from '../../components/notify';
import { ImageFileButton, ImageFrame, useImageUrl } from '../../components/ImagePicker';
import { UploadMessage, useUploadMessage } from '../../components/UploadMessage';
import { useDeleteCompanyLogoMutation, useUploadCompanyLogoMutation } from './api';

const MAX_MB = COMPANY_LOGO_MAX_BYTES / (1024 * 1024);

/** The logo printed on documents: a preview, and for writers replace and remove (PNG or JPEG, at most 2 MB). */
export const CompanyLogo = ({ company, canWrite }: { company: TCompanySettings; canWrite: boolean }) => {
  const { t } = useTranslation();
  const url = useImageUrl(company.hasLogo ? '/company/logo' : null, company.updatedAt ?? '');
  const [upload, { isLoading: uploading }] = useUploadCompanyLogoMutation();
  const [remove, { isLoading: removing }] = useDeleteCompanyLogoMutation();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const message = useUploadMessage();

  const onFile = async (file: File) => {
    // Checked here too: the server refuses them anyway, the user learns why at once.
    if (!(COMPANY_LOGO_TYPES as readonly string[]).includes(file.type)) {
      message.refused(t('company.logoTypes'));
      return;
    }
    if (file.size > COMPANY_LOGO_MAX_BYTES) {
      message.refused(t('company.logoTooLarge', { max: MAX_MB }));
      return;
    }
    try {
      await upload(file).unwrap();
      message.succeeded(t('company.logoUpdated'));
    } catch (error) {
      message.refused(
        isQueryError(error) && hasErrorCode(error.problem, 'unsupported_image')
          ? t('company.logoTypes')
          : problemMessage(error, t, 'messages.uploadFailed'),
      );
    }
  };

  const onRemove = async () => {
    try {
      await remove().unwrap();
      toast.success(t('company.logoRemoved'));
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
    setConfirmRemove(false);
  };

  return (
    <Card component="section" aria-label={t('company.logo')}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('company.logo')}
        </Typography>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <ImageFrame
            url={url}
            alt={t('company.logoOf', { name: company.name })}
            testId="company-logo"
            emptyText={t('company.noLogo')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('company.logoHint', { max: MAX_MB })}
          </Typography>
          {canWrite && (
            <Stack direction="row" spacing={1}>
              <ImageFileButton
                label={t(company.hasLogo ? 'company.replaceLogo' : 'company.uploadLogo')}
                accept={COMPANY_LOGO_TYPES.join(',')}
                testId="logo-file"
                disabled={uploading}
                onFile={(file) => void onFile(file)}
              />
              {company.hasLogo && (
                <Button
                  color="error"
                  startIcon={<DeleteIcon />}
                  disabled={removing}
                  onClick={() => setConfirmRemove(true)}
                >
                  {t('company.removeLogo')}
                </Button>
              )}
            </Stack>
          )}
          <UploadMessage outcome={message.outcome} onClose={message.clear} />
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirmRemove}
        title={t('company.removeLogoTitle')}
        message={t('company.removeLogoConfirm')}
        confirmLabel={t('company.removeLogo')}
        busy={removing}
        onConfirm={() => void onRemove()}
        onClose={() => setConfirmRemove(false)}
      />
    </Card>
  );
};
