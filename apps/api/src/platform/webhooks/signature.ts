import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * `Tagstock-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` (docs/webhooks.md): the
 * timestamp is signed with the body, so a receiver that checks both refuses a replayed or altered call.
 */

/** A new endpoint's signing secret: 32 random bytes, `whsec_` + base64url. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export const signatureOf = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The `Tagstock-Signature` header of a body sent at `timestamp` (unix seconds). */
export const signatureHeader = (secret: string, timestamp: number, body: string) =>
  `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;

/**
 * What a receiver does (and the tests): the header parsed, the HMAC compared in constant time, the timestamp
 * within `toleranceS` of `now` (unix seconds).
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string,
  opts: { now?: number; toleranceS?: number } = {},
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((p) => {
      const at = p.indexOf('=');
      return [p.slice(0, at).trim(), p.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (opts.toleranceS ?? 300)) return false;
  return timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(signatureOf(secret, t, body), 'hex'));
}
