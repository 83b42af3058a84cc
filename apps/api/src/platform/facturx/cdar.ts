import {
  LIFECYCLE_CODES,
  lifecycleLabel,
  type TLifecycleCode,
  LIFECYCLE_REASONS,
  type TLifecycleReasonCode,
} from '@tagstock/contract';
import { el, text, xmlDocument, type XmlNode } from './xml-writer';
import { parseXmlTree, type XmlElement } from './xml-tree';

/*
 * Lifecycle status messages of the French e-invoicing reform ("Flux 6"): a CDAR (UN/CEFACT Cross Domain
 * Acknowledgement and Response D22B) saying that an invoice was deposited, received, approved, refused, paid…,
 * laid out as the AFNOR XP Z12-012 examples do and as the FNFE-MPE's BR-FR-CDV rules want it (validate.ts checks
 * both). Data terms are named MDT-n as in the French specification.
 *
 * Who speaks depends on the status: a platform (WK) for 200–203 and 213, in the transmission phase (MDT-77 = 305);
 * the buyer (BY) for 204–208, 210, 211 and the seller (SE) for 209 and 212, in the processing phase (MDT-77 = 23).
 * The message goes to the other party; a platform's statuses go to the seller (and to the buyer for 202 and 203).
 */

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
} as const;

/** The guideline of a CDAR between platforms and their users (MDT-3). */
export const CDAR_GUIDELINE = 'urn.cpro.gouv.fr:1p0:CDV:invoice';
/** SIREN as a party's global id (ISO 6523 ICD 0002), and the French directory's electronic addresses (EAS 0225). */
const SIREN_SCHEME = '0002';
const DIRECTORY_SCHEME = '0225';

export type CdarParty = {
  /** The SIREN (9 digits): the party's global id (MDT-38, -57, -129), scheme 0002. */
  siren: string;
  name?: string | null;
  /** Where the party receives statuses (MDT-73); the SIREN under scheme 0225 when not given. */
  electronicAddress?: { id: string; scheme: string } | null;
};

export type CdarMessage = {
  /** MDT-4: the message's id, unique for its sender (a resend of the same status keeps it). */
  id: string;
  /** MDT-8: when the message is written; a Date or an ISO-8601 date-time. */
  issuedAt: Date | string;
  /** MDT-78: when the status took effect; `issuedAt` when not given. */
  statusAt?: Date | string | null;
  /** MDT-105. */
  code: TLifecycleCode;
  /** MDT-113: required for 206, 207, 208, 210 and 213 (BR-FR-CDV-15), from the status's list (BR-FR-CDV-CL-09). */
  reasonCode?: TLifecycleReasonCode | null;
  /** Free text about the status (the explanation an `AUTRE` reason needs). */
  note?: string | null;
  /** MDT-2: the billing framework; `REGULATED` (domestic B2B under the reform) when not given. */
  businessProcess?: string;
  /** The platform that speaks for 200–203 and 213: its id (scheme 0238, the platforms' registration number), name. */
  platform?: { id?: string | null; name?: string | null } | null;
  /** The invoice the status is about (MDG-35…). */
  invoice: {
    /** MDT-87 = BT-1. */
    number: string;
    /** MDT-100 = BT-2, yyyy-mm-dd. */
    issueDate: string;
    /** MDT-91 = BT-3: 380 invoice, 381 credit note, 384 corrective invoice, 389 self-billed… */
    typeCode: string;
    /** MDT-95: when the platform received the invoice (deposited or received). */
    receivedAt?: Date | string | null;
    seller: CdarParty;
    buyer: CdarParty;
  };
  /**
   * MDG-43 amounts: for 212 Encaissée (BR-FR-CDV-14) the amount received per VAT rate (one entry per rate the
   * payment covers); for 211 the amount paid (no rate). Decimal texts: `amount` "1200.00", `vatRate` "20.00".
   */
  amounts?: { amount: string; vatRate?: string | null }[] | null;
  /** The currency of `amounts` (ISO 4217); EUR when not given. */
  currency?: string;
};

type Actor = 'platform' | 'buyer' | 'seller';
/** Who sends each status. */
export const CDAR_ISSUER: Record<TLifecycleCode, Actor> = {
  '200': 'platform',
  '201': 'platform',
  '202': 'platform',
  '203': 'platform',
  '204': 'buyer',
  '205': 'buyer',
  '206': 'buyer',
  '207': 'buyer',
  '208': 'buyer',
  '209': 'seller',
  '210': 'buyer',
  '211': 'buyer',
  '212': 'seller',
  '213': 'platform',
};

/**
 * MDT-88, the status in UN/CEFACT terms (UNCL 1373) that BR-FR-CDV-CL-05 allows for each phase: the official
 * examples give 200, 202–205, 207, 211 and 212; the others follow the code list's meaning (51 forwarded,
 * 49 conditionally accepted, 39 on hold, 37 complete, 50 refused, 8 rejected).
 */
