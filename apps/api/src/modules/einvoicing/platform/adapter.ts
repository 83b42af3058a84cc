/*
 * The approved platform (PA) as our code sees it: platform-neutral names and shapes. The AFNOR XP Z12-013
 * implementation (afnor-adapter.ts) maps them from the standard's generated types; another platform's API can be
 * added behind the same type later.
 */

/** Syntaxes of the files we hand to a platform. */
export type SubmitSyntax = 'Factur-X' | 'CDAR';

/** Syntaxes a platform may hand us (a supplier's platform may deliver CII or UBL). */
export type PlatformSyntax = 'CII' | 'UBL' | 'Factur-X' | 'CDAR' | 'FRR';

export type PlatformDirection = 'In' | 'Out';

/**
 * What a flow carries, named as AFNOR names it. `CustomerInvoice`: an invoice we issue (Out) ; `SupplierInvoice`:
 * an invoice we receive (In); `…LC`: a lifecycle message (CDAR) about one of them. E-reporting and state flows
 * are `Other`: we neither send nor read them.
 */
export type PlatformFlowType =
  | 'CustomerInvoice'
  | 'SupplierInvoice'
  | 'CustomerInvoiceLC'
  | 'SupplierInvoiceLC'
  | 'Other';

/** The platform's acknowledgement of a flow: technical checks (antivirus, integrity, schema, unicity). */
export type PlatformFlowStatus = 'Pending' | 'Ok' | 'Error';

/** Why a flow is in `Error` (or warned about): `code` is the platform's reason, e.g. `AlreadyExistingFlow`. */
export type PlatformFlowReason = { level: 'Error' | 'Warning'; code: string; item: string; message: string };

export type PlatformFlow = {
  flowId: string;
  /** Our id for a flow we sent (the outbox's key); absent on incoming flows. */
  trackingId?: string;
  name: string;
  direction: PlatformDirection;
  syntax: PlatformSyntax;
  type: PlatformFlowType;
  status: PlatformFlowStatus;
  reasons: PlatformFlowReason[];
  submittedAt: string;
  /** ISO date-time; the next search's `updatedAfter` is the last flow's `updatedAt` (the comparison is strict). */
  updatedAt: string;
};

export type SubmitFlowInput = {
  /** Our id: the platform keeps it with the flow so a search by it finds what was already sent. */
  trackingId: string;
  fileName: string;
  data: Buffer;
  syntax: SubmitSyntax;
  /** Lower-case hex SHA-256 of `data`; the platform checks it. */
  sha256: string;
};

export type SubmitFlowResult = { flowId: string; submittedAt: string };

export type SearchFlowsInput = {
  updatedAfter?: string;
  trackingId?: string;
  direction?: PlatformDirection;
  types?: Exclude<PlatformFlowType, 'Other'>[];
  /** At most 100 (AFNOR's maximum); the platform's default is 25. */
  limit?: number;
  /** The previous page's `nextCursor`, to read a page cut by `limit` to its end. */
  cursor?: string;
};

/** Oldest first. `nextCursor` is set when the platform has more results for the same criteria. */
export type SearchFlowsResult = { flows: PlatformFlow[]; nextCursor?: string };

export type SubscribeWebhookInput = {
  callbackUrl: string;
  /** Only flows in that direction (default: all). */
  direction?: PlatformDirection;
};

/**
 * `secret` is the signing key the platform generated (AFNOR: base64, returned once at creation): keep it, it
 * verifies each call's `Afnor-Signature` (webhook-signature.ts).
 */
export type SubscribeWebhookResult = { uid: string; secret: string };

/** A legal unit in the platform's directory (the national directory, AFNOR "siren" resource). */
export type PlatformCompany = {
  siren: string;
  name: string;
  /** Administrative status A (active); C (closed) is `false`. */
  active: boolean;
  entityType?: 'Public' | 'PrivateVatRegistered';
};

/** A directory line: where a company receives its e-invoices. */
export type PlatformAddressee = {
  siren: string;
  siret?: string;
  routingIdentifier?: string;
  /** The identifier to address the invoice to (AFNOR `addressingIdentifier`). */
  addressingIdentifier: string;
  /** `WK`: an approved platform; `DFH`: the State's portal. */
  platformType?: 'WK' | 'DFH';
  status: 'Enabled' | 'Disabled' | 'Upcoming';
  /** True when the line is enabled: an invoice to that company can be sent now. */
  canReceive: boolean;
};

export type PlatformAdapter = {
  /** Resolves when the platform answers its healthcheck; throws a PlatformError otherwise. */
  health(): Promise<void>;
  submitFlow(input: SubmitFlowInput): Promise<SubmitFlowResult>;
  searchFlows(input: SearchFlowsInput): Promise<SearchFlowsResult>;
  /** The flow's metadata (status, reasons); null when the platform does not know it. */
  getFlow(flowId: string): Promise<PlatformFlow | null>;
  /** The original file of a flow (PDF, XML). Throws PlatformError `not_found` for an unknown flow. */
  downloadFlow(flowId: string): Promise<Buffer>;
  subscribeWebhook(input: SubscribeWebhookInput): Promise<SubscribeWebhookResult>;
  unsubscribeWebhook(uid: string): Promise<void>;
  lookupSiren(siren: string): Promise<PlatformCompany | null>;
  /** The company's directory line at SIREN level (the one to address an invoice without a SIRET); null if none. */
  lookupAddressee(siren: string): Promise<PlatformAddressee | null>;
};

/**
 * - `unreachable`: no answer (refused connection, DNS, timeout): retry later.
 * - `unauthorized`: the credentials or the token were refused (401/403): the settings need fixing.
 * - `rejected`: the platform refused the request itself (400, 413, 422): sending it again will not help.
 * - `server`: the platform failed (5xx, 429): retry later.
 * - `not_found`: 404.
 */
export type PlatformErrorKind = 'unreachable' | 'unauthorized' | 'rejected' | 'server' | 'not_found';

/** Every failure of a platform call. The message never holds a secret (client secret, token, signing key). */
export class PlatformError extends Error {
  readonly kind: PlatformErrorKind;
  /** The HTTP status, when the platform answered. */
  readonly status?: number;
  /** The platform's own error code (AFNOR `errorCode`), when it gave one. */
  readonly code?: string;

  constructor(
    kind: PlatformErrorKind,
    message: string,
    options: { status?: number; code?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PlatformError';
    this.kind = kind;
    if (options.status !== undefined) this.status = options.status;
    if (options.code !== undefined) this.code = options.code;
  }

  /** Whether the same call may succeed later (the outbox retries these with backoff). */
  get retryable(): boolean {
    return this.kind === 'unreachable' || this.kind === 'server';
  }
}
