import { z } from 'zod';
import { ZIsoDate } from './catalog';
import { ZListQuery } from './common';
import { FIELD_ERROR_CODES, INT32_MAX } from './constants';
import { ZExitReason } from './realtime';
import { email, id, isoDateTime, optionalId, optionalText, required, stamp, str, text } from './fields';

/** An EPC or TID as upper-case hex, whole 16-bit words (EPC Gen2 memory is word-addressed). */
export const ZEpcHex = str()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^([0-9A-F]{4}){1,16}$/, 'expected hexadecimal, 4 to 64 digits in groups of 4'));

// Tag families
export const ZTagFamilyInput = z.strictObject({
  name: required(120),
  /** Tags of the family move stock when they go in or out. */
  countsInStock: z.boolean().default(true),
  /** An unauthorized exit of a tag of the family raises the alarm. */
  alarmOnExit: z.boolean().default(true),
});
export type TTagFamilyInput = z.infer<typeof ZTagFamilyInput>;
export const ZTagFamily = z.object({
  id: z.number().int(),
  name: z.string(),
  countsInStock: z.boolean(),
  alarmOnExit: z.boolean(),
  tagCount: z.number().int(),
  ...stamp,
});
export type TTagFamily = z.infer<typeof ZTagFamily>;

// Tags
export const TAG_STATUSES = ['active', 'inactive'] as const;
export const ZTagInput = z.strictObject({
  epc: ZEpcHex,
  tid: ZEpcHex.nullish().transform((v) => v ?? null),
  familyId: optionalId,
  articleId: optionalId,
  status: z.enum(TAG_STATUSES).default('active'),
});
export type TTagInput = z.infer<typeof ZTagInput>;
export const ZTag = z.object({
  id: z.number().int(),
  epc: z.string(),
  /** GS1 SGTIN-96 decoded; null for other EPCs (kept as hex). */
  gtin: z.string().nullable(),
  serial: z.string().nullable(),
  tid: z.string().nullable(),
  familyId: z.number().int().nullable(),
  familyName: z.string().nullable(),
  articleId: z.number().int().nullable(),
  articleReference: z.string().nullable(),
  articleDesignation: z.string().nullable(),
  status: z.enum(TAG_STATUSES),
  /** Whether the tagged item is counted as inside (last seen going IN, or never seen leaving). */
  inStock: z.boolean(),
  lastSeenAt: z.string().nullable(),
  lastReaderId: z.number().int().nullable(),
  lastReaderName: z.string().nullable(),
  lastLocation: z.string().nullable(),
  ...stamp,
});
export type TTag = z.infer<typeof ZTag>;
export const ZTagListQuery = ZListQuery.extend({
  articleId: id().optional(),
  familyId: id().optional(),
  status: z.enum(TAG_STATUSES).optional(),
});
export type TTagListQuery = z.infer<typeof ZTagListQuery>;

/** Binds a pasted or imported list of EPCs to one article: unknown EPCs are created, known ones rebound. */
export const ZTagBind = z.strictObject({
  articleId: id(),
  familyId: optionalId,
  epcs: z.array(str().max(100)).min(1, 'required').max(5000),
  /** EPCs bound to another article move only when the caller confirmed it; otherwise nothing is written. */
  move: z.boolean().default(false),
});
export type TTagBind = z.infer<typeof ZTagBind>;
export const ZTagBindReport = z.object({
  /** False when EPCs belong to other articles and `move` was not set: nothing was written. */
  applied: z.boolean(),
  created: z.number().int(),
  rebound: z.number().int(),
  unchanged: z.number().int(),
  /** `code`: a field error code the web translates (`message` is English). */
  invalid: z.array(
    z.object({
      line: z.number().int(),
      epc: z.string(),
      message: z.string(),
      code: z.enum(FIELD_ERROR_CODES).optional(),
    }),
  ),
  /** EPCs of this list bound to another article, by article. */
  conflicts: z.array(
    z.object({
      articleId: z.number().int(),
      reference: z.string(),
      designation: z.string(),
      epcs: z.array(z.string()),
    }),
  ),
});
export type TTagBindReport = z.infer<typeof ZTagBindReport>;

