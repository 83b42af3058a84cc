/**
 * Plain values and helpers without zod, importable as '@tagstock/contract/constants' by code that must stay
 * small (the web app's first page load). The schema modules re-export them.
 */

/** The product version, shown in the UI and written to meta.json by the build. */
export const APP_VERSION = '1.92.0';

export const API_BASE = '/backend/api';
export const SOCKET_PATH = '/backend-socket/socket.io';

export const LIST_LIMIT_MAX = 100;
export const LIST_LIMIT_DEFAULT = 25;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const APP_TYPES = ['Web', 'Mobile', 'All'] as const;

/** The languages of the interface; a user's profile may pick one (null: the browser's). */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Only these App_Type values may use the web dashboard. */
export const canUseDashboard = (appType: string | undefined): boolean => appType === 'Web' || appType === 'All';

/** Socket.IO event names as the spec fixes them. */
export const SocketEvents = {
  joinRoom: 'join_room',
  sendNotification: 'send_notification',
  readerConnect: 'reader-connect',
  readerDisconnect: 'reader-disconnect',
  /** A tag suspected or confirmed lost was seen again by a reader (`TLostArticleFound`). */
  lostArticleFound: 'lost-article-found',
  /** A webhook endpoint that kept failing was switched off (`TWebhookDisabledEvent`). */
  webhookDisabled: 'webhook-disabled',
  /** The approved platform delivered flows: received invoices or lifecycle statuses (`TEinvoiceFlowsRead`). */
  einvoiceFlowsRead: 'einvoice-flows-read',
} as const;

/** Ids are PostgreSQL `integer`s: anything above is no row, and must be a 400, not an overflow. */
export const INT32_MAX = 2_147_483_647;
/** Business ceiling of a stock quantity (and of one change): far below the `integer` column's limit. */
export const QUANTITY_MAX = 1_000_000_000;
/** Dates outside these years are typing errors, and some (year 0) are not even valid in PostgreSQL. */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2200;

/** Every `code` the API puts in a problem+json answer. */
export const ERROR_CODES = [
  'already_converted',
  'already_received',
  'company_incomplete',
  'credit_exceeds_invoice',
  'customer_incomplete',
  'database_unavailable',
  'invalid_einvoice',
  'overpayment',
  'received_invoice_not_ours',
  'buyer_mismatch',
  'vat_exemption_required',
  'vat_exemption_conflict',
  'already_exists',
  'app_type_forbidden',
  'backup_running',
  'bad_request',
  'document_locked',
  'einvoicing_not_configured',
  'constraint_violation',
  'email_taken',
  'epc_already_registered',
  'epc_not_receivable',
  'epc_not_in_stock',
  'file_missing',
  'forbidden',
  'import_invalid',
  'import_partial',
  'in_use',
  'insufficient_available',
  'insufficient_stock',
  'internal_error',
  'invalid_credentials',
  'invalid_data',
  'invalid_period',
  'invalid_reader_credentials',
  'invalid_reads',
  'invalid_reason',
  'invalid_sort',
  'invalid_token',
  'invalid_transition',
  'last_admin',
  'not_found',
  'nothing_to_receive',
  'order_not_sent',
  'outranked_user',
  'over_receipt',
  'own_role',
  'payload_too_large',
  'privilege_escalation',
  'quantity_too_large',
  'rate_limited',
  'reference_conflict',
  'report_timeout',
  'report_tries_exhausted',
  'reset_link_invalid',
  'self_disable',
  'tenant_disabled',
  'tenant_name_taken',
  'terminal_not_assigned',
  'too_many_rows',
  'unauthorized',
  'unknown_reference',
  'unknown_terminal',
  'unreadable_file',
  'unsupported_image',
  'unsupported_media_type',
  'validation_failed',
  'wrong_password',
  'mail_failed',
  'mail_not_configured',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Every `code` of a field error (`errors[].code` of a problem): the web translates these with their
 * `params` (e.g. `too_long` with `maximum`), never the English `message`.
 */
export const FIELD_ERROR_CODES = [
  'already_used',
  'antennas',
  'article_or_tag',
  'consumer_or_location',
  'end_before_start',
  'incorrect',
  'insufficient_stock',
  'invalid',
  'invalid_amount',
  'invalid_bic',
  'invalid_choice',
  'invalid_date',
  'invalid_email',
  'invalid_epc',
  'invalid_iban',
  'invalid_imei',
  'invalid_mac',
  'invalid_rate',
  'invalid_siren',
  'invalid_sort',
  'invalid_url',
  'invalid_vat_number',
  'not_found',
  'not_integer',
  'not_registered',
  'passwords_mismatch',
  'private_address',
  'required',
  'too_large',
  'too_long',
  'too_many',
  'too_short',
  'too_small',
  'vat_siren_mismatch',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** Parameters of a problem or a field error: plain values the web puts into its translated text. */
export type ProblemParams = Record<string, string | number | boolean | null>;

/** Whether a problem carries this code (the argument is checked against the known codes). */
export const hasErrorCode = (problem: { code?: string } | null | undefined, code: ErrorCode): boolean =>
  problem?.code === code;

/**
 * VAT category codes of EN 16931 (UNTDID 5305, BT-151): standard rate, zero rated, exempt, reverse charge,
 * intra-community supply, export, outside the scope of VAT, Canary Islands and Ceuta/Melilla taxes.
 */
export const VAT_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'] as const;
export type TVatCategory = (typeof VAT_CATEGORIES)[number];
