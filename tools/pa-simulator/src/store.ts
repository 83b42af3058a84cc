import { randomBytes, randomUUID } from 'node:crypto';

/*
 * What the simulated platform knows, in memory: accounts (an OAuth2 client acting for one company), the directory
 * (the companies it can address), flows per account, webhooks, tokens. Shapes follow AFNOR XP Z12-013 names.
 */

export type FlowSyntax = 'CII' | 'UBL' | 'Factur-X' | 'CDAR' | 'FRR';
export type FlowDirection = 'In' | 'Out';
export type FlowType = 'CustomerInvoice' | 'SupplierInvoice' | 'CustomerInvoiceLC' | 'SupplierInvoiceLC';
export type AckStatus = 'Pending' | 'Ok' | 'Error';
export type AckDetail = { level: 'Error' | 'Warning'; item: string; reasonCode: string; reasonMessage: string };

export type Account = {
  clientId: string;
  clientSecret: string;
  /** The company the client acts for; its invoices are addressed to this SIREN. */
  siren: string;
  name: string;
  /** The value an `Organization-Id` header must carry (the SIREN unless told otherwise). */
  organizationId: string;
  sirets: string[];
};

/** A company of the directory. `line` is its SIREN-level directory line (null: none, it cannot receive). */
export type Company = { siren: string; name: string; line: 'Enabled' | 'Disabled' | null; sirets: string[] };

export type SimFlow = {
  flowId: string;
  /** The account that sees the flow. */
  clientId: string;
  trackingId?: string;
  name: string;
  syntax: FlowSyntax;
  profile: 'Basic' | 'CIUS' | 'Extended-CTC-FR' | 'Undefined';
  processingRule: string;
  processingRuleSource: 'Input' | 'Computed';
  type: FlowType;
  direction: FlowDirection;
  ack: { status: AckStatus; details?: AckDetail[] };
  submittedAt: string;
  updatedAt: string;
  file: Buffer;
  contentType: string;
  sha256: string;
};

export type Webhook = {
  uid: string;
  clientId: string;
  callbackUrl: string;
  flowDirection?: FlowDirection;
  flowTypes?: string[];
  signingKey: string;
  createdAt: string;
};

export type Store = ReturnType<typeof createStore>;

export function createStore(options: { tokenTtlSeconds: number }) {
  const accounts = new Map<string, Account>();
  const companies = new Map<string, Company>();
  const flows = new Map<string, SimFlow>();
  const webhooks = new Map<string, Webhook>();
  const tokens = new Map<string, { clientId: string; expiresAt: number }>();
  let lastStamp = 0;

  /** Strictly increasing ISO timestamps, so `updatedAfter` (a strict comparison) never skips a flow. */
  function stamp(): string {
    lastStamp = Math.max(Date.now(), lastStamp + 1);
    return new Date(lastStamp).toISOString();
  }

  return {
    accounts,
    companies,
    flows,
    webhooks,

    stamp,

    addAccount(input: {
      clientId: string;
      clientSecret: string;
      siren: string;
      name: string;
      organizationId?: string;
      sirets?: string[];
    }): Account {
      if (!/^\d{9}$/.test(input.siren)) throw new Error(`A SIREN has 9 digits: "${input.siren}"`);
      const account: Account = {
        clientId: input.clientId,
        clientSecret: input.clientSecret,
        siren: input.siren,
        name: input.name,
        organizationId: input.organizationId ?? input.siren,
        sirets: input.sirets ?? [],
      };
      accounts.set(account.clientId, account);
      companies.set(account.siren, {
        siren: account.siren,
        name: account.name,
        line: 'Enabled',
        sirets: account.sirets,
      });
      return account;
    },

    /** A company on another platform (or on none, `line: null`): in the directory, not an account here. */
    addCompany(input: { siren: string; name: string; line?: Company['line']; sirets?: string[] }): Company {
      const company: Company = {
        siren: input.siren,
        name: input.name,
        line: input.line === undefined ? 'Enabled' : input.line,
        sirets: input.sirets ?? [],
      };
      companies.set(company.siren, company);
      return company;
    },

    accountBySiren(siren: string): Account | undefined {
      for (const account of accounts.values()) if (account.siren === siren) return account;
      return undefined;
    },

    issueToken(clientId: string): { token: string; expiresIn: number } {
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, { clientId, expiresAt: Date.now() + options.tokenTtlSeconds * 1000 });
      return { token, expiresIn: options.tokenTtlSeconds };
    },

    accountOfToken(token: string): Account | undefined {
      const entry = tokens.get(token);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        tokens.delete(token);
        return undefined;
      }
      return accounts.get(entry.clientId);
    },

    /** Forgets every token: the next call of each client needs a new one (a platform restart, a key rotation). */
    revokeTokens() {
      tokens.clear();
    },

    addFlow(flow: Omit<SimFlow, 'flowId' | 'submittedAt' | 'updatedAt'>): SimFlow {
      const at = stamp();
      const stored: SimFlow = { ...flow, flowId: randomUUID(), submittedAt: at, updatedAt: at };
      flows.set(stored.flowId, stored);
      return stored;
    },

    flowsOf(clientId: string): SimFlow[] {
      return [...flows.values()].filter((f) => f.clientId === clientId);
    },

    reset() {
      flows.clear();
      webhooks.clear();
    },
  };
}
