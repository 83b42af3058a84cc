import { createHash } from 'node:crypto';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { TLifecycleCode, TLifecycleReasonCode } from '@tagstock/contract';
import { cdarXml, parseCdar, CdarParseError } from '../../../apps/api/src/platform/facturx/cdar';
import { extractFacturXXml } from '../../../apps/api/src/platform/facturx/extract';
import type { Account, AckDetail, SimFlow, Store } from './store';

/*
 * What the platform does with a flow once accepted: an invoice goes to the account owning the buyer's SIREN, its
 * seller hears 200 Déposée → 201 Émise → 202 Reçue → 203 Mise à disposition (stepMs apart; the buyer hears 202 and
 * 203 too), and a lifecycle status the buyer (or the seller) submits is relayed to the other party.
 */

export type InvoiceFacts = {
  number: string;
  typeCode: string;
  /** yyyy-mm-dd */
  issueDate: string;
  seller: { siren: string | null; name: string | null };
  buyer: { siren: string | null; name: string | null };
};

const FIELDS: Record<string, (facts: Partial<Flat>, text: string) => void> = {
  'ExchangedDocument/ID': (f, t) => (f.number = t),
  'ExchangedDocument/TypeCode': (f, t) => (f.typeCode = t),
  'ExchangedDocument/IssueDateTime/DateTimeString': (f, t) => (f.issueDate = t),
  'SellerTradeParty/Name': (f, t) => (f.sellerName = t),
  'SellerTradeParty/SpecifiedLegalOrganization/ID': (f, t) => (f.sellerSiren = t),
  'BuyerTradeParty/Name': (f, t) => (f.buyerName = t),
  // BT-47, the buyer's legal registration (its SIREN under scheme 0002)…
  'BuyerTradeParty/SpecifiedLegalOrganization/ID': (f, t) => (f.buyerSiren = t),
  // … or BT-49, its electronic address (scheme 0225: the SIREN, possibly followed by a suffix).
  'BuyerTradeParty/URIUniversalCommunication/URIID': (f, t) => (f.buyerAddress = t),
};
type Flat = Record<
  'number' | 'typeCode' | 'issueDate' | 'sellerName' | 'sellerSiren' | 'buyerName' | 'buyerSiren' | 'buyerAddress',
  string
>;

/** The few terms of a CII invoice (BT-1, -2, -3, -27, -30, -44, -47, -49) the platform routes on; null if none. */
export function readInvoice(xml: Buffer): InvoiceFacts | null {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: string[] = [];
  const facts: Partial<Flat> = {};
  let text = '';
  parser.on('doctype', () => {
    throw new Error('DOCTYPE refused');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    stack.push(tag.local);
    text = '';
  });
  parser.on('text', (t) => (text += t));
  parser.on('closetag', () => {
    const path = stack.join('/');
    for (const [suffix, set] of Object.entries(FIELDS)) {
      if (path.endsWith(`/${suffix}`) && text.trim()) set(facts, text.trim());
    }
    stack.pop();
    text = '';
  });
  try {
    parser.write(xml.toString('utf8').replace(/^\uFEFF/, '')).close();
  } catch {
    return null;
  }
  if (!facts.number) return null;
  const day = /^(\d{4})(\d{2})(\d{2})$/.exec(facts.issueDate ?? '');
  const addressed = /^\d{9}/.exec(facts.buyerAddress ?? '')?.[0];
  const siren = (value: string | undefined) => (value && /^\d{9}$/.test(value) ? value : null);
  return {
    number: facts.number,
    typeCode: facts.typeCode ?? '380',
    issueDate: day ? `${day[1]}-${day[2]}-${day[3]}` : new Date().toISOString().slice(0, 10),
    seller: { siren: siren(facts.sellerSiren), name: facts.sellerName ?? null },
    buyer: { siren: siren(facts.buyerSiren) ?? addressed ?? null, name: facts.buyerName ?? null },
  };
}

type Invoice = { facts: InvoiceFacts; seller: Account; buyer?: Account; receivedAt: string; flowId: string };

export type RouterOptions = {
  store: Store;
  stepMs: number;
  /** Called for each new incoming flow of an account (its webhooks). */
  notify: (flow: SimFlow) => void;
  platform: { id: string; name: string };
};

export type Router = ReturnType<typeof createRouter>;

