import { Fragment, useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { TPurchaseOrder } from '@tagstock/contract';
import { isQueryError } from '../../app/base-api';
import { DateField } from '../../components/DateField';
import { formatNumber } from '../../components/format';
import { problemMessage } from '../../components/notify';
import { todayIso } from '../rfid/attribution-shared';
import { epcsOf, invalidEpcs } from '../rfid/epc-list';
import { useReceivePurchaseOrderMutation } from './api';

const remainingOf = (line: TPurchaseOrder['lines'][number]) => Math.max(line.quantity - line.receivedQuantity, 0);

/**
 * Receives all or part of a sent order: the quantity still expected per line, what arrives now. More than
 * expected is refused by the server (409 `over_receipt`) until the user confirms it. The EPCs of the items
 * received may be pasted or scanned per line: their tags are then bound to the article and in stock.
 */
export const ReceiveDialog = ({
  order,
  open,
  onReceived,
  onClose,
}: {
  order: TPurchaseOrder;
  open: boolean;
  /** After a receipt is recorded, before the dialog closes. */
  onReceived?: () => void;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [receive, { isLoading }] = useReceivePurchaseOrderMutation();
  const [receiptDate, setReceiptDate] = useState(todayIso);
  const [note, setNote] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [epcTexts, setEpcTexts] = useState<Record<number, string>>({});
  const [epcLine, setEpcLine] = useState<number | null>(null);
  const [overReceipt, setOverReceipt] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setQuantities({});
    setEpcTexts({});
    setEpcLine(null);
    setNote('');
    setOverReceipt(false);
    setError(null);
    setReceiptDate(todayIso());
  };
  const close = () => {
    reset();
    onClose();
  };

  const receiveAll = () => {
    setOverReceipt(false);
    setQuantities(Object.fromEntries(order.lines.map((line) => [line.id, String(remainingOf(line))])));
  };

  // The quantity follows the EPCs read while it was not typed (empty, or the previous count).
  const setEpcs = (lineId: number, text: string) => {
    const previous = epcsOf(epcTexts[lineId] ?? '').length;
    const typed = (quantities[lineId] ?? '').trim();
    setEpcTexts((current) => ({ ...current, [lineId]: text }));
    if (typed === '' || typed === String(previous)) {
      const count = epcsOf(text).length;
      setQuantities((current) => ({ ...current, [lineId]: count ? String(count) : '' }));
    }
    setOverReceipt(false);
  };

  // What is wrong with the EPCs of a line, if anything: entries that are not EPCs, or more EPCs than items.
  const epcProblem = (lineId: number) => {
    const epcs = epcsOf(epcTexts[lineId] ?? '');
    const bad = invalidEpcs(epcs);
    if (bad.length) return t('purchaseOrders.receive.badEpcs', { count: bad.length, epcs: bad.slice(0, 5).join(', ') });
    const quantity = Number((quantities[lineId] ?? '').trim() || 0);
    return epcs.length > quantity ? t('purchaseOrders.receive.tooManyEpcs', { count: epcs.length, quantity }) : null;
  };

  const submit = async (confirmOverReceipt: boolean) => {
    const lines = order.lines
      .map((line) => ({
        lineId: line.id,
        quantity: Number((quantities[line.id] ?? '').trim() || 0),
        epcs: epcsOf(epcTexts[line.id] ?? ''),
      }))
      .filter((line) => line.quantity !== 0 || line.epcs.length > 0);
    if (lines.length === 0 || lines.some((line) => !Number.isInteger(line.quantity) || line.quantity < 0)) {
      setError(t('purchaseOrders.receive.nothing'));
      return;
    }
    const wrong = order.lines.map((line) => ({ line, problem: epcProblem(line.id) })).find((w) => w.problem);
    if (wrong) {
      setEpcLine(wrong.line.id);
      setError(`${wrong.line.reference} — ${wrong.problem}`);
      return;
    }
    setError(null);
    try {
      await receive({
        id: order.id,
        body: { receiptDate, note: note.trim() || null, confirmOverReceipt, lines },
      }).unwrap();
      onReceived?.();
      toast.success(t('purchaseOrders.receive.done'));
      close();
    } catch (failure) {
      if (isQueryError(failure) && failure.status === 409 && failure.problem.code === 'over_receipt') {
        setOverReceipt(true);
        return;
      }
      setError(problemMessage(failure, t));
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby="receive-title">
      <DialogTitle id="receive-title">{t('purchaseOrders.receive.title', { number: order.number })}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, mb: 2 }}>
          <DateField
            size="small"
            label={t('purchaseOrders.receive.date')}
            value={receiptDate}
            onChange={setReceiptDate}
            sx={{ width: { sm: 190 } }}
          />
          <TextField
            size="small"
            label={t('fields.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            sx={{ flex: 1 }}
          />
          <Button onClick={receiveAll} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('purchaseOrders.receive.all')}
          </Button>
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.article')}</TableCell>
              <TableCell align="right">{t('purchaseOrders.ordered')}</TableCell>
              <TableCell align="right">{t('purchaseOrders.received')}</TableCell>
              <TableCell align="right">{t('purchaseOrders.remaining')}</TableCell>
              <TableCell align="right">{t('purchaseOrders.receive.now')}</TableCell>
              <TableCell align="center">{t('purchaseOrders.receive.epcs')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {order.lines.map((line) => (
              <Fragment key={line.id}>
                <TableRow>
                  <TableCell>{`${line.reference} — ${line.designation}`}</TableCell>
                  <TableCell align="right">{formatNumber(line.quantity, language)}</TableCell>
                  <TableCell align="right">{formatNumber(line.receivedQuantity, language)}</TableCell>
                  <TableCell align="right">{formatNumber(remainingOf(line), language)}</TableCell>
                  <TableCell align="right" sx={{ width: 120 }}>
                    <TextField
                      size="small"
                      value={quantities[line.id] ?? ''}
                      placeholder="0"
                      onChange={(e) => {
                        setOverReceipt(false);
                        setQuantities((current) => ({ ...current, [line.id]: e.target.value }));
                      }}
                      slotProps={{
                        htmlInput: {
                          inputMode: 'numeric',
                          style: { textAlign: 'right' },
                          'aria-label': t('purchaseOrders.receive.quantityOf', { reference: line.reference }),
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell align="center">
                    {line.articleId !== null && (
                      <Tooltip title={t('purchaseOrders.receive.epcsOf', { reference: line.reference })}>
                        <IconButton
                          size="small"
                          aria-expanded={epcLine === line.id}
                          aria-label={t('purchaseOrders.receive.epcsOf', { reference: line.reference })}
                          onClick={() => setEpcLine(epcLine === line.id ? null : line.id)}
                        >
                          <Badge badgeContent={epcsOf(epcTexts[line.id] ?? '').length} color="primary" max={9999}>
                            <SellOutlinedIcon fontSize="small" />
                          </Badge>
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
                {epcLine === line.id && (
                  <TableRow>
                    <TableCell colSpan={6}>
                      <TextField
                        multiline
                        minRows={3}
                        maxRows={10}
                        fullWidth
                        autoFocus
                        size="small"
                        label={t('purchaseOrders.receive.epcsOf', { reference: line.reference })}
                        error={Boolean(epcProblem(line.id))}
                        helperText={epcProblem(line.id) ?? t('purchaseOrders.receive.epcsHelp')}
                        value={epcTexts[line.id] ?? ''}
                        onChange={(e) => setEpcs(line.id, e.target.value)}
                        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
                      />
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            ))}
          </TableBody>
        </Table>
        {overReceipt && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="over-receipt">
            {t('purchaseOrders.receive.over')}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close}>{t('actions.cancel')}</Button>
        {overReceipt ? (
          <Button variant="contained" color="warning" disabled={isLoading} onClick={() => void submit(true)}>
            {t('purchaseOrders.receive.confirmOver')}
          </Button>
        ) : (
          <Button variant="contained" disabled={isLoading} onClick={() => void submit(false)}>
            {t('purchaseOrders.receive.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
