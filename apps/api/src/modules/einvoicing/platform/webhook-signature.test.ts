import { describe, expect, it } from 'vitest';
import { newSigningKey, signWebhook, verifyWebhookSignature } from './webhook-signature';

const key = newSigningKey();
const body = JSON.stringify({ flowId: 'f-1', flowType: 'SupplierInvoice', updatedAt: '2026-09-01T10:00:00Z' });
const now = 1_788_000_000;

describe('AFNOR webhook signature', () => {
  it('accepts a call signed with the key, over the raw body, within the tolerance', () => {
    const headers = signWebhook(key, body, now - 10);
    expect(verifyWebhookSignature(key, headers, body, now)).toEqual({ ok: true, timestamp: now - 10 });
    expect(verifyWebhookSignature(key, headers, Buffer.from(body), now).ok).toBe(true);
    // Headers as Node hands them over: lower case.
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(verifyWebhookSignature(key, lower, body, now).ok).toBe(true);
  });

  it('follows the spec: base64 HMAC-SHA256 of the hex SHA-256 of "<body>@<t>"', async () => {
    const { createHash, createHmac } = await import('node:crypto');
    const fingerprint = createHash('sha256').update(`${body}@${now}`).digest('hex');
    const expected = createHmac('sha256', Buffer.from(key, 'base64')).update(fingerprint).digest('base64');
    expect(signWebhook(key, body, now)).toEqual({ 'Afnor-Signature': expected, 'Afnor-Signature-Timestamp': `${now}` });
  });

  it('refuses a bad signature: another key, another body, another timestamp', () => {
    const headers = signWebhook(key, body, now);
    expect(verifyWebhookSignature(newSigningKey(), headers, body, now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyWebhookSignature(key, headers, body.replace('f-1', 'f-2'), now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    const moved = { ...headers, 'Afnor-Signature-Timestamp': String(now - 1) };
    expect(verifyWebhookSignature(key, moved, body, now)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses a replayed call (too old) and one from too far ahead', () => {
    expect(verifyWebhookSignature(key, signWebhook(key, body, now - 301), body, now)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verifyWebhookSignature(key, signWebhook(key, body, now + 301), body, now).ok).toBe(false);
    expect(verifyWebhookSignature(key, signWebhook(key, body, now - 60), body, now, 30).ok).toBe(false);
  });

  it('refuses missing headers', () => {
    const headers = signWebhook(key, body, now);
    expect(verifyWebhookSignature(key, {}, body, now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyWebhookSignature(key, { 'Afnor-Signature-Timestamp': `${now}` }, body, now)).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(verifyWebhookSignature(key, { 'Afnor-Signature': headers['Afnor-Signature'] }, body, now)).toEqual({
      ok: false,
      reason: 'missing',
    });
  });

  it('refuses malformed headers', () => {
    const good = signWebhook(key, body, now);
    for (const bad of [
      { ...good, 'Afnor-Signature-Timestamp': 'yesterday' },
      { ...good, 'Afnor-Signature-Timestamp': '-5' },
      { ...good, 'Afnor-Signature': 'not base64!' },
      { ...good, 'Afnor-Signature': Buffer.from('short').toString('base64') },
      { ...good, 'Afnor-Signature': `t=${now},v1=${'a'.repeat(64)}` },
    ]) {
      expect(verifyWebhookSignature(key, bad, body, now)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});
