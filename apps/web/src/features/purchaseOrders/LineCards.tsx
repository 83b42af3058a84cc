import { useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, formatRate, fromDecimalInput } from '../../components/format';
import { ArticlePicker, type ArticleChoice } from './ArticlePicker';
import { articleLinePatch, emptyLine, validateLine, type DraftErrors, type LineDraft } from './draft';
import type { LinesEditorProps } from './LinesEditor';

type NumericField = 'quantity' | 'unitPrice' | 'discount' | 'vatRate';
const NUMERIC_FIELDS: readonly NumericField[] = ['quantity', 'unitPrice', 'discount', 'vatRate'];
const LINE_FIELDS = ['articleId', ...NUMERIC_FIELDS] as const;

/** The line being edited: its place (null for a new one) and its values as typed. */
type Editing = { index: number | null; line: LineDraft };

/**
 * The lines of an order on a phone: a short card per line, and one line at a time edited in a form, where the
 * desktop's row of five fields would not fit.
 */
export const LineCards = ({ lines, supplierId, errors, readOnly, showReceived, onChange }: LinesEditorProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [editing, setEditing] = useState<Editing | null>(null);

  const valueOf = (line: LineDraft, field: NumericField) => {
    const text = line[field];
    if (text.trim() === '') return '—';
    if (field === 'quantity') return formatNumber(Number(text), language);
    if (field === 'unitPrice') return formatMoney(fromDecimalInput(text), language);
    return formatRate(fromDecimalInput(text), language);
  };

  const save = (edited: Editing) => {
    const line = { ...edited.line, netAmount: null };
    onChange(
      edited.index === null ? [...lines, line] : lines.map((current, i) => (i === edited.index ? line : current)),
    );
    setEditing(null);
  };

  return (
    <>
      <Stack
        component="ul"
        aria-label={t('purchaseOrders.lines')}
        data-testid="order-lines"
        spacing={1}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {lines.map((line, index) => {
          const n = index + 1;
          const lineErrors = LINE_FIELDS.flatMap((field) => {
            const error = errors[`lines.${index}.${field}`];
            const label = t(`purchaseOrders.lineFields.${field === 'articleId' ? 'article' : field}`);
            return error ? [`${label}${t('logs.labelSeparator')}${t(error)}`] : [];
          });
          return (
            <Box
              component="li"
              key={line.key}
              data-testid={`order-line-${n}`}
              sx={{
                border: 1,
                borderColor: lineErrors.length ? 'error.main' : 'divider',
                borderRadius: 1,
                px: 1.5,
                py: 1,
                overflowWrap: 'anywhere',
              }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography variant="body2" component="div" sx={{ fontWeight: 600, flex: 1, minWidth: 0, pt: 0.5 }}>
                  {n}. {line.articleLabel || t('purchaseOrders.noArticle')}
                </Typography>
                {!readOnly && (
                  <Stack direction="row" sx={{ flexShrink: 0 }}>
                    <IconButton
                      size="small"
                      aria-label={t('purchaseOrders.editLine', { n })}
                      onClick={() => setEditing({ index, line })}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('purchaseOrders.removeLine', { n })}
                      onClick={() => onChange(lines.filter((_, i) => i !== index))}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                )}
              </Stack>
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, m: 0, mt: 0.5 }}
              >
                {NUMERIC_FIELDS.map((field) => (
                  <Fact key={field} label={t(`purchaseOrders.lineFields.${field}`)} value={valueOf(line, field)} />
                ))}
                <Fact
                  label={t('purchaseOrders.lineFields.netAmount')}
                  value={line.netAmount === null ? '—' : formatMoney(line.netAmount, language)}
                  testId="line-net"
                />
                {showReceived && (
                  <Fact
                    label={t('purchaseOrders.received')}
                    value={formatNumber(line.receivedQuantity, language)}
                    testId="line-received"
                  />
                )}
              </Box>
              {lineErrors.map((error) => (
                <Typography key={error} variant="body2" color="error" sx={{ mt: 0.5 }}>
                  {error}
                </Typography>
              ))}
            </Box>
          );
        })}
      </Stack>
      {lines.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1, textAlign: 'center' }}>
          {t('purchaseOrders.noLines')}
        </Typography>
      )}
      {!readOnly && (
        <Button startIcon={<AddIcon />} onClick={() => setEditing({ index: null, line: emptyLine() })} sx={{ mt: 1 }}>
          {t('purchaseOrders.addLine')}
        </Button>
      )}
      {editing && (
        <LineDialog
          n={(editing.index ?? lines.length) + 1}
          initial={editing.line}
          supplierId={supplierId}
          language={language}
          onCancel={() => setEditing(null)}
          onSave={(line) => save({ index: editing.index, line })}
        />
      )}
    </>
  );
};

const Fact = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <>
    <Typography variant="body2" component="dt" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid={testId}>
      {value}
    </Typography>
  </>
);

/** One line's form: the article (its price and VAT rate fill in), then quantity, price, discount and VAT. */
const LineDialog = ({
  n,
  initial,
  supplierId,
  language,
  onCancel,
  onSave,
}: {
  n: number;
  initial: LineDraft;
  supplierId: string;
  language: string;
  onCancel: () => void;
  onSave: (line: LineDraft) => void;
}) => {
  const { t } = useTranslation();
  const [line, setLine] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const quantity = useRef<HTMLInputElement>(null);
  const article = useRef<HTMLInputElement>(null);
  // Once the dialog is in, a new line starts at its article, an existing one at its quantity (most often changed).
  const focusFirst = () => (initial.articleId === null ? article : quantity).current?.focus();

  const patch = (changes: Partial<LineDraft>) => {
    setLine((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(changes)) delete next[field];
      return next;
    });
  };

  const pick = (choice: ArticleChoice) => {
    patch(articleLinePatch(choice, language));
    quantity.current?.focus();
    quantity.current?.select();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLine(line);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(line);
  };

  const title = t('purchaseOrders.lineTitle', { n });
  return (
    <Dialog
      open
      fullWidth
      onClose={onCancel}
      aria-labelledby="line-dialog-title"
      slotProps={{ transition: { onEntered: focusFirst } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="line-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ArticlePicker
              value={line.articleId === null ? null : { id: line.articleId, label: line.articleLabel }}
              supplierId={supplierId}
              label={t('purchaseOrders.lineFields.article')}
              error={errors.articleId && t(errors.articleId)}
              inputRef={article}
              onPick={pick}
            />
            {NUMERIC_FIELDS.map((field) => (
              <TextField
                key={field}
                label={t(`purchaseOrders.lineFields.${field}`)}
                value={line[field]}
                onChange={(e) => patch({ [field]: e.target.value })}
                error={Boolean(errors[field])}
                helperText={errors[field] && t(errors[field])}
                inputRef={field === 'quantity' ? quantity : undefined}
                slotProps={{ htmlInput: { inputMode: field === 'quantity' ? 'numeric' : 'decimal' } }}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('purchaseOrders.applyLine')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
