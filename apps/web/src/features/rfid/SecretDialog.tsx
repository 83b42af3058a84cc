import { useTranslation } from 'react-i18next';
import type { TReaderWithSecret } from '@tagstock/contract';
import { OneTimeSecretDialog } from '../../components/OneTimeSecretDialog';

/** A reader's secret, shown once after the create or rotate answer: the server keeps only a hash. */
export const SecretDialog = ({ reader, onClose }: { reader: TReaderWithSecret | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <OneTimeSecretDialog
      secret={reader?.secret ?? null}
      testId="reader-secret"
      texts={{
        title: `${t('readers.secretTitle')} — ${reader?.name ?? ''}`,
        warning: t('readers.secretWarning'),
        label: t('readers.secretTitle'),
        copied: t('readers.secretCopied'),
        done: t('safeActions.secretCopied'),
      }}
      onClose={onClose}
    />
  );
};