export function createRouter({ store, stepMs, notify, platform }: RouterOptions) {
  const timers = new Set<NodeJS.Timeout>();
  /** Invoices accepted, by seller SIREN and number (BT-1): what statuses refer to. */
  const invoices = new Map<string, Invoice>();
  const key = (siren: string, number: string) => `${siren}|${number}`;

  function later(ms: number, fn: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  }

  function acknowledge(flow: SimFlow, status: 'Ok' | 'Error', details?: AckDetail[]) {
    flow.ack = details ? { status, details } : { status };
    flow.updatedAt = store.stamp();
  }

  function incoming(to: Account, from: Pick<SimFlow, 'name' | 'syntax' | 'type' | 'file' | 'contentType' | 'sha256'>) {
    const flow = store.addFlow({
      ...from,
      clientId: to.clientId,
      direction: 'In',
      profile: from.syntax === 'CDAR' ? 'Basic' : 'CIUS',
      processingRule: 'B2B',
      processingRuleSource: 'Computed',
      ack: { status: 'Ok' },
    });
    notify(flow);
    return flow;
  }

  /** A platform status (200–203, 213) about an invoice, to its seller (and to its buyer for 202 and 203). */
  function platformStatus(invoice: Invoice, code: TLifecycleCode, reasonCode?: TLifecycleReasonCode, note?: string) {
    const now = new Date();
    const { facts } = invoice;
    const xml = cdarXml({
      id: `${facts.number}_${code}_${now.getTime()}`,
      issuedAt: now,
      code,
      reasonCode: reasonCode ?? null,
      note: note ?? null,
      platform,
      invoice: {
        number: facts.number,
        issueDate: facts.issueDate,
        typeCode: facts.typeCode,
        receivedAt: invoice.receivedAt,
        seller: { siren: invoice.seller.siren, name: facts.seller.name ?? invoice.seller.name },
        buyer: { siren: facts.buyer.siren ?? '000000000', name: facts.buyer.name },
      },
    });
    const file = Buffer.from(xml, 'utf8');
    const common = {
      name: `${facts.number}_${code}.xml`,
      syntax: 'CDAR' as const,
      file,
      contentType: 'application/xml',
    };
    const sha256 = sha(file);
    incoming(invoice.seller, { ...common, sha256, type: 'CustomerInvoiceLC' });
    if (invoice.buyer && (code === '202' || code === '203')) {
      incoming(invoice.buyer, { ...common, sha256, type: 'SupplierInvoiceLC' });
    }
  }

  /** An invoice the seller submitted (Factur-X), acknowledged Ok: route it and replay its first statuses. */
  async function invoiceSubmitted(seller: Account, flow: SimFlow) {
    const xml = await extractFacturXXml(flow.file);
    const facts = xml && readInvoice(xml);
    if (!facts) {
      acknowledge(flow, 'Error', [
        detail('file', 'InvalidSchema', 'No Factur-X invoice (CII XML) could be read from the file'),
      ]);
      return;
    }
    acknowledge(flow, 'Ok');
    const invoice: Invoice = { facts, seller, receivedAt: flow.submittedAt, flowId: flow.flowId };
    const earlier = invoices.get(key(seller.siren, facts.number));
    if (earlier) {
      // The same invoice number from the same seller, under another trackingId: the platform's duplicate check.
      later(0, () =>
        platformStatus(
          invoice,
          '213',
          'DOUBLON',
          `Invoice ${facts.number} was already deposited (flow ${earlier.flowId})`,
        ),
      );
      return;
    }
    invoices.set(key(seller.siren, facts.number), invoice);
    const buyerSiren = facts.buyer.siren;
    const buyer = buyerSiren ? store.accountBySiren(buyerSiren) : undefined;
    const reachable = buyerSiren ? store.companies.get(buyerSiren)?.line === 'Enabled' : false;
    later(0, () => platformStatus(invoice, '200'));
    if (!reachable) {
      const why = buyerSiren
        ? `SIREN ${buyerSiren} has no enabled directory line`
        : 'the buyer has no SIREN (BT-47/BT-49)';
      later(stepMs, () => platformStatus(invoice, '213', 'DEST_INC', `Unknown recipient: ${why}`));
      return;
    }
    later(stepMs, () => platformStatus(invoice, '201'));
    later(2 * stepMs, () => {
      if (buyer) {
        invoice.buyer = buyer;
        incoming(buyer, { ...pick(flow), type: 'SupplierInvoice' });
      }
      // A buyer on another platform (in the directory, no account here) receives it there: the seller still hears 202.
      platformStatus(invoice, '202');
    });
    later(3 * stepMs, () => platformStatus(invoice, '203'));
  }

  /** A status the buyer (204–208, 210, 211) or the seller (209, 212) submitted: relayed to the other party. */
  function statusSubmitted(sender: Account, flow: SimFlow) {
    let parsed;
    try {
      parsed = parseCdar(flow.file);
    } catch (error) {
      const message = error instanceof CdarParseError ? error.message : 'Unreadable CDAR';
      acknowledge(flow, 'Error', [detail('file', 'InvalidSchema', message)]);
      return;
    }
    const code = parsed.lifecycleCode;
    const fromSeller = parsed.issuerRole === 'SE';
    flow.type = fromSeller ? 'CustomerInvoiceLC' : 'SupplierInvoiceLC';
    const allowed = fromSeller ? ['209', '212'] : ['204', '205', '206', '207', '208', '210', '211'];
    if (!code || !allowed.includes(code)) {
      acknowledge(flow, 'Error', [
        detail('ProcessConditionCode', 'InvoiceLCStatusError', `Status ${parsed.code ?? '?'} cannot be sent by a user`),
      ]);
      return;
    }
    // Only the seller speaks as the seller (its SIREN is the invoice's), and only another party as the buyer.
    if (fromSeller !== (sender.siren === parsed.invoice.sellerSiren)) {
      acknowledge(flow, 'Error', [
        detail('IssuerTradeParty', 'InvoiceLCAccessDenied', `This client cannot send status ${code} for that invoice`),
      ]);
      return;
    }
    acknowledge(flow, 'Ok');
    const number = parsed.invoice.number ?? '';
    const sellerSiren = fromSeller ? sender.siren : (parsed.invoice.sellerSiren ?? '');
    const invoice = invoices.get(key(sellerSiren, number));
    const to = fromSeller ? invoice?.buyer : store.accountBySiren(sellerSiren);
    // A party on another platform gets it there; nothing more to do here.
    if (!to) return;
    later(stepMs, () => incoming(to, { ...pick(flow), type: fromSeller ? 'SupplierInvoiceLC' : 'CustomerInvoiceLC' }));
  }

  return {
    /**
     * A flow just submitted by `sender` (acknowledgement Pending). `duplicateOf` is the flow already submitted
     * under the same trackingId (no flowId: the `duplicate` fault): this one fails AFNOR's unicity check (Error,
     * AlreadyExistingFlow); the first one is left as it is.
     */
    async submitted(sender: Account, flow: SimFlow, duplicateOf?: { flowId?: string }) {
      if (duplicateOf !== undefined) {
        const message = duplicateOf.flowId ? `Already submitted as flow ${duplicateOf.flowId}` : 'Already submitted';
        acknowledge(flow, 'Error', [detail('trackingId', 'AlreadyExistingFlow', message)]);
        return;
      }
      if (flow.file.length === 0) return acknowledge(flow, 'Error', [detail('file', 'EmptyFlow', 'The file is empty')]);
      if (flow.syntax === 'Factur-X') return invoiceSubmitted(sender, flow);
      if (flow.syntax === 'CDAR') return statusSubmitted(sender, flow);
      acknowledge(flow, 'Error', [detail('flowSyntax', 'FlowTypeError', `This platform takes Factur-X and CDAR only`)]);
    },

    /** A platform status about an invoice flow, on demand (control): e.g. 213 DOUBLON, or 203 for a stuck one. */
    status(flowId: string, code: TLifecycleCode, reasonCode?: TLifecycleReasonCode, note?: string): boolean {
      const invoice = [...invoices.values()].find((i) => i.flowId === flowId);
      if (!invoice) return false;
      platformStatus(invoice, code, reasonCode, note);
      return true;
    },

    clear() {
      invoices.clear();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

function detail(item: string, reasonCode: string, reasonMessage: string): AckDetail {
  return { level: 'Error', item, reasonCode, reasonMessage };
}

function pick(flow: SimFlow) {
  return { name: flow.name, syntax: flow.syntax, file: flow.file, contentType: flow.contentType, sha256: flow.sha256 };
}

export function sha(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
