import { sql } from 'drizzle-orm';
import type { TEinvoiceDocumentKind } from '@tagstock/contract';
import { queryRows, withTenant, type Db, type Tx } from '../../db/client';
import { AppError, loggable } from '../../platform/errors';
import { parseCdar } from '../../platform/facturx/cdar';
import { periodic } from '../../platform/periodic';
import { companyForDocuments } from '../company/company.service';
import type { ReceivedInvoicesService } from '../received-invoices/received-invoices.service';
import { appendLifecycle } from './lifecycle';
import type { PlatformFlow } from './platform/adapter';
import { platformMessage, type Connection, type EinvoicingSettingsService } from './settings';

/*
 * Reading what the platform delivers to a tenant: supplier invoices (kept as received invoices, checked as an
 * upload is) and lifecycle statuses (CDAR) about the invoices it issued or received. The platform's webhook only
 * says "look now"; the same search since the last cursor runs every few minutes anyway, so a lost call loses
 * nothing. Each flow is read once (platform_flows), however often it is seen.
 */

const POLL_MS = 5 * 60_000;
const PAGE = 100;

export type FlowOutcome = { flowId: string; recordedAs: string | null; error: string | null };

const seen = (tx: Tx, tenantId: number, flowId: string) =>
  queryRows<{ id: number }>(
    tx,
    sql`select id from platform_flows where tenant_id = ${tenantId} and flow_id = ${flowId}`,
  ).then((r) => r.length > 0);

const note = (tx: Tx, tenantId: number, flow: PlatformFlow, recordedAs: string | null, error: string | null) =>
  tx.execute(
    sql`insert into platform_flows (tenant_id, flow_id, syntax, recorded_as, error)
        values (${tenantId}, ${flow.flowId}, ${flow.syntax}, ${recordedAs}, ${error?.slice(0, 1000) ?? null})
        on conflict (tenant_id, flow_id) do nothing`,
  );