const UN_STATUS: Record<TLifecycleCode, string> = {
  '200': '10',
  '201': '51',
  '202': '43',
  '203': '48',
  '204': '45',
  '205': '1',
  '206': '49',
  '207': '46',
  '208': '39',
  '209': '37',
  '210': '50',
  '211': '47',
  '212': '47',
  '213': '8',
};

// --- writing ---------------------------------------------------------------------------------------------------

/** French statuses carry the time of day in France (format 204 has no offset). */
const ZONE = 'Europe/Paris';
const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function instant(value: Date | string, what: string): Date {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new Error(`CDAR: ${what} is not a date-time: "${String(value)}"`);
  return date;
}
/** A moment as format 204 (yyyyMMddHHmmss), in French time. */
function format204(value: Date | string, what: string): string {
  const parts = Object.fromEntries(PARTS.formatToParts(instant(value, what)).map((p) => [p.type, p.value]));
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}`;
}
function format102(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`CDAR: a date must be yyyy-mm-dd, not "${value}"`);
  return value.replaceAll('-', '');
}
const dateTime = (name: string, value: Date | string, what: string) =>
  el(name, text('udt:DateTimeString', format204(value, what), { format: '204' }));

const AMOUNT = /^-?\d{1,17}(\.\d{1,2})?$/;
const RATE = /^\d{1,2}(\.\d{1,2})?$/;

type Role = 'WK' | 'BY' | 'SE';
function party(
  name: 'ram:SenderTradeParty' | 'ram:IssuerTradeParty' | 'ram:RecipientTradeParty',
  role: Role,
  p?: CdarParty | null,
  address = false,
) {
  const uri = p ? (p.electronicAddress ?? { id: p.siren, scheme: DIRECTORY_SCHEME }) : null;
  return el(
    name,
    p && text('ram:GlobalID', p.siren, { schemeID: SIREN_SCHEME }),
    p && text('ram:Name', p.name),
    text('ram:RoleCode', role),
    address && uri && el('ram:URIUniversalCommunication', text('ram:URIID', uri.id, { schemeID: uri.scheme })),
  );
}
function platformParty(name: 'ram:SenderTradeParty' | 'ram:IssuerTradeParty', platform: CdarMessage['platform']) {
  return el(
    name,
    text('ram:GlobalID', platform?.id, { schemeID: '0238' }),
    text('ram:Name', platform?.name),
    text('ram:RoleCode', 'WK'),
  );
}

/**
 * The CDAR D22B of one status of one invoice. The input is taken as given: which reason a status allows is the
 * contract's business (ZLifecycleSend) and the validator's (validateCdar); only malformed dates and amounts, which
 * would make a message no one can read, throw.
 */
export function cdarXml(message: CdarMessage): string {
  const { code, invoice } = message;
  if (!(LIFECYCLE_CODES as readonly string[]).includes(code)) throw new Error(`CDAR: unknown status "${code}"`);
  const actor = CDAR_ISSUER[code];
  const currency = message.currency ?? 'EUR';
  for (const a of message.amounts ?? []) {
    if (!AMOUNT.test(a.amount)) throw new Error(`CDAR: an amount must be a decimal text, not "${a.amount}"`);
    if (a.vatRate != null && !RATE.test(a.vatRate))
      throw new Error(`CDAR: a VAT rate must be like 20.00, not "${a.vatRate}"`);
  }
  // Amounts received (212) per VAT rate, or paid (211).
  const amountType = code === '212' ? 'MEN' : 'MPA';
  const characteristics = (message.amounts ?? []).map((a) =>
    el(
      'ram:SpecifiedDocumentCharacteristic',
      text('ram:TypeCode', amountType),
      el('ram:ValueChangedIndicator', text('udt:IndicatorString', 'false')),
      text('ram:ValueAmount', a.amount, { currencyID: currency }),
      text('ram:ValuePercent', a.vatRate),
    ),
  );
  const reason = message.reasonCode ?? null;
  const note = message.note?.trim() || null;
  const detailed = reason !== null || note !== null || characteristics.length > 0;

  const recipients: XmlNode[] =
    actor === 'buyer'
      ? [party('ram:RecipientTradeParty', 'SE', invoice.seller, true)]
      : actor === 'seller'
        ? [party('ram:RecipientTradeParty', 'BY', invoice.buyer, true)]
        : [
            party('ram:RecipientTradeParty', 'SE', invoice.seller, true),
            (code === '202' || code === '203') && party('ram:RecipientTradeParty', 'BY', invoice.buyer, true),
          ].filter((n): n is XmlNode => !!n);

  const root: XmlNode = {
    name: 'rsm:CrossDomainAcknowledgementAndResponse',
    attrs: { 'xmlns:rsm': NS.rsm, 'xmlns:ram': NS.ram, 'xmlns:udt': NS.udt, 'xmlns:qdt': NS.qdt },
    children: [
      el(
        'rsm:ExchangedDocumentContext',
        el(
          'ram:BusinessProcessSpecifiedDocumentContextParameter',
          text('ram:ID', message.businessProcess ?? 'REGULATED'),
        ),
        el('ram:GuidelineSpecifiedDocumentContextParameter', text('ram:ID', CDAR_GUIDELINE)),
      ),
      el(
        'rsm:ExchangedDocument',
        text('ram:ID', message.id),
        text('ram:Name', `${invoice.number} ${code} ${lifecycleLabel(code)}`),
        dateTime('ram:IssueDateTime', message.issuedAt, 'issuedAt'),
        // The message travels through the platforms: the sender (MDT-21) is always one.
        platformParty('ram:SenderTradeParty', message.platform),
        actor === 'platform'
          ? platformParty('ram:IssuerTradeParty', message.platform)
          : party(
              'ram:IssuerTradeParty',
              actor === 'buyer' ? 'BY' : 'SE',
              actor === 'buyer' ? invoice.buyer : invoice.seller,
            ),
        ...recipients,
      ),
      el(
        'rsm:AcknowledgementDocument',
        el('ram:MultipleReferencesIndicator', text('udt:Indicator', 'false')),
        text('ram:TypeCode', actor === 'platform' ? '305' : '23'),
        dateTime('ram:IssueDateTime', message.statusAt ?? message.issuedAt, 'statusAt'),
        el(
          'ram:ReferenceReferencedDocument',
          text('ram:IssuerAssignedID', invoice.number),
          text('ram:StatusCode', UN_STATUS[code]),
          text('ram:TypeCode', invoice.typeCode),
          invoice.receivedAt && dateTime('ram:ReceiptDateTime', invoice.receivedAt, 'invoice.receivedAt'),
          el('ram:FormattedIssueDateTime', text('qdt:DateTimeString', format102(invoice.issueDate), { format: '102' })),
          text('ram:ProcessConditionCode', code),
          text('ram:ProcessCondition', lifecycleLabel(code)),
          el('ram:IssuerTradeParty', text('ram:GlobalID', invoice.seller.siren, { schemeID: SIREN_SCHEME })),
          detailed &&
            el(
              'ram:SpecifiedDocumentStatus',
              text('ram:ReasonCode', reason),
              reason && text('ram:Reason', reasonLabel(reason)),
              text('ram:SequenceNumeric', '1'),
              note && el('ram:IncludedNote', text('ram:Content', note)),
              ...characteristics,
            ),
        ),
      ),
    ],
  };
  return xmlDocument(root);
}

/** MDT-114: the reason's French name (none for a code outside the closed list, which the validator reports). */
const reasonLabel = (reason: string): string | null =>
  (LIFECYCLE_REASONS as Partial<Record<string, { fr: string }>>)[reason]?.fr ?? null;

// --- reading ---------------------------------------------------------------------------------------------------

/** A CDAR this module cannot read: not well-formed, not a CDAR, or far larger than a status message. */
export class CdarParseError extends Error {}

/** What a status message says, as written (codes are kept even outside our lists: a platform may use others). */
export type ParsedCdar = {
  /** MDT-4. */
  messageId: string | null;
  /** MDT-8, ISO-8601 with the French offset of that day. */
  issuedAt: string | null;
  /** MDT-78, when the status took effect (MDT-8 when absent). */
  at: string | null;
  /** MDT-77: 305 transmission phase (platforms), 23 processing phase (buyer and seller). */
  phase: string | null;
  /** MDT-105 as written ("205", or a status beyond 213 such as "214"). */
  code: string | null;
  /** `code` when it is one of 200–213. */
  lifecycleCode: TLifecycleCode | null;
  /** The role of who issued the status (MDT-40): WK platform, BY buyer, SE seller… */
  issuerRole: string | null;
  invoice: {
    number: string | null;
    /** yyyy-mm-dd. */
    issueDate: string | null;
    typeCode: string | null;
    /** MDT-129: the seller's global id (its SIREN under scheme 0002). */
    sellerSiren: string | null;
  };
  /** MDT-113 and its text (MDT-114). */
  reasonCode: string | null;
  reason: string | null;
  /** The note of the status, or of the message. */
  note: string | null;
  /** MDG-43 amounts: MEN received (212), MPA paid (211)… with the VAT rate when given. */
  amounts: { type: string | null; amount: string; currency: string | null; vatRate: string | null }[];
};

type Element = XmlElement;

// A status message has a few dozen elements; these bounds only stop a hostile file.
const MAX_ELEMENTS = 20_000;
const MAX_DEPTH = 32;
const MAX_TEXT = 10_000;
const MAX_VALUE = 1000;

const parseTree = (xml: string): Element =>
  parseXmlTree(xml, { maxElements: MAX_ELEMENTS, maxDepth: MAX_DEPTH, maxText: MAX_TEXT }, (why, message) =>
    why === 'doctype'
      ? new CdarParseError('A DOCTYPE is not allowed in a status message')
      : new CdarParseError(message),
  );

const kids = (e: Element | undefined, local: string, ns: string = NS.ram): Element[] =>
  e ? e.children.filter((c) => c.local === local && c.ns === ns) : [];
const child = (e: Element | undefined, local: string, ns: string = NS.ram) => kids(e, local, ns)[0];
const path = (e: Element | undefined, ...locals: string[]) => locals.reduce((at, l) => child(at, l), e);
const value = (e: Element | undefined): string | null => {
  const v = e?.text.replace(/\s+/g, ' ').trim();
  return v ? v.slice(0, MAX_VALUE) : null;
};

const OFFSET = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, timeZoneName: 'longOffset' });
/** Format 204 (or 102 for a day) in French time → ISO-8601 with that day's offset. */
function isoOf(e: Element | undefined): string | null {
  const s = child(e, 'DateTimeString', NS.udt) ?? child(e, 'DateTimeString', NS.qdt);
  const m = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2}))?$/.exec(s?.text.trim() ?? '');
  if (!m) return null;
  const local = `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}`;
  const guess = new Date(`${local}Z`);
  if (Number.isNaN(guess.getTime())) return null;
  // The offset in force at that moment (one guess is enough except in the hour clocks change).
  const zone = /GMT([+-]\d{2}:\d{2})?/.exec(OFFSET.format(guess));
  return `${local}${zone?.[1] ?? '+00:00'}`;
}
function dateOf(e: Element | undefined): string | null {
  const s = child(e, 'DateTimeString', NS.qdt) ?? child(e, 'DateTimeString', NS.udt);
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(s?.text.trim() ?? '');
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/**
 * Reads a CDAR (string or bytes, UTF-8): the first status of the first invoice it is about (a platform sends one
 * invoice's status per message: MDT-74 false). Throws CdarParseError when it is not a readable CDAR; says nothing
 * about validity (validateCdar does).
 */
export function parseCdar(xml: string | Buffer): ParsedCdar {
  const root = parseTree(typeof xml === 'string' ? xml : new TextDecoder('utf-8').decode(xml));
  if (root.ns !== NS.rsm || root.local !== 'CrossDomainAcknowledgementAndResponse')
    throw new CdarParseError(`Not a CDAR: the root element is ${root.local}`);
  const exchanged = child(root, 'ExchangedDocument', NS.rsm);
  const ack = child(root, 'AcknowledgementDocument', NS.rsm);
  const ref = child(ack, 'ReferenceReferencedDocument');
  const status = child(ref, 'SpecifiedDocumentStatus');
  const code = value(child(ref, 'ProcessConditionCode'));
  const issuedAt = isoOf(child(exchanged, 'IssueDateTime'));
  const sellerIds = kids(child(ref, 'IssuerTradeParty'), 'GlobalID');
  const seller = sellerIds.find((g) => g.attrs.schemeID === SIREN_SCHEME) ?? sellerIds[0];
  const note = value(path(status, 'IncludedNote', 'Content')) ?? value(path(exchanged, 'IncludedNote', 'Content'));
  const amounts = kids(status, 'SpecifiedDocumentCharacteristic').flatMap((c) => {
    const amount = value(child(c, 'ValueAmount'));
    if (amount === null) return [];
    return [
      {
        type: value(child(c, 'TypeCode')),
        amount,
        currency: child(c, 'ValueAmount')?.attrs.currencyID ?? null,
        vatRate: value(child(c, 'ValuePercent')),
      },
    ];
  });
  return {
    messageId: value(child(exchanged, 'ID')),
    issuedAt,
    at: isoOf(child(ack, 'IssueDateTime')) ?? issuedAt,
    phase: value(child(ack, 'TypeCode')),
    code,
    lifecycleCode:
      code !== null && (LIFECYCLE_CODES as readonly string[]).includes(code) ? (code as TLifecycleCode) : null,
    issuerRole: value(path(exchanged, 'IssuerTradeParty', 'RoleCode')),
    invoice: {
      number: value(child(ref, 'IssuerAssignedID')),
      issueDate: dateOf(child(ref, 'FormattedIssueDateTime')),
      typeCode: value(child(ref, 'TypeCode')),
      sellerSiren: value(seller),
    },
    reasonCode: value(child(status, 'ReasonCode')),
    reason: value(child(status, 'Reason')),
    note,
    amounts,
  };
}
