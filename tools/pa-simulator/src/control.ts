import type { FastifyInstance } from 'fastify';
import { LIFECYCLE_CODES, type TLifecycleCode, type TLifecycleReasonCode } from '@tagstock/contract';
import type { Router } from './routing';
import type { Account, Company, FlowDirection, SimFlow, Store } from './store';

/*
 * What tests and the demo tell the simulator: its accounts and directory, the faults to play, what it holds.
 * In process through `control`; over HTTP under `/_sim/…` (never subject to the faults).
 */

export type Faults = {
  /** `refuse`: the listener is closed (connection refused); `503`: every platform route answers 503. */
  down: false | 'refuse' | '503';
  /** How many of the next platform calls answer 500 (Infinity: until reset). */
  error500: number;
  /** Delay before each platform call is handled. */
  slowMs: number;
  /** The next createFlow is taken for a duplicate (acknowledgement Error, AlreadyExistingFlow). */
  duplicate: boolean;
};

export type WebhookCall = {
  webhookId: string;
  flowId: string;
  url: string;
  at: string;
  status?: number;
  error?: string;
  durationMs?: number;
};

/** A flow as the control API shows it: everything but the file (its size instead). */
export type FlowView = Omit<SimFlow, 'file'> & { size: number };

export type AccountInput = {
  clientId: string;
  clientSecret: string;
  siren: string;
  name: string;
  organizationId?: string;
  sirets?: string[];
};

export type PaSimControl = {
  addAccount(input: AccountInput): Omit<Account, 'clientSecret'>;
  /** A company in the directory without an account here (`line: null`: it cannot receive e-invoices). */
  addCompany(input: { siren: string; name: string; line?: Company['line']; sirets?: string[] }): Company;
  accounts(): Omit<Account, 'clientSecret'>[];
  /**
   * `refuse` (default) closes the listening socket (connections refused), `503` keeps it and answers 503; until
   * `up()`, or for `forMs`.
   */
  down(mode?: 'refuse' | '503', forMs?: number): Promise<void>;
  up(): Promise<void>;
  /** Sets some faults; `error500: true` is every call until reset. */
  fail(faults: { error500?: number | boolean; slowMs?: number; duplicate?: boolean }): Faults;
  /** Clears the faults (and comes back up). */
  reset(): Promise<void>;
  faults(): Faults;
  flows(filter?: { clientId?: string; trackingId?: string; direction?: FlowDirection }): FlowView[];
  file(flowId: string): Buffer | undefined;
  /** Plays a platform status (200–203, 213…) about an invoice flow now; false if the flow is no invoice here. */
  status(flowId: string, code: TLifecycleCode, reasonCode?: TLifecycleReasonCode, note?: string): boolean;
  webhookCalls(): WebhookCall[];
  /** Forgets every token issued (the next call of each client must fetch a new one). */
  revokeTokens(): void;
  /** Forgets flows, webhooks and pending statuses; accounts and directory stay. */
  clear(): void;
  clearTimers(): void;
};

export function createControl(deps: {
  store: Store;
  router: Router;
  faults: Faults;
  webhookCalls: WebhookCall[];
  down: () => Promise<void>;
  up: () => Promise<void>;
}): PaSimControl {
  const { store, router, faults, webhookCalls } = deps;
  let upTimer: NodeJS.Timeout | undefined;
  const view = ({ file, ...rest }: SimFlow): FlowView => ({ ...rest, size: file.length });
  const withoutSecret = ({ clientSecret: _secret, ...rest }: Account) => rest;

  const control: PaSimControl = {
    addAccount: (input) => withoutSecret(store.addAccount(input)),
    addCompany: (input) => store.addCompany(input),
    accounts: () => [...store.accounts.values()].map(withoutSecret),
    async down(mode = 'refuse', forMs) {
      clearTimeout(upTimer);
      faults.down = mode;
      if (mode === 'refuse') await deps.down();
      if (forMs !== undefined) upTimer = setTimeout(() => void control.up(), forMs);
    },
    async up() {
      clearTimeout(upTimer);
      faults.down = false;
      await deps.up();
    },
    fail(input) {
      if (input.error500 !== undefined) {
        faults.error500 = input.error500 === true ? Infinity : input.error500 === false ? 0 : input.error500;
      }
      if (input.slowMs !== undefined) faults.slowMs = Math.max(0, input.slowMs);
      if (input.duplicate !== undefined) faults.duplicate = input.duplicate;
      return { ...faults };
    },
    async reset() {
      Object.assign(faults, { error500: 0, slowMs: 0, duplicate: false });
      await control.up();
    },
    faults: () => ({ ...faults }),
    flows(filter = {}) {
      return [...store.flows.values()]
        .filter(
          (f) =>
            (!filter.clientId || f.clientId === filter.clientId) &&
            (!filter.trackingId || f.trackingId === filter.trackingId) &&
            (!filter.direction || f.direction === filter.direction),
        )
        .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))
        .map(view);
    },
    file: (flowId) => store.flows.get(flowId)?.file,
    status: (flowId, code, reasonCode, note) => router.status(flowId, code, reasonCode, note),
    webhookCalls: () => [...webhookCalls],
    revokeTokens: () => store.revokeTokens(),
    clear() {
      router.clear();
      store.reset();
      webhookCalls.length = 0;
    },
    clearTimers() {
      clearTimeout(upTimer);
    },
  };

  return control;
}

