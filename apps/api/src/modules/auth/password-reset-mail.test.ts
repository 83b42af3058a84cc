import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, platformRows, setupTestApp, userIdOf } from '../../test/helper';

/** A real SMTP server in the test process: what the app sends arrives here over SMTP. */
const received: { from: string; to: string[]; text: string }[] = [];
let refuse = false;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(_address, _session, callback) {
    if (!refuse) return callback();
    callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        text: decodeMessage(Buffer.concat(chunks).toString('latin1')),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
const port = (smtp.server.address() as AddressInfo).port;

/** The message's headers and quoted-printable text, decoded (UTF-8 words in headers too). */
function decodeMessage(raw: string): string {
  const bytes = raw
    // Adjacent encoded words of a folded header are one text.
    .replace(/\?=\s+=\?UTF-8\?Q\?/gi, '')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, word: string) => word.replaceAll('_', ' '))
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const ctx = await setupTestApp({
  mail: {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Tagstock <no-reply@tagstock.test>',
    publicUrl: 'https://stock.example.fr',
  },
});
let superToken = '';
beforeAll(async () => {
  superToken = await ctx.token('super@tagstock.test');
});
const { call } = apiCalls(ctx, () => superToken);

const userId = (email: string) => userIdOf(ctx.database.db, email);
const reset = (token: string, newPassword: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/backend/api/auth/password-reset',
    payload: { token, newPassword, confirmation: newPassword },
  });
const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/backend/api/auth/sign-in', payload: { email, password } });
const tokenOf = (path: string) => path.split('#token=')[1]!;
const LINK = /https:\/\/stock\.example\.fr\/auth\/reset-password#token=([A-Za-z0-9_-]{43})/;

describe('password-reset links e-mailed through SMTP (a real SMTP server in the test)', () => {
  it('e-mails the link in the user’s language, never shows it to the super admin, and the link works', async () => {
    const id = await userId('viewer@demo.test');
    expect((await call('GET', '/platform/mail')).json()).toEqual({ enabled: true });
    // No choice given: e-mailed, since the server sends mail.
    const created = await call('POST', `/platform/users/${id}/password-reset`);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ path: null, emailedTo: 'viewer@demo.test' });
    expect(created.body).not.toContain('token');

    // Sent before the answer: the server acknowledged the message before the request returned.
    const mail = received.at(-1)!;
    expect(mail.from).toBe('no-reply@tagstock.test');
    expect(mail.to).toEqual(['viewer@demo.test']);
    // A profile that follows the browser gets French.
    expect(mail.text).toContain('Tagstock\u202f: définir votre mot de passe');
    expect(mail.text).toContain('Il sert une fois, dans les 24 heures');
    const token = LINK.exec(mail.text)![1]!;
    expect((await reset(token, 'par-courriel-42')).statusCode).toBe(200);
    expect((await signIn('viewer@demo.test', 'par-courriel-42')).statusCode).toBe(200);

    // An English profile gets English.
    await platformRows(ctx.database.db, sql`update users set language = 'en' where id = ${id}`);
    expect((await call('POST', `/platform/users/${id}/password-reset`)).statusCode).toBe(201);
    expect(received.at(-1)!.text).toContain('Tagstock: set your password');
    expect(received.at(-1)!.text).toMatch(LINK);
  });

  it('says when the mail server refuses, and leaves the user’s earlier link working', async () => {
    const id = await userId('mobile@demo.test');
    // A link handed over earlier: shown to the super admin, who asked for it.
    const handed = await call('POST', `/platform/users/${id}/password-reset`, { by: 'link' });
    expect(handed.json()).toMatchObject({ emailedTo: null });
    const earlier = tokenOf(handed.json().path);
    const count = received.length;
    refuse = true;
    try {
      const res = await call('POST', `/platform/users/${id}/password-reset`);
      expect(res.statusCode).toBe(502);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'mail_failed', status: 502 });
      expect(res.json().detail).toMatch(/^The e-mail could not be sent: .*Mailbox unavailable/);
      expect(res.body).not.toMatch(/\bat \S+\.(ts|js|mjs):\d+/);
    } finally {
      refuse = false;
    }
    expect(received.length).toBe(count);
    expect((await reset(earlier, 'encore-valable-42')).statusCode).toBe(200);

    // Once a new link is e-mailed, the earlier ones are spent.
    const replaced = tokenOf((await call('POST', `/platform/users/${id}/password-reset`, { by: 'link' })).json().path);
    expect((await call('POST', `/platform/users/${id}/password-reset`, { by: 'email' })).statusCode).toBe(201);
    expect((await reset(replaced, 'plus-valable-42')).json().code).toBe('reset_link_invalid');
  });
});
