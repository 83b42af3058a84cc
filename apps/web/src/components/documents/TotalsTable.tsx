import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { vatRateLabel, type TDocumentTotals, type TVatBreakdown } from '@tagstock/contract';
import { formatMoney } from '../format';
import { ScrollRegion } from '../ScrollRegion';

/** The totals of a sales document also say what its lines come to and the discount taken off them. */
type Totals = TDocumentTotals & { lineTotal?: string; allowanceTotal?: string };

const isZero = (amount: string | undefined) => !amount || !/[1-9]/.test(amount);

/** A row of the breakdown as an accountant names it: "Taux réduit 5,5 %", "Exonéré (art. 293 B du CGI)". */
export const vatRowName = (row: TVatBreakdown, language: string | undefined) =>
  vatRateLabel(row, language === 'fr' ? 'fr' : 'en');

type Total = { key: string; amount: string; strong: boolean };

/**
 * A document's totals: the VAT breakdown, one row per EN 16931 category and rate, named as the PDF names it
 * (its base and its VAT), then the net, VAT and gross totals. A document with a discount shows the discount of each
 * rate and, before the net, the total of the lines and the discount. On a phone each rate is a card and each total
 * a line, so that no amount is cut off by the card's edge. `preview`: computed here from the lines being typed,
 * not yet the server's.
 */
export const TotalsTable = ({ totals, preview = false }: { totals: Totals; preview?: boolean }) => {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (amount: string) => formatMoney(amount, language);
  const discounted = !isZero(totals.allowanceTotal);
  const rows: Total[] = [
    ...(discounted
      ? [
          { key: 'lineTotal', amount: totals.lineTotal ?? '0', strong: false },
          { key: 'allowance', amount: `-${totals.allowanceTotal ?? '0'}`, strong: false },
        ]
      : []),
    { key: 'net', amount: totals.net, strong: true },
    { key: 'vat', amount: totals.vat, strong: false },
    { key: 'gross', amount: totals.gross, strong: true },
  ];
  const label = t('documents.totals.title');
  // The amounts of each rate: its discount (when the document has one), its base and its VAT.
  const amounts: { key: string; header: string; of: (row: TVatBreakdown) => string }[] = [
    ...(discounted
      ? [
          {
            key: 'allowance',
            header: t('documents.totals.allowanceOfRate'),
            of: (r: TVatBreakdown) => r.allowance ?? '0',
          },
        ]
      : []),
    { key: 'base', header: t('documents.totals.base'), of: (r) => r.base },
    { key: 'vat', header: t('documents.totals.vatOfRate'), of: (r) => r.vat },
  ];
  const rowKey = (row: TVatBreakdown) => `${row.category} ${row.rate} ${row.exemption?.code ?? ''}`;

  const content = phone ? (
    <Box data-testid="document-totals">
      <Stack
        component="ul"
        aria-label={t('documents.totals.breakdown')}
        spacing={1}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {totals.byRate.map((row) => (
          <Box
            component="li"
            key={rowKey(row)}
            data-testid="vat-breakdown"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, overflowWrap: 'anywhere' }}
          >
            <Typography variant="body2" component="div" sx={{ fontWeight: 600 }}>
              {vatRowName(row, language)}
            </Typography>
            {amounts.map((cell) => (
              <Stack key={cell.key} direction="row" sx={{ mt: 0.5, justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" color="text.secondary">
                  {cell.header}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                  {money(cell.of(row))}
                </Typography>
              </Stack>
            ))}
          </Box>
        ))}
      </Stack>
      <Stack spacing={0.5} sx={{ mt: 1.5 }}>
        {rows.map((row) => (
          <Stack key={row.key} direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: row.strong ? 700 : 500 }}>
              {t(`documents.totals.${row.key}`)}
            </Typography>
            <Typography
              variant="body2"
              sx={{ fontWeight: row.strong ? 700 : 500, whiteSpace: 'nowrap' }}
              data-testid={`total-${row.key}`}
            >
              {money(row.amount)}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  ) : (
    <ScrollRegion label={label}>
      <Table size="small" aria-label={label} data-testid="document-totals">
        <TableHead>
          <TableRow>
            <TableCell>{t('documents.totals.vatRate')}</TableCell>
            {amounts.map((cell) => (
              <TableCell key={cell.key} align="right">
                {cell.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {totals.byRate.map((row) => (
            <TableRow key={rowKey(row)} data-testid="vat-breakdown">
              <TableCell>{vatRowName(row, language)}</TableCell>
              {amounts.map((cell) => (
                <TableCell key={cell.key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(cell.of(row))}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell colSpan={amounts.length} sx={{ fontWeight: row.strong ? 600 : undefined }}>
                {t(`documents.totals.${row.key}`)}
              </TableCell>
              <TableCell
                align="right"
                sx={{ fontWeight: row.strong ? 600 : undefined, whiteSpace: 'nowrap' }}
                data-testid={`total-${row.key}`}
              >
                {money(row.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
  return (
    <>
      {content}
      {preview && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('documents.totals.preview')}
        </Typography>
      )}
    </>
  );
};