/** The issued or received invoice a status is about: by its number, and its seller's SIREN. */
async function statusTarget(
  tx: Tx,
  tenantId: number,
  invoice: { number: string | null; typeCode: string | null; sellerSiren: string | null },
): Promise<{ kind: TEinvoiceDocumentKind; id: number } | null> {
  if (!invoice.number) return null;
  const company = await companyForDocuments(tx, tenantId);
  if (company.siren && invoice.sellerSiren === company.siren) {
    const kind = invoice.typeCode === '381' ? 'credit_note' : 'invoice';
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`select id from ${sql.identifier(kind === 'invoice' ? 'invoices' : 'credit_notes')}
          where tenant_id = ${tenantId} and number = ${invoice.number}`,
    );
    return row ? { kind, id: row.id } : null;
  }
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select id from received_invoices where tenant_id = ${tenantId} and number = ${invoice.number}
          and (${invoice.sellerSiren}::text is null or seller_siren = ${invoice.sellerSiren})
        order by id limit 1`,
  );
  return row ? { kind: 'received_invoice', id: row.id } : null;
}

export function createReceiving(
  db: Db,
  settings: EinvoicingSettingsService,
  received: ReceivedInvoicesService,
  log: { error(obj: unknown, msg: string): void },
  /** Told after a read of what it recorded (the tenant's screens refresh). */
  onRead?: (tenantId: number, outcomes: FlowOutcome[]) => void,
) {
  async function readInvoice(conn: Connection, flow: PlatformFlow): Promise<FlowOutcome> {
    const { tenantId } = conn;
    const data = await conn.adapter.downloadFlow(flow.flowId);
    try {
      const invoice = await received.receiveAs(
        { tenantId, userId: null },
        { filename: flow.name, data },
        {
          // The platform routed it to this company through the directory.
          confirmBuyer: true,
          recorded: async (tx, _tenant, id) => {
            await note(tx, tenantId, flow, `received_invoice:${id}`, null);
            await appendLifecycle(tx, tenantId, 'received_invoice', id, {
              code: '203',
              source: 'platform',
              at: flow.updatedAt,
              flowId: flow.flowId,
            });
          },
        },
      );
      return { flowId: flow.flowId, recordedAs: `received_invoice:${invoice.id}`, error: null };
    } catch (err) {
      // Refused (not an invoice, our own) or the same file received already: noted, never read again.
      if (!(err instanceof AppError)) throw err;
      const same = err.code === 'already_received' ? `received_invoice:${String(err.params?.id)}` : null;
      const error = same ? null : `${err.code}: ${err.message}`;
      await withTenant(db, tenantId, (tx) => note(tx, tenantId, flow, same, error));
      return { flowId: flow.flowId, recordedAs: same, error };
    }
  }

  async function readStatus(conn: Connection, flow: PlatformFlow): Promise<FlowOutcome> {
    const { tenantId } = conn;
    const data = await conn.adapter.downloadFlow(flow.flowId);
    let parsed: ReturnType<typeof parseCdar>;
    try {
      parsed = parseCdar(data);
    } catch (err) {
      const error = `unreadable status: ${platformMessage(err)}`;
      await withTenant(db, tenantId, (tx) => note(tx, tenantId, flow, null, error));
      return { flowId: flow.flowId, recordedAs: null, error };
    }
    return withTenant(db, tenantId, async (tx) => {
      const code = parsed.lifecycleCode;
      const target = code ? await statusTarget(tx, tenantId, parsed.invoice) : null;
      if (!code || !target) {
        const error = code
          ? `no invoice ${parsed.invoice.number ?? '?'} of SIREN ${parsed.invoice.sellerSiren ?? '?'}`
          : `unknown status ${parsed.code ?? '?'}`;
        await note(tx, tenantId, flow, null, error);
        return { flowId: flow.flowId, recordedAs: null, error };
      }
      const recordedAs = `${target.kind}:${target.id}`;
      await note(tx, tenantId, flow, recordedAs, null);
      // The buyer's platform repeats 202/203 about an invoice it delivered: the reception already said 203.
      if (target.kind === 'received_invoice' && (code === '202' || code === '203'))
        return { flowId: flow.flowId, recordedAs, error: null };
      await appendLifecycle(tx, tenantId, target.kind, target.id, {
        code,
        source: 'platform',
        at: parsed.at ?? flow.updatedAt,
        reasonCode: parsed.reasonCode?.slice(0, 50) ?? null,
        note: (parsed.note ?? parsed.reason)?.slice(0, 1000) ?? null,
        flowId: flow.flowId,
      });
      return { flowId: flow.flowId, recordedAs, error: null };
    });
  }

  async function readFlow(conn: Connection, flow: PlatformFlow): Promise<FlowOutcome | null> {
    if (await withTenant(db, conn.tenantId, (tx) => seen(tx, conn.tenantId, flow.flowId))) return null;
    if (flow.syntax === 'CDAR' || flow.type === 'CustomerInvoiceLC' || flow.type === 'SupplierInvoiceLC')
      return readStatus(conn, flow);
    if (flow.type === 'SupplierInvoice') return readInvoice(conn, flow);
    await withTenant(db, conn.tenantId, (tx) => note(tx, conn.tenantId, flow, null, `not read: ${flow.type}`));
    return null;
  }

  /** Reads a tenant's new incoming flows once, from its cursor on. */
  async function readNew(tenantId: number): Promise<FlowOutcome[]> {
    const conn = await withTenant(db, tenantId, (tx) => settings.connection(tx, tenantId));
    if (!conn) return [];
    const outcomes: FlowOutcome[] = [];
    const updatedAfter = conn.settings.cursor ?? undefined;
    let pageCursor: string | undefined;
    do {
      const page = await conn.adapter.searchFlows({
        direction: 'In',
        limit: PAGE,
        ...(updatedAfter ? { updatedAfter } : {}),
        ...(pageCursor ? { cursor: pageCursor } : {}),
      });
      for (const flow of page.flows) {
        const outcome = await readFlow(conn, flow);
        if (outcome) outcomes.push(outcome);
      }
      const last = page.flows.at(-1)?.updatedAt;
      if (last)
        await withTenant(db, tenantId, (tx) =>
          tx.execute(
            sql`update einvoicing_settings set cursor = ${last}
                where tenant_id = ${tenantId} and (cursor is null or cursor < ${last})`,
          ),
        );
      pageCursor = page.nextCursor;
    } while (pageCursor);
    if (outcomes.some((o) => o.recordedAs)) onRead?.(tenantId, outcomes);
    return outcomes;
  }

  const polling = new Map<number, { done: Promise<FlowOutcome[]>; again: boolean }>();

  /**
   * Reads a tenant's new incoming flows. One read at a time per tenant in this process: calls during a read (a
   * webhook per flow) make it read once more when it ends, not once each.
   */
  function poll(tenantId: number): Promise<FlowOutcome[]> {
    const under = polling.get(tenantId);
    if (under) {
      under.again = true;
      return under.done;
    }
    const entry = { again: false, done: Promise.resolve<FlowOutcome[]>([]) };
    entry.done = (async () => {
      const outcomes: FlowOutcome[] = [];
      do {
        entry.again = false;
        outcomes.push(...(await readNew(tenantId)));
      } while (entry.again);
      return outcomes;
    })().finally(() => polling.delete(tenantId));
    polling.set(tenantId, entry);
    return entry.done;
  }

  async function pollAll(): Promise<number> {
    let read = 0;
    for (const { tenantId } of await settings.enabledTenants())
      try {
        read += (await poll(tenantId)).length;
      } catch (err) {
        log.error({ ...loggable(err), tenantId }, 'approved platform poll failed');
      }
    return read;
  }

  return { poll, pollAll, ...periodic('approved platform poll', POLL_MS, pollAll, log) };
}

export type Receiving = ReturnType<typeof createReceiving>;
