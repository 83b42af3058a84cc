import { useTranslation } from 'react-i18next';
import type { TWebhookEndpointCreated } from '@tagstock/contract';
import { OneTimeSecretDialog } from '../../components/OneTimeSecretDialog';

/** A new endpoint's signing secret, shown once: the server keeps it sealed and never answers it again. */
export const WebhookSecretDialog = ({
  endpoint,
  onClose,
}: {
  endpoint: TWebhookEndpointCreated | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <OneTimeSecretDialog
      secret={endpoint?.secret ?? null}
      testId="webhook-secret"
      texts={{
        title: t('webhooks.secret.title'),
        warning: t('webhooks.secret.warning'),
        label: t('webhooks.secret.label'),
        help: t('webhooks.secret.help'),
        copied: t('webhooks.secret.copied'),
        done: t('webhooks.secret.done'),
      }}
      onClose={onClose}
    />
  );
};
