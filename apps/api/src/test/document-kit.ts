import { expect, it } from 'vitest';
import type { AnyDocumentType } from '../platform/documents/document-type';
import { pdfText } from '../platform/pdf/pdf-text';
import { apiCalls, type TestContext } from './helper';

const api = '/backend/api';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Doc = { id: number; number: string | null; status: string; totals?: unknown };

/** What the test kit needs to run a document type's common rules through its routes. */
export type DocumentFixtures = {
  ctx: TestContext;
  /** The type's routes (`/purchase-orders`); `platformPath` for the super admin's (`/platform/platform-orders`). */
  path: string;
  platformPath?: string;
  /** Every status of the type (the contract's list), and those its status-change body accepts. */
  statuses: readonly string[];
  bodyStatuses: readonly string[];
  /** Tokens, read once the file's `beforeAll` ran: an administrator, another tenant's, a read-only user, the super admin. */
  tokens: () => { admin: string; otherTenant: string; reader: string; superAdmin?: string };
  /** A valid body of a new document in the administrator's tenant; `lines` lines (default 1). */
  body: (lines?: number) => object;
  /** A body and the totals its document must have (priced types). */
  totals?: { body: () => object; expected: object };
};

/**
 * The rules every document type keeps, run through its routes for any declaration: 50 concurrent numberings are
 * contiguous; every change the type does not declare is a 409 `invalid_transition`; a status that is not editable
 * refuses writes (409 `document_locked`); another tenant's document is a 404 on every route; a read-only user
 * gets 403 on every write; totals and the stored VAT breakdown; the history of creation and changes.
 */