// Readers
export const READER_VENDORS = ['impinj', 'zebra'] as const;
export const READER_ROLES = ['exit_gate', 'storage', 'receiving'] as const;
export const ANTENNA_SIDES = ['inner', 'outer', 'none'] as const;
export const ZAntenna = z.strictObject({ port: z.number().int().min(1).max(64), side: z.enum(ANTENNA_SIDES) });
export type TAntenna = z.infer<typeof ZAntenna>;
export const ZReaderInput = z.strictObject({
  name: required(120),
  vendor: z.enum(READER_VENDORS),
  hostname: optionalText(253),
  mac: str()
    .trim()
    .toUpperCase()
    .regex(/^([0-9A-F]{2}[:-]){5}[0-9A-F]{2}$/, 'expected a MAC address like 84:24:8D:EE:3E:C8')
    .transform((v) => v.replaceAll('-', ':'))
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  /** Emplacement: where the reader stands, shown in notifications. */
  location: required(120),
  role: z.enum(READER_ROLES),
  antennas: z
    .array(ZAntenna)
    .max(64)
    .default([])
    .refine((a) => new Set(a.map((x) => x.port)).size === a.length, 'each port once'),
  heartbeatTimeoutSeconds: z.coerce.number().int().min(10).max(86_400).default(120),
  /** A read within this time of the previous read of the same tag on the same antenna is the same presence. */
  presenceWindowSeconds: z.coerce.number().int().min(1).max(3600).default(30),
  /** Inner and outer sightings within this time make one passage (IN or OUT). */
  directionWindowSeconds: z.coerce.number().int().min(1).max(600).default(10),
});
export type TReaderInput = z.infer<typeof ZReaderInput>;
export const ZReader = z.object({
  id: z.number().int(),
  name: z.string(),
  vendor: z.enum(READER_VENDORS),
  hostname: z.string().nullable(),
  mac: z.string().nullable(),
  location: z.string(),
  role: z.enum(READER_ROLES),
  antennas: z.array(ZAntenna),
  heartbeatTimeoutSeconds: z.number().int(),
  presenceWindowSeconds: z.number().int(),
  directionWindowSeconds: z.number().int(),
  online: z.boolean(),
  lastHeardAt: z.string().nullable(),
  ...stamp,
});
export type TReader = z.infer<typeof ZReader>;
/** Only the create and rotate answers carry the secret, once: the server keeps a hash. */
export const ZReaderWithSecret = ZReader.extend({
  /** `<readerId>.<random>`: send as `Authorization: Bearer <secret>` or basic auth `<readerId>:<secret>`. */
  secret: z.string(),
});
export type TReaderWithSecret = z.infer<typeof ZReaderWithSecret>;

// Terminals (handhelds)
export const ZTerminalInput = z.strictObject({
  model: required(120),
  imei: str()
    .trim()
    .regex(/^\d{14,16}$/, 'expected 15 digits'),
  manufacturer: optionalText(120),
  userId: optionalId,
});
export type TTerminalInput = z.infer<typeof ZTerminalInput>;
export const ZTerminal = z.object({
  id: z.number().int(),
  model: z.string(),
  imei: z.string(),
  manufacturer: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  ...stamp,
});
export type TTerminal = z.infer<typeof ZTerminal>;

// The platform's view (super admin): every tenant's readers and terminals, with their tenant
export const ZPlatformListQuery = ZListQuery.extend({
  tenantId: id().optional(),
});
export type TPlatformListQuery = z.infer<typeof ZPlatformListQuery>;
const ofTenant = { tenantId: z.number().int(), tenantName: z.string() };
export const ZPlatformReader = ZReader.extend(ofTenant);
export type TPlatformReader = z.infer<typeof ZPlatformReader>;
export const ZPlatformTerminal = ZTerminal.extend(ofTenant);
export type TPlatformTerminal = z.infer<typeof ZPlatformTerminal>;

// Consumers (consommateurs): people or services that receive articles
export const CONSUMER_KINDS = ['person', 'service'] as const;
export const ZConsumerInput = z.strictObject({
  name: required(120),
  kind: z.enum(CONSUMER_KINDS).default('person'),
  email: z
    .union([z.literal(''), email()])
    .nullish()
    .transform((v) => (v ? v : null)),
  phone: optionalText(40),
  note: optionalText(500),
});
export type TConsumerInput = z.infer<typeof ZConsumerInput>;
export const ZConsumer = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(CONSUMER_KINDS),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
  attributionCount: z.number().int(),
  ...stamp,
});
export type TConsumer = z.infer<typeof ZConsumer>;

