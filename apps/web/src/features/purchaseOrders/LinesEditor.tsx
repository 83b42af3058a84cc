import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, formatRate, fromDecimalInput } from '../../components/format';
import { ArticlePicker, type ArticleChoice } from './ArticlePicker';
import { LineCards } from './LineCards';
import { articleLinePatch, emptyLine, type DraftErrors, type LineDraft } from './draft';
import { EmptyRow } from '../../components/Section';
import { ScrollRegion } from '../../components/ScrollRegion';

type NumericField = 'quantity' | 'unitPrice' | 'discount' | 'vatRate';
const NUMERIC_FIELDS: readonly NumericField[] = ['quantity', 'unitPrice', 'discount', 'vatRate'];
type FocusTarget = { key: string; field: 'article' | NumericField };

export type LinesEditorProps = {
  lines: LineDraft[];
  supplierId: string;
  errors: DraftErrors;
  readOnly: boolean;
  showReceived: boolean;
  onChange: (lines: LineDraft[]) => void;
};

/** The lines of an order: a table for the keyboard, or on a phone a card per line edited one at a time. */
export const LinesEditor = (props: LinesEditorProps) => {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return phone ? <LineCards {...props} /> : <KeyboardLinesEditor {...props} />;
};

/**
 * The lines of an order, for the keyboard: type a reference and Enter picks the article (its price and VAT rate
 * fill the line) and moves to the quantity; Tab goes through quantity, price, discount and VAT; Enter in them goes
 * to the next line, adding one after the last.
 */
const KeyboardLinesEditor = ({ lines, supplierId, errors, readOnly, showReceived, onChange }: LinesEditorProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const [focus, setFocus] = useState<FocusTarget | null>(null);

  useEffect(() => {
    if (!focus) return;
    const input = inputs.current.get(`${focus.key}:${focus.field}`);
    if (!input) return;
    input.focus();
    input.select();
    setFocus(null);
  }, [focus, lines]);

  const refOf = (key: string, field: FocusTarget['field']) => (el: HTMLInputElement | null) => {
    if (el) inputs.current.set(`${key}:${field}`, el);
    else inputs.current.delete(`${key}:${field}`);
  };

  const patch = (key: string, changes: Partial<LineDraft>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...changes, netAmount: null } : line)));

  const addLine = () => {
    const line = emptyLine();
    onChange([...lines, line]);
    setFocus({ key: line.key, field: 'article' });
  };

  const removeLine = (index: number) => {
    const next = lines.filter((_, i) => i !== index);
    onChange(next);
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) setFocus({ key: neighbour.key, field: 'article' });
  };

  const pick = (key: string, choice: ArticleChoice) => {
    patch(key, articleLinePatch(choice, language));
    setFocus({ key, field: 'quantity' });
  };

  const onEnter = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const next = lines[index + 1];
    if (next) setFocus({ key: next.key, field: 'article' });
    else addLine();
  };

  const fieldLabel = (field: string, n: number) =>
    t('purchaseOrders.lineField', { field: t(`purchaseOrders.lineFields.${field}`), n });

  const valueOf = (line: LineDraft, field: NumericField) => {
    const text = line[field];
    if (field === 'quantity') return formatNumber(Number(text), language);
    if (field === 'unitPrice') return formatMoney(fromDecimalInput(text), language);
    return formatRate(fromDecimalInput(text), language);
  };

  return (
    <>
      <ScrollRegion label={t('purchaseOrders.lines')}>
        <Table size="small" aria-label={t('purchaseOrders.lines')} data-testid="order-lines">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 40 }}>#</TableCell>
              <TableCell>{t('fields.article')}</TableCell>
              <TableCell align="right">{t('purchaseOrders.lineFields.quantity')}</TableCell>
              <TableCell align="right">{t('purchaseOrders.lineFields.unitPrice')}</TableCell>
              <TableCell align="right">{t('purchaseOrders.lineFields.discount')}</TableCell>
              <TableCell align="right">{t('purchaseOrders.lineFields.vatRate')}</TableCell>
              <TableCell align="right">{t('purchaseOrders.lineFields.netAmount')}</TableCell>
              {showReceived && <TableCell align="right">{t('purchaseOrders.received')}</TableCell>}
              {!readOnly && <TableCell sx={{ width: 48 }} />}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, index) => {
              const n = index + 1;
              return (
                <TableRow key={line.key} data-testid={`order-line-${n}`}>
                  <TableCell>{n}</TableCell>
                  <TableCell sx={{ minWidth: 280 }}>
                    {readOnly ? (
                      line.articleLabel
                    ) : (
                      <ArticlePicker
                        value={line.articleId === null ? null : { id: line.articleId, label: line.articleLabel }}
                        supplierId={supplierId}
                        label={fieldLabel('article', n)}
                        error={errors[`lines.${index}.articleId`] && t(errors[`lines.${index}.articleId`]!)}
                        inputRef={refOf(line.key, 'article')}
                        onPick={(choice) => pick(line.key, choice)}
                      />
                    )}
                  </TableCell>
                  {NUMERIC_FIELDS.map((field) => {
                    const error = errors[`lines.${index}.${field}`];
                    return (
                      <TableCell key={field} align="right" sx={{ width: field === 'unitPrice' ? 130 : 100 }}>
                        {readOnly ? (
                          valueOf(line, field)
                        ) : (
                          <TextField
                            size="small"
                            value={line[field]}
                            error={Boolean(error)}
                            helperText={error && t(error)}
                            onChange={(e) => patch(line.key, { [field]: e.target.value })}
                            onKeyDown={onEnter(index)}
                            inputRef={refOf(line.key, field)}
                            slotProps={{
                              htmlInput: {
                                'aria-label': fieldLabel(field, n),
                                inputMode: field === 'quantity' ? 'numeric' : 'decimal',
                                style: { textAlign: 'right' },
                              },
                            }}
                          />
                        )}
                      </TableCell>
                    );
                  })}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="line-net">
                    {line.netAmount === null ? '—' : formatMoney(line.netAmount, language)}
                  </TableCell>
                  {showReceived && (
                    <TableCell align="right" data-testid="line-received">
                      {formatNumber(line.receivedQuantity, language)}
                    </TableCell>
                  )}
                  {!readOnly && (
                    <TableCell>
                      <IconButton
                        size="small"
                        aria-label={t('purchaseOrders.removeLine', { n })}
                        onClick={() => removeLine(index)}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
            {lines.length === 0 && <EmptyRow columns={9} text={t('purchaseOrders.noLines')} />}
          </TableBody>
        </Table>
      </ScrollRegion>
      {!readOnly && (
        <Button startIcon={<AddIcon />} onClick={addLine} sx={{ mt: 1 }}>
          {t('purchaseOrders.addLine')}
        </Button>
      )}
      {!readOnly && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t('purchaseOrders.keyboardHelp')}
        </Typography>
      )}
    </>
  );
};
