import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { TCreditNoteInput, TInvoice, TInvoiceLine } from '@tagstock/contract';
import { DetailTable, type DetailColumn } from '../../components/DetailTable';
import { formatNumber } from '../../components/format';
import { problemMessage } from '../../components/notify';
import { useCreateCreditNoteMutation } from './api';

/** Units of a line that credit notes have not taken back yet. */
export const leftToCredit = (line: Pick<TInvoiceLine, 'quantity' | 'creditedQuantity'>) =>
  line.quantity - line.creditedQuantity;

/** The quantity typed for a line: a whole number from 0 to what is left, or null. */
const typedUnits = (text: string, left: number): number | null => {
  if (text.trim() === '') return 0;
  if (!/^\d+$/.test(text.trim())) return null;
  const units = Number(text.trim());
  return units <= left ? units : null;
};

/**
 * Credits an issued invoice (a draft credit note, issued from its own page): what is left of the whole invoice,
 * or some units of some lines, up to what earlier credit notes left of each; with the reason printed on it.
 */
export const CreditNoteDialog = ({
  invoice,
  open,
  onClose,
}: {
  invoice: TInvoice;
  open: boolean;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const [full, setFull] = useState(true);
  const [units, setUnits] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateCreditNoteMutation();
  const lines = invoice.lines.filter((line) => leftToCredit(line) > 0);

  const submit = async () => {
    setProblem(null);
    let body: TCreditNoteInput;
    if (full) body = { invoiceId: invoice.id, full: true, reason: reason.trim() || null };
    else {
      const chosen = lines.flatMap((line) => {
        const n = typedUnits(units[line.id] ?? '', leftToCredit(line));
        return n ? [{ invoiceLineId: line.id, quantity: n }] : [];
      });
      const wrong = lines.some((line) => typedUnits(units[line.id] ?? '', leftToCredit(line)) === null);
      if (wrong || !chosen.length) {
        setProblem(t(wrong ? 'invoices.credit.wrongUnits' : 'invoices.credit.noUnits'));
        return;
      }
      body = { invoiceId: invoice.id, reason: reason.trim() || null, lines: chosen };
    }
    try {
      const note = await create(body).unwrap();
      toast.success(t('invoices.credit.created'));
      void navigate(`/admin/creditNotes/${note.id}`, { state: { focusHeading: true } });
    } catch (error) {
      setProblem(problemMessage(error, t));
    }
  };

  const columns: DetailColumn<TInvoiceLine>[] = [
    {
      key: 'article',
      header: t('fields.article'),
      primary: true,
      cell: (line) => `${line.reference} — ${line.designation}`,
    },
    {
      key: 'left',
      header: t('invoices.credit.left'),
      align: 'right',
      cell: (line) => formatNumber(leftToCredit(line), language),
    },
    {
      key: 'units',
      header: t('invoices.credit.units'),
      cell: (line) => (
        <TextField
          size="small"
          value={units[line.id] ?? ''}
          placeholder="0"
          error={typedUnits(units[line.id] ?? '', leftToCredit(line)) === null}
          onChange={(e) => setUnits({ ...units, [line.id]: e.target.value })}
          sx={{ width: 110 }}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              'aria-label': t('invoices.credit.unitsOf', { reference: line.reference }),
            },
          }}
        />
      ),
    },
  ];

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="credit-title">
      <DialogTitle id="credit-title">{t('invoices.credit.title', { number: invoice.number ?? '' })}</DialogTitle>
      <DialogContent dividers>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="credit-problem">
            {problem}
          </Alert>
        )}
        <RadioGroup value={full ? 'full' : 'lines'} onChange={(e) => setFull(e.target.value === 'full')}>
          <FormControlLabel value="full" control={<Radio />} label={t('invoices.credit.full')} />
          <FormControlLabel value="lines" control={<Radio />} label={t('invoices.credit.someLines')} />
        </RadioGroup>
        {!full && (
          <DetailTable
            label={t('invoices.credit.linesLabel')}
            testId="credit-lines"
            columns={columns}
            rows={lines}
            rowKey={(line) => line.id}
          />
        )}
        <TextField
          fullWidth
          multiline
          label={t('creditNotes.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('invoices.credit.draftFirst')}
        </Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>
          {t('invoices.credit.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