// Attributions (affectations): they authorize exits
const period = {
  startDate: ZIsoDate,
  endDate: ZIsoDate.nullish().transform((v) => v ?? null),
};
const holder = { consumerId: optionalId, location: optionalText(120) };
type Holder = { consumerId: number | null; location: string | null; startDate: string; endDate: string | null };
const checkHolder = (v: Holder, ctx: z.RefinementCtx) => {
  if (v.consumerId === null && v.location === null)
    ctx.addIssue({ code: 'custom', path: ['consumerId'], message: 'a consumer or a location is required' });
  if (v.endDate !== null && v.endDate < v.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before the start date' });
};
export const ZAttributionInput = z
  .strictObject({ ...holder, articleId: optionalId, tagId: optionalId, ...period, note: optionalText(500) })
  .superRefine((v, ctx) => {
    if ((v.articleId === null) === (v.tagId === null))
      ctx.addIssue({ code: 'custom', path: ['articleId'], message: 'an article or a tag (one of them) is required' });
    checkHolder(v, ctx);
  });
export type TAttributionInput = z.infer<typeof ZAttributionInput>;
const attributionOut = {
  id: z.number().int(),
  consumerId: z.number().int().nullable(),
  consumerName: z.string().nullable(),
  location: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  note: z.string().nullable(),
  /** Active today. */
  active: z.boolean(),
  ...stamp,
};
export const ZAttribution = z.object({
  ...attributionOut,
  articleId: z.number().int().nullable(),
  articleReference: z.string().nullable(),
  articleDesignation: z.string().nullable(),
  tagId: z.number().int().nullable(),
  epc: z.string().nullable(),
});
export type TAttribution = z.infer<typeof ZAttribution>;
export const ZAttributionListQuery = ZListQuery.extend({
  consumerId: id().optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type TAttributionListQuery = z.infer<typeof ZAttributionListQuery>;

export const ZCategoryAttributionInput = z
  .strictObject({ ...holder, categoryId: id(), ...period, note: optionalText(500) })
  .superRefine(checkHolder);
export type TCategoryAttributionInput = z.infer<typeof ZCategoryAttributionInput>;
export const ZCategoryAttribution = z.object({
  ...attributionOut,
  categoryId: z.number().int(),
  categoryName: z.string(),
});
export type TCategoryAttribution = z.infer<typeof ZCategoryAttribution>;

// Tag movements and logs
export const TAG_EVENT_TYPES = ['IN', 'OUT', 'unknown', 'seen'] as const;
export type TTagEventType = (typeof TAG_EVENT_TYPES)[number];
export const MOVEMENT_SOURCES = ['impinj', 'zebra', 'mqtt', 'handheld'] as const;
export const ZTagMovement = z.object({
  id: z.number().int(),
  eventType: z.enum(TAG_EVENT_TYPES),
  epc: z.string(),
  tagId: z.number().int().nullable(),
  articleId: z.number().int().nullable(),
  articleReference: z.string().nullable(),
  articleDesignation: z.string().nullable(),
  readerId: z.number().int().nullable(),
  readerName: z.string().nullable(),
  terminalId: z.number().int().nullable(),
  location: z.string().nullable(),
  antenna: z.number().int().nullable(),
  rssi: z.number().nullable(),
  source: z.enum(MOVEMENT_SOURCES),
  /** null when no exit authorization applies (not an OUT at an exit gate, or an unregistered tag). */
  isAuthorized: z.boolean().nullable(),
  authorizationMessage: z.string().nullable(),
  /** The same verdict as a code and parameters, for the user's language (null on movements recorded before it). */
  authorizationReason: ZExitReason.nullable(),
  /** The stock change it made on the bound article (-1, 0 or +1). */
  stockDelta: z.number().int(),
  seenAt: z.string(),
  createdAt: z.string(),
});
export type TTagMovement = z.infer<typeof ZTagMovement>;
export const ZTagLogQuery = ZListQuery.extend({
  eventType: z.enum(TAG_EVENT_TYPES).optional(),
  unauthorized: z.enum(['true', 'false']).optional(),
  readerId: id().optional(),
  /** One movement (the link of an unauthorized-exit alarm). */
  movementId: id().optional(),
});
export type TTagLogQuery = z.infer<typeof ZTagLogQuery>;

export const ZTagsOverviewQuery = z.object({
  /** Free text narrowing the movements counted (EPC, article, location). */
  note: text(200).optional(),
  startDate: ZIsoDate.optional(),
  endDate: ZIsoDate.optional(),
});
export type TTagsOverviewQuery = z.infer<typeof ZTagsOverviewQuery>;
export const ZTagsOverview = z.object({
  tags: z.object({
    total: z.number().int(),
    active: z.number().int(),
    nonActive: z.number().int(),
    bound: z.number().int(),
    inStock: z.number().int(),
  }),
  movements: z.object({
    in: z.number().int(),
    out: z.number().int(),
    unknown: z.number().int(),
    seen: z.number().int(),
    unauthorized: z.number().int(),
  }),
  byDay: z.array(
    z.object({ date: z.string(), in: z.number().int(), out: z.number().int(), unauthorized: z.number().int() }),
  ),
  readers: z.object({ total: z.number().int(), online: z.number().int() }),
});
export type TTagsOverview = z.infer<typeof ZTagsOverview>;

/**
 * The "category tags" widget (SPEC `familleTag`): per tag family, its bound tags in stock and out, and its tags bound
 * to no article; families without tags count zero, tags of no family make one row with a null family.
 */
export const ZTagsByFamily = z.array(
  z.object({
    familyId: z.number().int().nullable(),
    familyName: z.string().nullable(),
    inStock: z.number().int(),
    out: z.number().int(),
    unbound: z.number().int(),
    total: z.number().int(),
  }),
);
export type TTagsByFamily = z.infer<typeof ZTagsByFamily>;

// Vendor payloads (validated at the ingestion routes)
/** A reader's event time: a real ISO-8601 timestamp (Zebra writes `+0000`), never year 0 or 30 February. */
export const ZVendorTimestamp = isoDateTime();
/** Impinj IoT device interface webhook: a JSON array of events; `[]` when idle. */
export const ZImpinjEvent = z.looseObject({
  timestamp: ZVendorTimestamp,
  hostname: str().max(253).optional(),
  eventType: str().min(1).max(100),
  tagInventoryEvent: z
    .looseObject({
      epc: str().max(100).optional(),
      epcHex: str().max(100).optional(),
      antennaPort: z.number().int().min(1).max(64).optional(),
      peakRssiCdbm: z.number().min(-32_768).max(32_767).optional(),
      tid: str().max(200).optional(),
      tidHex: str().max(200).optional(),
    })
    .optional(),
});
export const ZImpinjBatch = z.array(ZImpinjEvent).max(10_000);
export type TImpinjEvent = z.infer<typeof ZImpinjEvent>;

/** Zebra IoT Connector HTTP POST: one event or an array; tag data events and management heartbeats. */
export const ZZebraEvent = z.looseObject({
  type: str().min(1).max(100),
  timestamp: ZVendorTimestamp,
  data: z
    .looseObject({
      idHex: str().max(100).optional(),
      antenna: z.number().int().min(0).max(64).optional(),
      peakRssi: z.number().min(-1000).max(1000).optional(),
      reads: z.number().int().min(0).max(INT32_MAX).optional(),
      eventNum: z.number().int().optional(),
      MAC: str().max(40).optional(),
    })
    .optional(),
});
export const ZZebraBody = z.union([ZZebraEvent, z.array(ZZebraEvent).max(10_000)]);
export type TZebraEvent = z.infer<typeof ZZebraEvent>;

export const ZIngestReport = z.object({
  /** Tag reads in the body. */
  reads: z.number().int(),
  /** Reads already received (a retried batch). */
  duplicates: z.number().int(),
  /** Reads dropped for a timestamp too far in the future or older than the idempotency window (bad reader clock). */
  rejected: z.number().int(),
  /** Reads that started a new presence. */
  presences: z.number().int(),
  /** Distinct tag movements recorded or decided (two sides of one passage are one movement). */
  movements: z.number().int(),
});
export type TIngestReport = z.infer<typeof ZIngestReport>;

/** A handheld's counting session: the EPCs it saw at a location; uploading it again changes nothing. */
export const ZHandheldSession = z.strictObject({
  sessionId: z.uuid(),
  /** The handheld's IMEI, as registered among the terminals. */
  imei: str()
    .trim()
    .regex(/^\d{14,16}$/, 'expected 15 digits'),
  location: required(120),
  startedAt: isoDateTime().optional(),
  reads: z
    .array(z.strictObject({ epc: ZEpcHex, firstSeenAt: isoDateTime() }))
    .min(1, 'required')
    .max(20_000),
});
export type THandheldSession = z.infer<typeof ZHandheldSession>;
export const ZHandheldSessionReport = z.object({
  sessionId: z.string(),
  /** Distinct EPCs in the session. */
  reads: z.number().int(),
  /** Of which registered tags of the tenant. */
  known: z.number().int(),
  unknown: z.number().int(),
  /** True when this session had already been received: nothing was recorded again. */
  duplicate: z.boolean(),
});
export type THandheldSessionReport = z.infer<typeof ZHandheldSessionReport>;
