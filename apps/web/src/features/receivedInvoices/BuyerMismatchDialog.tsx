import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { BuyerQuestion } from './receive';

/**
 * Asks before keeping an invoice addressed to another company (409 `buyer_mismatch`): the buyer it names beside our
 * company, and what tells them apart. Confirm sends the file again with `confirmBuyer`.
 */
export const BuyerMismatchDialog = ({
  question,
  busy,
  onConfirm,
  onClose,
}: {
  question: BuyerQuestion | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const p = question?.params;
  const rows: [string, string | null | undefined, string | null | undefined][] = [
    [t('einvoiceReception.buyerMismatch.name'), p?.buyerName, p?.companyName],
    ['SIREN', p?.buyerSiren, p?.companySiren],
    [t('fields.vatNumber'), p?.buyerVatNumber, p?.companyVatNumber],
  ];
  return (
    <ConfirmDialog
      open={!!question}
      title={t('einvoiceReception.buyerMismatch.title')}
      message={t('einvoiceReception.buyerMismatch.text', { file: question?.file.name ?? '' })}
      confirmLabel={t('einvoiceReception.buyerMismatch.confirm')}
      danger={false}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Table size="small" sx={{ mt: 2 }} data-testid="buyer-mismatch-parties">
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell>{t('einvoiceReception.buyerMismatch.invoiceBuyer')}</TableCell>
            <TableCell>{t('einvoiceReception.buyerMismatch.ourCompany')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([label, buyer, ours]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary' }}>
                {label}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{buyer || '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{ours || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {p && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t(`einvoiceReception.buyerMismatch.by.${p.by}`)}
        </Typography>
      )}
    </ConfirmDialog>
  );
};
