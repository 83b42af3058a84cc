import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TDocumentTotals } from '@tagstock/contract';
import { formatMoney, formatRate } from '../format';
import { ScrollRegion } from '../ScrollRegion';

/** The totals of a sales document also say what its lines come to and the discount taken off them. */
type Totals = TDocumentTotals & { lineTotal?: string; allowanceTotal?: string };

const isZero = (amount: string | undefined) => !amount || !/[1-9]/.test(amount);

/**
 * A document's totals: the VAT breakdown, one row per EN 16931 category and rate (its base and its VAT), then
 * the net, VAT and gross totals. A document with a discount shows the discount of each rate and, before the net,
 * the total of the lines and the discount. `preview`: computed here from the lines being typed, not yet the
 * server's.
 */
export const TotalsTable = ({ totals, preview = false }: { totals: Totals; preview?: boolean }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const discounted = !isZero(totals.allowanceTotal);
  const columns = discounted ? 5 : 4;
  const totalRow = (key: string, amount: string, strong: boolean) => (
    <TableRow>
      <TableCell colSpan={columns - 1} sx={{ fontWeight: strong ? 600 : undefined }}>
        {t(`documents.totals.${key}`)}
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: strong ? 600 : undefined }} data-testid={`total-${key}`}>
        {formatMoney(amount, language)}
      </TableCell>
    </TableRow>
  );
  const total = (key: 'net' | 'vat' | 'gross', strong: boolean) => totalRow(key, totals[key], strong);
  return (
    <>
      <ScrollRegion label={t('documents.totals.title')}>
        <Table size="small" aria-label={t('documents.totals.title')} data-testid="document-totals">
          <TableHead>
            <TableRow>
              <TableCell>{t('documents.totals.category')}</TableCell>
              <TableCell align="right">{t('documents.totals.rate')}</TableCell>
              {discounted && <TableCell align="right">{t('documents.totals.allowanceOfRate')}</TableCell>}
              <TableCell align="right">{t('documents.totals.base')}</TableCell>
              <TableCell align="right">{t('documents.totals.vatOfRate')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {totals.byRate.map((rate) => (
              <TableRow key={`${rate.category} ${rate.rate}`} data-testid="vat-breakdown">
                <TableCell>{t(`documents.vatCategories.${rate.category}`)}</TableCell>
                <TableCell align="right">{formatRate(rate.rate, language)}</TableCell>
                {discounted && <TableCell align="right">{formatMoney(rate.allowance ?? '0', language)}</TableCell>}
                <TableCell align="right">{formatMoney(rate.base, language)}</TableCell>
                <TableCell align="right">{formatMoney(rate.vat, language)}</TableCell>
              </TableRow>
            ))}
            {discounted && totalRow('lineTotal', totals.lineTotal ?? '0', false)}
            {discounted && totalRow('allowance', `-${totals.allowanceTotal ?? '0'}`, false)}
            {total('net', true)}
            {total('vat', false)}
            {total('gross', true)}
          </TableBody>
        </Table>
      </ScrollRegion>
      {preview && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('documents.totals.preview')}
        </Typography>
      )}
    </>
  );
};
