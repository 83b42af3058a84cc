import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  EINVOICE_REFUSALS,
  RECEIVED_INVOICE_MAX_BYTES,
  ZBuyerMismatchParams,
  ZNotOursParams,
  type TBuyerMismatchParams,
  type TEinvoiceRefusal,
} from '@tagstock/contract';
import { hasErrorCode } from '@tagstock/contract/constants';
import { isQueryError } from '../../app/base-api';
import { problemMessage } from '../../components/notify';
import { useUploadMessage, type UploadOutcome } from '../../components/UploadMessage';
import { useReceiveInvoiceMutation } from './api';

export const MAX_MB = RECEIVED_INVOICE_MAX_BYTES / (1024 * 1024);
/** What the file picker offers: Factur-X PDFs and CII XML files. */
export const ACCEPTED_FILES = '.pdf,.xml,application/pdf,text/xml,application/xml';

/** Why the server refused a file, in the user's language; null for another problem. */
export function refusalText(error: unknown, t: TFunction): string | null {
  if (!isQueryError(error)) return null;
  if (error.status === 413) return t('receivedInvoices.errors.tooLarge', { max: MAX_MB });
  if (hasErrorCode(error.problem, 'already_received')) return t('receivedInvoices.errors.alreadyReceived');
  if (hasErrorCode(error.problem, 'received_invoice_not_ours')) {
    const params = ZNotOursParams.safeParse(error.problem.params).data;
    return t('einvoiceReception.notOurs', { number: params?.number ?? '—', seller: params?.sellerName ?? '—' });
  }
  if (!hasErrorCode(error.problem, 'invalid_einvoice')) return null;
  const reason = error.problem.params?.reason;
  const known = (EINVOICE_REFUSALS as readonly string[]).includes(String(reason));
  return t(`receivedInvoices.errors.${known ? (reason as TEinvoiceRefusal) : 'invalid'}`);
}

/** A file the server asks about before keeping it: its buyer is another company than ours. */
export type BuyerQuestion = { file: File; params: TBuyerMismatchParams };

/** What a received invoice's page shows on arrival: the outcome of the upload that opened it. */
export type ReceivedArrival = { upload?: Pick<UploadOutcome, 'severity' | 'text'> } | null;

/**
 * Sends a file and opens what became of it: the new invoice, or the one already received from the same file, whose
 * page then says so; a refused file says why on the list (`outcome`, shown by `<UploadMessage>`). An invoice
 * addressed to another company waits for the user's answer (`question`): `confirm` sends it again with
 * `confirmBuyer`, `cancel` drops it.
 */
export function useReceiveFile() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [receive, { isLoading }] = useReceiveInvoiceMutation();
  const [question, setQuestion] = useState<BuyerQuestion | null>(null);
  const message = useUploadMessage();
  const { refused, clear } = message;
  const send = useCallback(
    async (file: File, confirmBuyer = false) => {
      clear();
      if (file.size > RECEIVED_INVOICE_MAX_BYTES) {
        refused(t('receivedInvoices.errors.tooLarge', { max: MAX_MB }));
        return;
      }
      try {
        const invoice = await receive({ file, confirmBuyer }).unwrap();
        setQuestion(null);
        const upload: NonNullable<ReceivedArrival>['upload'] = !invoice.valid
          ? { severity: 'warning', text: t('receivedInvoices.receivedInvalid') }
          : invoice.frCompliant === false
            ? { severity: 'warning', text: t('einvoiceReception.receivedNotFrCompliant') }
            : { severity: 'success', text: t('receivedInvoices.received') };
        void navigate(`/admin/receivedInvoices/${invoice.id}`, { state: { upload } satisfies ReceivedArrival });
      } catch (error) {
        setQuestion(null);
        if (isQueryError(error) && hasErrorCode(error.problem, 'buyer_mismatch')) {
          const params = ZBuyerMismatchParams.safeParse(error.problem.params).data;
          if (params) {
            setQuestion({ file, params });
            return;
          }
        }
        const text = refusalText(error, t) ?? problemMessage(error, t, 'messages.uploadFailed');
        const first = isQueryError(error) && hasErrorCode(error.problem, 'already_received');
        const id = first ? Number(error.problem.params?.id) : 0;
        if (id > 0) {
          const upload = { severity: 'info', text } as const;
          void navigate(`/admin/receivedInvoices/${id}`, { state: { upload } satisfies ReceivedArrival });
        } else refused(text);
      }
    },
    [receive, navigate, t, refused, clear],
  );
  const confirm = useCallback(() => {
    if (question) void send(question.file, true);
  }, [question, send]);
  const cancel = useCallback(() => setQuestion(null), []);
  return {
    send: (file: File) => send(file),
    sending: isLoading,
    question,
    confirm,
    cancel,
    outcome: message.outcome,
    clearOutcome: clear,
  };
}

/** An amount in the invoice's currency (EUR, DKK, NOK…), or as a plain number when the code is no currency. */
export function formatAmount(value: string | null | undefined, currency: string | null, language: string): string {
  if (value === null || value === undefined || value === '') return '—';
  const number = value as `${number}`;
  try {
    if (currency && /^[A-Z]{3}$/.test(currency))
      return new Intl.NumberFormat(language, { style: 'currency', currency }).format(number);
  } catch {
    // An unknown currency code: the number alone.
  }
  return new Intl.NumberFormat(language, { maximumFractionDigits: 6 }).format(number);
}

/** A quantity as written in the invoice ("2", "1.5"). */
export const formatQuantity = (value: string | number | null | undefined, language: string): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : new Intl.NumberFormat(language, { maximumFractionDigits: 4 }).format(value as `${number}`);
