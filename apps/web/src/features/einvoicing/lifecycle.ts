import type { ChipProps } from '@mui/material/Chip';
import { z } from 'zod';
import {
  LIFECYCLE_REASONS,
  lifecycleReasonRequired,
  lifecycleReasonsFor,
  USER_LIFECYCLE_CODES,
  ZLifecycleSend,
  type TLifecycleCode,
  type TLifecycleEvent,
  type TLifecycleLanguage,
  type TLifecycleReasonCode,
  type TLifecycleSendInput,
  type TOutboxItem,
  type TUserLifecycleCode,
} from '@tagstock/contract';

/** The contract names statuses and reasons in French and English; any other language reads the English ones. */
export const lifecycleLanguage = (language: string | undefined): TLifecycleLanguage =>
  language?.startsWith('fr') ? 'fr' : 'en';

/** The status an invoice is in: its last one, a 213 about a duplicate submission never counting. */
export const currentStatus = (events: readonly TLifecycleEvent[] | undefined): TLifecycleEvent | null =>
  events?.findLast((event) => !event.duplicate) ?? null;

/** Statuses after which the platform says nothing more about the invoice: no need to keep asking. */
const FINAL: readonly TLifecycleCode[] = ['210', '212', '213'];
export const lifecycleSettled = (events: readonly TLifecycleEvent[] | undefined): boolean => {
  const current = currentStatus(events);
  return current !== null && FINAL.includes(current.code);
};

/** The colour of the current status' chip: done, in trouble, refused, or still on its way. */
export const statusColor = (code: TLifecycleCode): NonNullable<ChipProps['color']> => {
  if (['205', '206', '209', '211', '212'].includes(code)) return 'success';
  if (['207', '208'].includes(code)) return 'warning';
  if (['210', '213'].includes(code)) return 'error';
  return 'info';
};

const isReasonCode = (code: string): code is TLifecycleReasonCode => Object.hasOwn(LIFECYCLE_REASONS, code);

/** A reason's name; a code agreed outside the closed list (a platform may send one) as it came. */
export const reasonName = (code: string, language: TLifecycleLanguage): string =>
  isReasonCode(code) ? LIFECYCLE_REASONS[code][language] : code;

/** The statuses a buyer sends about a received invoice, in the order the menu offers them. */
export const REPLY_CODES: readonly TUserLifecycleCode[] = USER_LIFECYCLE_CODES;

/** What the reply dialog asks for a status: the reasons it allows (none: no select), and whether one is required. */
export const reasonRule = (code: TUserLifecycleCode) => ({
  reasons: lifecycleReasonsFor(code),
  required: lifecycleReasonRequired(code),
});

export type ReplyValues = { reasonCode: string; note: string };

/** The dialog's values as the API's body: an empty select or note is none. */
export const replyBody = (code: TUserLifecycleCode, values: ReplyValues): TLifecycleSendInput => ({
  code,
  reasonCode: (values.reasonCode || null) as TLifecycleReasonCode | null,
  note: values.note.trim() || null,
});

/** The contract's body schema fed with the dialog's values (zodResolver validates them as the API will). */
export const replySchema = (code: TUserLifecycleCode) =>
  z.preprocess((values) => replyBody(code, values as ReplyValues), ZLifecycleSend);

/** A field error of the reply (the contract's or the server's code) as a translation key. */
export const replyErrorKey = (field: string, error: { type?: string; code?: string; message?: string }): string => {
  if (field === 'reasonCode')
    return error.code === 'required' || /required/i.test(error.message ?? '')
      ? 'einvoicing.reply.reasonRequired'
      : 'einvoicing.reply.reasonInvalid';
  if (field === 'note' && (error.type === 'too_big' || error.code === 'too_long')) return 'validation.tooLong';
  return 'validation.invalid';
};

/** What to say of an issued document's delivery to the platform: the latest message about it. */
export const latestMessage = (items: readonly TOutboxItem[] | undefined): TOutboxItem | null =>
  items?.reduce<TOutboxItem | null>((latest, item) => (!latest || item.id > latest.id ? item : latest), null) ?? null;
