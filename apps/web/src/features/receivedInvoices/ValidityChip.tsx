import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Whether a received invoice passed the EN 16931 checks; an invalid one says how many rules it fails. */
export const ValidityChip = ({ valid, errors }: { valid: boolean; errors: number }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={valid ? 'success' : 'error'}
      label={valid ? t('receivedInvoices.valid') : t('receivedInvoices.invalidCount', { count: errors })}
      data-testid="received-invoice-validity"
    />
  );
};

/** Whether a received invoice passed the rules a French platform adds (Factur-X profile, French CTC rules). */
export const FrRulesChip = ({ compliant, errors }: { compliant: boolean | null; errors: number }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={compliant === null ? 'default' : compliant ? 'success' : 'warning'}
      label={
        compliant === null
          ? t('einvoiceReception.frNotChecked')
          : compliant
            ? t('einvoiceReception.frCompliant')
            : t('einvoiceReception.frNonCompliantCount', { count: errors })
      }
      data-testid="received-invoice-fr"
    />
  );
};
