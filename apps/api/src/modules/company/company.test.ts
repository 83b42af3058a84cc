import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../db/client';
import { multipartFile, platformRows, setupTestApp } from '../../test/helper';
import { companyForDocuments } from './company.service';

const ctx = await setupTestApp();
const api = '/backend/api';
type Method = 'GET' | 'PUT' | 'DELETE';
type FieldError = { field: string; code: string };

const admin = () => ctx.token('admin@demo.test');
const call = async (method: Method, url: string, payload?: object, token?: string) =>
  ctx.as(token ?? (await admin()), { method, url: `${api}${url}`, ...(payload ? { payload } : {}) });
const uploadLogo = async (content: Buffer | string, token?: string) =>
  ctx.as(token ?? (await admin()), { method: 'PUT', url: `${api}/company/logo`, ...multipartFile('logo', content) });
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0b5394' } });
const tenantId = async (name: 'Demo' | 'Acme') =>
  (await platformRows<{ id: number }>(ctx.database.db, sql`select id from tenants where name = ${name}`))[0]!.id;

const VALID = {
  name: 'Demo Textiles SAS',
  address: '4 rue des Tisserands',
  postcode: '59100',
  city: 'Roubaix',
  country: 'France',
  siren: '542 051 180',
  vatNumber: 'fr 59 542051180',
  email: 'Compta@Demo-Textiles.fr',
  phone: '+33 3 20 00 00 00',
  website: 'https://demo-textiles.fr',
  legalMentions: 'SAS au capital de 50 000 € — RCS Lille Métropole 542 051 180',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  bic: 'agrifrpp',
};

