import { z } from 'zod';
import { ZId } from './common';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from './constants';
import { optionalText, required, str, text } from './fields';

/*
 * The tenant's approved platform (PA, AFNOR XP Z12-013): how it connects, and what waits to be sent to it.
 * The client secret goes in, never out: the settings say only whether one is kept.
 */

const httpUrl = (max = 500) =>
  str()
    .trim()
    .max(max)
    .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), 'must be an http(s) URL');

export const ZEinvoicingSettingsInput = z.object({
  enabled: z.boolean(),
  /** The platform's API root: its Flow service at `/flow-service`, its Directory at `/directory-service`. */
  baseUrl: httpUrl(),
  /** The OAuth2 token endpoint (client credentials); `<baseUrl>/auth/token` when empty. */
  tokenUrl: httpUrl()
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  clientId: required(200),
  /** Absent or empty: the secret kept stays. */
  clientSecret: str().max(500).optional(),
  organizationId: optionalText(100),
});
export type TEinvoicingSettingsInput = z.infer<typeof ZEinvoicingSettingsInput>;

export const ZEinvoicingSettings = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  baseUrl: z.string().nullable(),
  tokenUrl: z.string().nullable(),
  clientId: z.string().nullable(),
  hasClientSecret: z.boolean(),
  organizationId: z.string().nullable(),
  /** The platform calls us back (webhook subscribed); polling runs anyway. */
  webhookSubscribed: z.boolean(),
});
export type TEinvoicingSettings = z.infer<typeof ZEinvoicingSettings>;

export const EINVOICING_CHECKS = ['health', 'directory'] as const;
export const ZEinvoicingTest = z.object({
  ok: z.boolean(),
  checks: z.array(z.object({ check: z.enum(EINVOICING_CHECKS), ok: z.boolean(), message: z.string().nullable() })),
  /** The company's own entry in the directory, when found. */
  company: z.object({ siren: z.string(), name: z.string(), canReceive: z.boolean() }).nullable(),
});
export type TEinvoicingTest = z.infer<typeof ZEinvoicingTest>;

export const OUTBOX_STATUSES = ['waiting', 'failed', 'sent'] as const;
export const ZOutboxStatus = z.enum(OUTBOX_STATUSES);
export type TOutboxStatus = z.infer<typeof ZOutboxStatus>;

/** What a message to the platform carries: an issued document, or a status about a received invoice. */
export const EINVOICE_DOCUMENT_KINDS = ['invoice', 'credit_note', 'received_invoice'] as const;
export const ZEinvoiceDocumentKind = z.enum(EINVOICE_DOCUMENT_KINDS);
export type TEinvoiceDocumentKind = z.infer<typeof ZEinvoiceDocumentKind>;

export const ZOutboxQuery = z.object({
  /** Part of the document's number. */
  search: text(200).optional(),
  status: ZOutboxStatus.optional(),
  documentKind: ZEinvoiceDocumentKind.optional(),
  documentId: ZId.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
});
export type TOutboxQuery = z.infer<typeof ZOutboxQuery>;

export const ZOutboxItem = z.object({
  id: z.number().int(),
  /** `document`: an invoice or credit note to deliver; `status`: a lifecycle status about a received invoice. */
  message: z.enum(['document', 'status']),
  documentKind: ZEinvoiceDocumentKind,
  documentId: z.number().int(),
  documentNumber: z.string().nullable(),
  /** The lifecycle code of a status message. */
  code: z.string().nullable(),
  status: ZOutboxStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** Null once sent, or when no further try is planned. */
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  flowId: z.string().nullable(),
});
export type TOutboxItem = z.infer<typeof ZOutboxItem>;

/** Pushed to the tenant's room after flows were read: which documents got a new status or were received. */
export const ZEinvoiceFlowsRead = z.object({
  documents: z.array(z.object({ documentKind: ZEinvoiceDocumentKind, documentId: z.number().int() })),
});
export type TEinvoiceFlowsRead = z.infer<typeof ZEinvoiceFlowsRead>;
