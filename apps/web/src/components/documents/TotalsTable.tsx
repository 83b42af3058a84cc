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

/**
 * A document's totals: the VAT breakdown, one row per EN 16931 category and rate (its base and its VAT), then
 * the net, VAT and gross totals. `preview`: computed here from the lines being typed, not yet the server's.
 */
export const TotalsTable = ({ totals, preview = false }: { totals: TDocumentTotals; preview?: boolean }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const total = (key: 'net' | 'vat' | 'gross', strong: boolean) => (
    <TableRow>
      <TableCell colSpan={3} sx={{ fontWeight: strong ? 600 : undefined }}>
        {t(`documents.totals.${key}`)}
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: strong ? 600 : undefined }} data-testid={`total-${key}`}>
        {formatMoney(totals[key], language)}
      </TableCell>
    </TableRow>
  );
  return (
    <>
      <ScrollRegion label={t('documents.totals.title')}>
        <Table size="small" aria-label={t('documents.totals.title')} data-testid="document-totals">
          <TableHead>
            <TableRow>
              <TableCell>{t('documents.totals.category')}</TableCell>
              <TableCell align="right">{t('documents.totals.rate')}</TableCell>
              <TableCell align="right">{t('documents.totals.base')}</TableCell>
              <TableCell align="right">{t('documents.totals.vatOfRate')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {totals.byRate.map((row) => (
              <TableRow key={`${row.category} ${row.rate}`} data-testid="vat-breakdown">
                <TableCell>{t(`documents.vatCategories.${row.category}`)}</TableCell>
                <TableCell align="right">{formatRate(row.rate, language)}</TableCell>
                <TableCell align="right">{formatMoney(row.base, language)}</TableCell>
                <TableCell align="right">{formatMoney(row.vat, language)}</TableCell>
              </TableRow>
            ))}
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
