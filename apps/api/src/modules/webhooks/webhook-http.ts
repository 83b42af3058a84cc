import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolvePublic } from '../../platform/webhooks/address';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is kept of a refusing receiver's answer, for the delivery log. */
const ANSWER_KEPT = 300;

export type PostResult = { status: number; answer: string };

/**
 * POSTs a body to a URL, connected to the address the SSRF rule checked (the name is not resolved again: TLS still
 * checks the certificate against the host name). No redirect is followed; the whole call is bounded by `timeoutMs`.
 */
export async function postJson(
  target: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs?: number },
): Promise<PostResult> {
  const url = new URL(target);
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const checked = await resolvePublic(url, opts.allowPrivate);
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [checked]);
    else callback(null, checked.address, checked.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: pinned,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Tagstock-Webhooks/1',
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < ANSWER_KEPT) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        res.on('end', () => {
          clearTimeout(deadline);
          resolve({
            status: res.statusCode ?? 0,
            answer: Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_KEPT),
          });
        });
        res.on('error', (err) => {
          clearTimeout(deadline);
          reject(err);
        });
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    req.on('error', (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    req.end(body);
  });
}