describe('company settings', () => {
  it('answers empty values under the tenant name before anything is saved', async () => {
    const res = await call('GET', '/company', undefined, await ctx.token('admin@acme.test'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Acme',
      address: null,
      postcode: null,
      city: null,
      country: null,
      siren: null,
      vatNumber: null,
      email: null,
      phone: null,
      website: null,
      legalMentions: null,
      iban: null,
      bic: null,
      legalForm: null,
      shareCapital: null,
      rcsCity: null,
      latePenaltyRate: null,
      supplyKind: null,
      vatOnDebits: false,
      electronicAddress: null,
      // Everything an invoice must state but the name: invoices cannot be issued yet.
      missingForInvoicing: [
        'address',
        'postcode',
        'city',
        'siren',
        'vatNumber',
        'legalForm',
        'shareCapital',
        'rcsCity',
        'latePenaltyRate',
        'supplyKind',
        'iban',
        'bic',
      ],
      hasLogo: false,
      updatedAt: null,
    });
  });

  it('saves one record per tenant, identifiers without spaces, and logs what changed', async () => {
    const saved = await call('PUT', '/company', VALID);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Demo Textiles SAS',
      siren: '542051180',
      vatNumber: 'FR59542051180',
      email: 'compta@demo-textiles.fr',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
      hasLogo: false,
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect((await call('GET', '/company')).json()).toEqual(saved.json());

    // Saving again replaces the record (never a second one); emptied fields become null.
    const again = await call('PUT', '/company', { ...VALID, phone: '', website: null });
    expect(again.json()).toMatchObject({ phone: null, website: null, siren: '542051180' });
    const rows = await platformRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from company_settings where tenant_id = ${await tenantId('Demo')}`,
    );
    expect(rows).toEqual([{ n: 1 }]);

    const logs = (await call('GET', '/logs?entity=company')).json().items as {
      action: string;
      changes: { field: string }[];
    }[];
    expect(logs[0]).toMatchObject({ action: 'updated' });
    expect(logs[0]!.changes.map((c) => c.field).sort()).toEqual(['phone', 'website']);
    expect(logs[1]!.changes.map((c) => c.field)).toEqual(expect.arrayContaining(['name', 'siren', 'legalForm']));
  });

  it('checks the SIREN key, the French VAT key and its SIREN, the IBAN checksum, the BIC and the website', async () => {
    const codes = async (payload: object) => {
      const res = await call('PUT', '/company', { ...VALID, ...payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      return Object.fromEntries((res.json().errors as FieldError[]).map((e) => [e.field, e.code]));
    };
    expect(await codes({ siren: '542051181' })).toMatchObject({ siren: 'invalid_siren' });
    expect(await codes({ siren: '54205118' })).toMatchObject({ siren: 'invalid_siren' });
    expect(await codes({ siren: '000000000', vatNumber: null })).toEqual({ siren: 'invalid_siren' });
    expect(await codes({ vatNumber: 'FR58542051180' })).toEqual({ vatNumber: 'invalid_vat_number' });
    expect(await codes({ vatNumber: 'FRAB542051180' })).toEqual({ vatNumber: 'invalid_vat_number' });
    // A valid French VAT number of another company.
    expect(await codes({ vatNumber: 'FR40303265045' })).toEqual({ vatNumber: 'vat_siren_mismatch' });
    expect(await codes({ iban: 'FR7630006000011234567890188' })).toEqual({ iban: 'invalid_iban' });
    expect(await codes({ iban: 'not an iban' })).toEqual({ iban: 'invalid_iban' });
    expect(await codes({ bic: 'AGRI' })).toEqual({ bic: 'invalid_bic' });
    expect(await codes({ website: 'javascript:alert(1)' })).toEqual({ website: 'invalid_url' });
    expect(await codes({ name: ' ', email: 'nope', legalMentions: 'x'.repeat(1001) })).toEqual({
      name: 'required',
      email: 'invalid_email',
      legalMentions: 'too_long',
    });
    expect(await codes({ logo: 'x' })).toEqual({ body: 'invalid' });
    // Where platforms deliver its invoices: a SIREN-based address of the directory or an email, nothing else.
    expect(await codes({ electronicAddress: 'chez nous' })).toEqual({ electronicAddress: 'invalid' });
    expect(await codes({ electronicAddress: '12345_678' })).toEqual({ electronicAddress: 'invalid' });
    const routed = await call('PUT', '/company', { ...VALID, electronicAddress: '542051180_54205118000012' });
    expect(routed.json().electronicAddress).toBe('542051180_54205118000012');

    // Foreign VAT numbers are checked by shape only; a French one needs no SIREN beside it.
    const foreign = await call('PUT', '/company', { ...VALID, siren: null, vatNumber: 'DE 123 456 789' });
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json()).toMatchObject({ siren: null, vatNumber: 'DE123456789' });
    const german = await call('PUT', '/company', { ...VALID, iban: 'DE89 3704 0044 0532 0130 00' });
    expect(german.json().iban).toBe('DE89370400440532013000');
  });

  it('keeps tenants apart: a tenant never reads or changes another one, the super admin has no company', async () => {
    const acme = await ctx.token('admin@acme.test');
    await call('PUT', '/company', VALID);
    expect((await call('GET', '/company', undefined, acme)).json()).toMatchObject({ name: 'Acme', siren: null });
    await call('PUT', '/company', { name: 'Acme Industries' }, acme);
    expect((await call('GET', '/company')).json()).toMatchObject({ name: 'Demo Textiles SAS', siren: '542051180' });
    const superAdmin = await ctx.token('super@tagstock.test');
    expect((await call('GET', '/company', undefined, superAdmin)).statusCode).toBe(404);
    expect((await call('GET', '/company/logo', undefined, superAdmin)).statusCode).toBe(404);
  });

  it('lets a read-only user read only (403), a user without the permission nothing, anonymous callers 401', async () => {
    const viewer = await ctx.token('viewer@demo.test');
    expect((await call('GET', '/company', undefined, viewer)).statusCode).toBe(200);
    const refused = await call('PUT', '/company', VALID, viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    const png = await picture(10, 10).png().toBuffer();
    expect((await uploadLogo(png, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', '/company/logo', undefined, viewer)).statusCode).toBe(403);

    const token = await admin();
    const role = (
      await ctx.as(token, { method: 'POST', url: `${api}/roles`, payload: { name: 'Sans société' } })
    ).json();
    await ctx.as(token, {
      method: 'POST',
      url: `${api}/roles/${role.id}/permissions`,
      payload: { permissions: ['articles.read'] },
    });
    await ctx.as(token, {
      method: 'POST',
      url: `${api}/users`,
      payload: {
        name: 'Sans Société',
        email: 'no-company@demo.test',
        roleId: role.id,
        App_Type: 'Web',
        password: 'no-company-1',
        confirmation: 'no-company-1',
      },
    });
    const none = await ctx.token('no-company@demo.test', 'no-company-1');
    expect((await call('GET', '/company', undefined, none)).statusCode).toBe(403);
    expect((await call('GET', '/company/logo', undefined, none)).statusCode).toBe(403);

    for (const [method, url] of [
      ['GET', '/company'],
      ['PUT', '/company'],
      ['GET', '/company/logo'],
      ['PUT', '/company/logo'],
      ['DELETE', '/company/logo'],
    ] as const)
      expect(
        (
          await ctx.app.inject({
            method,
            url: `${api}${url}`,
            ...(method === 'PUT' && url === '/company' ? { payload: VALID } : {}),
          })
        ).statusCode,
        `${method} ${url}`,
      ).toBe(401);
  });
});

describe('company logo', () => {
  it('stores a PNG sniffed by content, scaled down, serves it, and logs the change', async () => {
    const big = await picture(2400, 600).png().toBuffer();
    const res = await uploadLogo(big);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hasLogo).toBe(true);
    const served = await call('GET', '/company/logo');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 300]);
    const logs = (await call('GET', '/logs?entity=company')).json().items as { changes: unknown[] }[];
    expect(logs[0]!.changes).toEqual([{ field: 'logo', from: null, to: 'image/png' }]);
  });

  it('takes a JPEG too, kept at its size when small enough', async () => {
    const jpeg = await picture(320, 200).jpeg().toBuffer();
    expect((await uploadLogo(jpeg)).statusCode).toBe(200);
    const served = await call('GET', '/company/logo');
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 200]);
  });

  it('refuses what a document cannot print: other formats, disguised files, broken or oversized images', async () => {
    const refused = async (content: Buffer | string, status: number) => {
      const res = await uploadLogo(content);
      expect(res.statusCode).toBe(status);
      return res.json().code as string;
    };
    expect(await refused(await picture(10, 10).webp().toBuffer(), 415)).toBe('unsupported_image');
    expect(await refused(await picture(10, 10).gif().toBuffer(), 415)).toBe('unsupported_image');
    expect(await refused('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 415)).toBe(
      'unsupported_image',
    );
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    expect(await refused(broken, 415)).toBe('unsupported_image');
    const oversized = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2 * 1024 * 1024)]);
    expect(await refused(oversized, 413)).toBe('payload_too_large');
    const json = await ctx.as(await admin(), { method: 'PUT', url: `${api}/company/logo`, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('is removed on request (then 404), and a logo alone creates the record under the tenant name', async () => {
    const token = await admin();
    expect((await uploadLogo(await picture(40, 40).png().toBuffer(), token)).statusCode).toBe(200);
    const removed = await call('DELETE', '/company/logo', undefined, token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().hasLogo).toBe(false);
    expect((await call('GET', '/company/logo', undefined, token)).statusCode).toBe(404);
    expect((await call('DELETE', '/company/logo', undefined, token)).statusCode).toBe(404);

    // Acme never saved its settings in this test: its logo comes first.
    const acme = await ctx.token('admin@acme.test');
    await call('PUT', '/company', { name: 'Acme' }, acme);
    const first = await uploadLogo(await picture(40, 40).png().toBuffer(), acme);
    expect(first.json()).toMatchObject({ name: 'Acme', hasLogo: true });
  });
});

describe('companyForDocuments', () => {
  it('gives the PDF renderer the issuer block and the logo bytes, or the tenant name alone', async () => {
    const demo = await tenantId('Demo');
    await call('PUT', '/company', VALID);
    const jpeg = await picture(100, 50).jpeg().toBuffer();
    await uploadLogo(jpeg);
    const company = await withTenant(ctx.database.db, demo, (tx) => companyForDocuments(tx, demo));
    expect(company).toMatchObject({
      name: 'Demo Textiles SAS',
      address: '4 rue des Tisserands',
      postalCode: '59100',
      city: 'Roubaix',
      country: 'France',
      siren: '542051180',
      vatNumber: 'FR59542051180',
      email: 'compta@demo-textiles.fr',
      phone: '+33 3 20 00 00 00',
      legalMentions: VALID.legalMentions,
      iban: 'FR7630006000011234567890189',
      logo: { mimeType: 'image/jpeg', data: expect.any(Buffer) },
    });
    expect((await sharp(company.logo!.data).metadata()).width).toBe(100);

    const [fresh] = await platformRows<{ id: number }>(
      ctx.database.db,
      sql`insert into tenants (name) values ('Sans réglages') returning id`,
    );
    const bare = await withTenant(ctx.database.db, fresh!.id, (tx) => companyForDocuments(tx, fresh!.id));
    expect(bare).toMatchObject({ name: 'Sans réglages', siren: null, postalCode: null, logo: null });
  });
});
