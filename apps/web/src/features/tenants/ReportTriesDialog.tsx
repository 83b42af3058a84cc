import { useTranslation } from 'react-i18next';
import { REPORT_TRIES_MAX, type TTenant } from '@tagstock/contract';
import { useSetTenantReportTriesMutation } from './api';
import { OneFieldDialog } from './OneFieldDialog';

/** The super admin sets how many natural-language report questions a tenant has a month. */
export const ReportTriesDialog = ({ tenant, onClose }: { tenant: TTenant; onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const [save] = useSetTenantReportTriesMutation();
  return (
    <OneFieldDialog
      title={t('tenants.reportTriesTitle', { name: tenant.name })}
      help={t('tenants.reportTriesHelp')}
      label={t('tenants.reportTriesLimit')}
      initial={String(tenant.reportTriesLimit)}
      type="number"
      inputProps={{ min: 0, max: REPORT_TRIES_MAX, step: 1 }}
      check={(value) => {
        const limit = Number(value);
        return value.trim() !== '' && Number.isInteger(limit) && limit >= 0 && limit <= REPORT_TRIES_MAX
          ? null
          : t('tenants.reportTriesInvalid', { max: REPORT_TRIES_MAX.toLocaleString(i18n.resolvedLanguage) });
      }}
      save={async (value) => {
        const saved = await save({ id: tenant.id, limit: Number(value) }).unwrap();
        return t('tenants.reportTriesSaved', { name: saved.name, limit: saved.reportTriesLimit });
      }}
      onClose={onClose}
    />
  );
};