export function describeDocumentType(type: AnyDocumentType, f: DocumentFixtures) {
  const { call, ok } = apiCalls<Doc>(f.ctx, () => f.tokens().admin);
  const create = (lines = 1) => ok('POST', f.path, f.body(lines));
  const actorOf = (side: string | undefined) => (side === 'platform' ? 'platform' : 'tenant');
  const transitions = type.transitions as readonly { from: string; to: string; side?: string }[];
  const first = transitions[0]!.from;

  /** A new document moved along declared changes into `status` (breadth first from the first status). */
  async function inStatus(status: string): Promise<Doc> {
    const paths = new Map<string, { to: string; side?: string }[]>([[first, []]]);
    const queue = [first];
    while (queue.length) {
      const from = queue.shift()!;
      for (const t of transitions.filter((x) => x.from === from && !paths.has(x.to))) {
        paths.set(t.to, [...paths.get(from)!, t]);
        queue.push(t.to);
      }
    }
    let doc = await create();
    for (const step of paths.get(status)!) {
      const platform = actorOf(step.side) === 'platform';
      doc = await ok(
        'POST',
        `${platform ? f.platformPath : f.path}/${doc.id}/status`,
        { status: step.to },
        platform ? f.tokens().superAdmin : undefined,
      );
    }
    expect(doc.status).toBe(status);
    return doc;
  }
  const reachable = () => [first, ...new Set(transitions.map((t) => t.to))];

  it(`${type.noun}: numbers 50 documents issued at once contiguously, without duplicates`, async () => {
    const issued =
      type.numberAt === 'create'
        ? await Promise.all(Array.from({ length: 50 }, () => create()))
        : await Promise.all(
            (await Promise.all(Array.from({ length: 50 }, () => create()))).map((d) =>
              ok('POST', `${f.path}/${d.id}/status`, { status: type.numberAt }),
            ),
          );
    const numbers = issued.map((d) => d.number!);
    const year = Number(numbers[0]!.split('-')[1]);
    expect(year).toBeGreaterThanOrEqual(2026);
    expect(numbers.every((n) => n.startsWith(`${type.series}-${year}-`))).toBe(true);
    const values = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(new Set(values).size).toBe(50);
    expect(values[49]! - values[0]!).toBe(49);
  });

  it(`${type.noun}: refuses every change of status it does not declare (409 invalid_transition)`, async () => {
    for (const from of reachable()) {
      const doc = await inStatus(from);
      for (const to of f.bodyStatuses) {
        const declared = transitions.find((t) => t.from === from && t.to === to);
        if (declared && actorOf(declared.side) === 'tenant') continue;
        const res = await call('POST', `${f.path}/${doc.id}/status`, { status: to });
        if (declared) expect(res.statusCode, `${from} → ${to} is the platform's`).toBe(403);
        else expect([res.statusCode, res.json().code], `${from} → ${to}`).toEqual([409, 'invalid_transition']);
      }
      expect((await call('POST', `${f.path}/${doc.id}/status`, { status: 'lost' })).statusCode).toBe(400);
    }
  });

  it(`${type.noun}: refuses writes in a status that is not editable (409 document_locked)`, async () => {
    for (const status of reachable()) {
      const doc = await inStatus(status);
      if (type.editable.length && !type.editable.includes(status)) {
        const res = await call('PUT', `${f.path}/${doc.id}`, f.body());
        expect([res.statusCode, res.json().code], `PUT in ${status}`).toEqual([409, 'document_locked']);
      }
      if (type.deletable?.length && !type.deletable.includes(status)) {
        const res = await call('DELETE', `${f.path}/${doc.id}`);
        expect([res.statusCode, res.json().code], `DELETE in ${status}`).toEqual([409, 'document_locked']);
      }
    }
    if (type.editable.length) {
      const doc = await inStatus(type.editable[0]!);
      await ok('PUT', `${f.path}/${doc.id}`, f.body(2));
    }
    if (type.deletable?.length) {
      const doc = await inStatus(type.deletable[0]!);
      await ok('DELETE', `${f.path}/${doc.id}`);
      expect((await call('GET', `${f.path}/${doc.id}`)).statusCode).toBe(404);
    }
  });

  it(`${type.noun}: is a 404 for another tenant on every route, and read-only for a reader (403)`, async () => {
    const doc = await create();
    const { otherTenant, reader } = f.tokens();
    const one = `${f.path}/${doc.id}`;
    const reads: [Method, string][] = [
      ['GET', one],
      ['GET', `${one}/pdf`],
      ['GET', `${one}/history`],
    ];
    const writes: [Method, string, object?][] = [
      ['POST', `${one}/status`, { status: f.bodyStatuses.at(-1) }],
      ...(type.editable.length ? [['PUT', one, f.body()] as [Method, string, object]] : []),
      ...(type.deletable?.length ? [['DELETE', one] as [Method, string]] : []),
    ];
    for (const [method, url, body] of [...reads, ...writes]) {
      const res = await call(method, url, body, otherTenant);
      // A PUT fails on its body's references of the first tenant or on the document: never reaches it.
      expect(method === 'PUT' ? [404, 400] : [404], `${method} ${url}`).toContain(res.statusCode);
    }
    const list = await ok<{ items: Doc[] }>('GET', `${f.path}?limit=100`, undefined, otherTenant);
    expect(list.items.some((d) => d.id === doc.id)).toBe(false);
    for (const [method, url] of reads) expect((await call(method, url, undefined, reader)).statusCode).toBe(200);
    for (const [method, url, body] of [...writes, ['POST', f.path, f.body()] as [Method, string, object]])
      expect((await call(method, url, body, reader)).statusCode, `${method} ${url}`).toBe(403);
    expect((await f.ctx.app.inject({ method: 'GET', url: `${api}${f.path}` })).statusCode).toBe(401);
    expect((await call('GET', `${f.path}/2147483648`)).statusCode).toBe(400);
    // The PDF prints what the document says: its number, once it has one.
    const text = await pdfText((await call('GET', `${one}/pdf`)).rawPayload);
    if (doc.number) expect(text).toContain(doc.number);
  });

  if (f.totals)
    it(`${type.noun}: answers the totals and the VAT breakdown stored with the document`, async () => {
      const doc = await ok('POST', f.path, f.totals!.body());
      expect(doc.totals).toEqual(f.totals!.expected);
      expect((await ok('GET', `${f.path}/${doc.id}`)).totals).toEqual(f.totals!.expected);
    });

  it(`${type.noun}: keeps its history: creation, then each change of status with its note`, async () => {
    const doc = await create();
    const declared = transitions.find((t) => t.from === doc.status && actorOf(t.side) === 'tenant')!;
    await ok('POST', `${f.path}/${doc.id}/status`, { status: declared.to, note: 'Note du changement' });
    const history = await ok<{ action: string; changes: { field: string; from: unknown; to: unknown }[] }[]>(
      'GET',
      `${f.path}/${doc.id}/history`,
    );
    expect(history.map((h) => h.action)).toEqual(['created', 'status']);
    expect(history[1]!.changes).toEqual([
      { field: 'status', from: doc.status, to: declared.to },
      { field: 'note', from: null, to: 'Note du changement' },
    ]);
  });
}