type Body = Record<string, unknown>;

/** `/_sim/…`: the same control over HTTP (the demo, another process). */
export function controlRoutes(control: PaSimControl) {
  return async (api: FastifyInstance) => {
    const bad = (message: string) => ({ errorCode: 'INVALID_REQUEST', errorMessage: message });

    api.get('/accounts', async () => control.accounts());

    api.post('/accounts', async (request, reply) => {
      const b = (request.body ?? {}) as Body;
      if (typeof b.clientId !== 'string' || typeof b.clientSecret !== 'string' || typeof b.name !== 'string') {
        return reply.code(400).send(bad('clientId, clientSecret, siren and name are required'));
      }
      try {
        const account = control.addAccount({
          clientId: b.clientId,
          clientSecret: b.clientSecret,
          siren: String(b.siren),
          name: b.name,
          ...(typeof b.organizationId === 'string' ? { organizationId: b.organizationId } : {}),
          ...(Array.isArray(b.sirets) ? { sirets: b.sirets.map(String) } : {}),
        });
        return reply.code(201).send(account);
      } catch (error) {
        return reply.code(400).send(bad((error as Error).message));
      }
    });

    api.post('/companies', async (request, reply) => {
      const b = (request.body ?? {}) as Body;
      if (typeof b.siren !== 'string' || !/^\d{9}$/.test(b.siren) || typeof b.name !== 'string') {
        return reply.code(400).send(bad('siren (9 digits) and name are required'));
      }
      const line = b.line === null || b.line === 'Enabled' || b.line === 'Disabled' ? b.line : undefined;
      return reply
        .code(201)
        .send(control.addCompany({ siren: b.siren, name: b.name, ...(line !== undefined ? { line } : {}) }));
    });

    api.get('/faults', async () => control.faults());
    api.post('/faults', async (request) => {
      const b = (request.body ?? {}) as Body;
      return control.fail({
        ...(typeof b.error500 === 'number' || typeof b.error500 === 'boolean' ? { error500: b.error500 } : {}),
        ...(typeof b.slowMs === 'number' ? { slowMs: b.slowMs } : {}),
        ...(typeof b.duplicate === 'boolean' ? { duplicate: b.duplicate } : {}),
      });
    });

    // `{ mode: 'refuse' | '503', forMs }`: refused connections need forMs (no one could call /_sim/up).
    api.post('/down', async (request, reply) => {
      const b = (request.body ?? {}) as Body;
      const mode = b.mode === '503' ? '503' : 'refuse';
      const forMs = typeof b.forMs === 'number' && b.forMs > 0 ? b.forMs : undefined;
      if (mode === 'refuse' && forMs === undefined) return reply.code(400).send(bad('refuse needs forMs'));
      // Answer first: closing the listener also closes this connection.
      setImmediate(() => void control.down(mode, forMs));
      return reply.code(202).send({ mode, forMs: forMs ?? null });
    });
    api.post('/up', async () => {
      await control.up();
      return control.faults();
    });
    api.post('/reset', async () => {
      await control.reset();
      return control.faults();
    });
    api.post('/clear', async (_request, reply) => {
      control.clear();
      return reply.code(204).send();
    });
    api.post('/revoke-tokens', async (_request, reply) => {
      control.revokeTokens();
      return reply.code(204).send();
    });

    api.get('/flows', async (request) => {
      const q = request.query as { clientId?: string; trackingId?: string; direction?: string };
      const direction = q.direction === 'In' || q.direction === 'Out' ? q.direction : undefined;
      return control.flows({
        ...(q.clientId ? { clientId: q.clientId } : {}),
        ...(q.trackingId ? { trackingId: q.trackingId } : {}),
        ...(direction ? { direction } : {}),
      });
    });

    api.post('/flows/:flowId/status', async (request, reply) => {
      const { flowId } = request.params as { flowId: string };
      const b = (request.body ?? {}) as Body;
      const code = String(b.code);
      if (!(LIFECYCLE_CODES as readonly string[]).includes(code))
        return reply.code(400).send(bad('Unknown status code'));
      const done = control.status(
        flowId,
        code as TLifecycleCode,
        typeof b.reasonCode === 'string' ? (b.reasonCode as TLifecycleReasonCode) : undefined,
        typeof b.note === 'string' ? b.note : undefined,
      );
      return done ? reply.code(202).send({ flowId, code }) : reply.code(404).send(bad('No invoice flow with that id'));
    });

    api.get('/webhook-calls', async () => control.webhookCalls());
  };
}
