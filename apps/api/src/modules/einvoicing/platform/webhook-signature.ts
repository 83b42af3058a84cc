import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The signature of an AFNOR XP Z12-013 webhook call, as the Flow Service's createWebhook describes it:
 *   fingerprint = SHA-256 of `<raw JSON body>@<epoch seconds>`, written as lower-case hex (the spec's own notation
 *                 for a SHA-256 fingerprint, FlowInfo.sha256);
 *   signature   = HMAC-SHA256(signing key, fingerprint), base64;
 *   headers     = `Afnor-Signature: <signature>` and `Afnor-Signature-Timestamp: <epoch seconds>`.
 * The signing key is the one the platform returned at subscription, base64 (256 bits); its decoded bytes are the
 * HMAC key. The spec leaves the fingerprint's encoding and the key's decoding implicit: these are our reading.
 */

export const SIGNATURE_HEADER = 'Afnor-Signature';
export const TIMESTAMP_HEADER = 'Afnor-Signature-Timestamp';

/** A fresh 256-bit signing key, base64 (what a platform hands out at subscription). */
export function newSigningKey(): string {
  return randomBytes(32).toString('base64');
}

function signature(secret: string, body: string | Buffer, t: number): Buffer {
  const fingerprint = createHash('sha256')
    .update(Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'))
    .update(`@${t}`)
    .digest('hex');
  return createHmac('sha256', Buffer.from(secret, 'base64')).update(fingerprint).digest();
}

/** The two headers of a call carrying `body`, sent at `t` (epoch seconds). */
export function signWebhook(
  secret: string,
  body: string | Buffer,
  t: number,
): { 'Afnor-Signature': string; 'Afnor-Signature-Timestamp': string } {
  return { [SIGNATURE_HEADER]: signature(secret, body, t).toString('base64'), [TIMESTAMP_HEADER]: String(t) };
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export type WebhookVerdict =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'expired' };

function header(headers: WebhookHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

const BASE64_SHA256 = /^[A-Za-z0-9+/]{43}=$/;

/**
 * Checks a webhook call against the signing key: both headers present and well formed, the signature that of the
 * raw body (the bytes as received, before any JSON parsing), and the timestamp within `toleranceSeconds` of
 * `now` (epoch seconds) either way, so a captured call cannot be replayed later.
 */
export function verifyWebhookSignature(
  secret: string,
  headers: WebhookHeaders,
  rawBody: string | Buffer,
  now: number = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): WebhookVerdict {
  const sent = header(headers, SIGNATURE_HEADER)?.trim();
  const stamp = header(headers, TIMESTAMP_HEADER)?.trim();
  if (!sent || !stamp) return { ok: false, reason: 'missing' };
  if (!/^\d{1,15}$/.test(stamp) || !BASE64_SHA256.test(sent)) return { ok: false, reason: 'malformed' };
  const t = Number(stamp);
  const expected = signature(secret, rawBody, t);
  if (!timingSafeEqual(Buffer.from(sent, 'base64'), expected)) return { ok: false, reason: 'mismatch' };
  if (Math.abs(now - t) > toleranceSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, timestamp: t };
}
