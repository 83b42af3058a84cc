import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  COMPANY_LOGO_MAX_BYTES,
  companyMissingForInvoicing,
  type TSupplyKind,
  type TCompanyLogoMime as LogoMime,
  type TCompanySettings,
  type TCompanySettingsValues,
} from '@tagstock/contract';
import { queryRows, type Db, type Tx } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { diff, logActivity } from '../../platform/activity-log';
import { tenantScope, type AuthContext } from '../../platform/auth';
import { AppError, notFound } from '../../platform/errors';
import { sniffImage } from '../../platform/uploads';
import { companySettings } from './company.schema';

/** A logo larger than this is scaled down: documents print it a few centimetres wide. */
const LOGO_MAX_SIDE = 1200;

/** The tenant's settings, or empty values under the tenant's name when never saved (one row per tenant). */
async function read(tx: Tx, tenantId: number): Promise<TCompanySettings> {
  const [row] = await queryRows<Omit<TCompanySettings, 'missingForInvoicing'>>(
    tx,
    sql`select coalesce(c.name, t.name) as name, c.address, c.postcode, c.city, c.country, c.siren,
          c.vat_number as "vatNumber", c.email, c.phone, c.website, c.legal_mentions as "legalMentions", c.iban,
          c.bic, c.legal_form as "legalForm", c.share_capital::text as "shareCapital", c.rcs_city as "rcsCity",
          c.late_penalty_rate::text as "latePenaltyRate", c.supply_kind as "supplyKind",
          coalesce(c.vat_on_debits, false) as "vatOnDebits", c.electronic_address as "electronicAddress",
          coalesce(c.logo_mime is not null, false) as "hasLogo", ${isoUtc(sql`c.updated_at`)} as "updatedAt"
        from tenants t left join company_settings c on c.tenant_id = t.id
        where t.id = ${tenantId}`,
  );
  if (!row) throw notFound('Client');
  return { ...row, missingForInvoicing: companyMissingForInvoicing(row) };
}

async function logoOf(tx: Tx, tenantId: number): Promise<{ data: Buffer; mimeType: LogoMime } | null> {
  const [row] = await tx
    .select({ data: companySettings.logo, mimeType: companySettings.logoMime })
    .from(companySettings)
    .where(eq(companySettings.tenantId, tenantId));
  return row?.data && row.mimeType ? { data: row.data, mimeType: row.mimeType as LogoMime } : null;
}

const unsupported = () =>
  new AppError(415, 'unsupported_image', 'Send a PNG or JPEG image', [
    { field: 'file', message: 'unsupported image', code: 'invalid' },
  ]);

/**
 * A logo as it will be stored: only PNG or JPEG by their first bytes (what a PDF embeds), decoded for real,
 * turned upright, scaled down to LOGO_MAX_SIDE and re-encoded in its own format (metadata dropped).
 */
export async function normalizeLogo(data: Buffer): Promise<{ data: Buffer; mimeType: LogoMime }> {
  if (data.length > COMPANY_LOGO_MAX_BYTES) throw new AppError(413, 'payload_too_large', 'A logo may not exceed 2 MB');
  const mimeType = sniffImage(data);
  if (mimeType !== 'image/png' && mimeType !== 'image/jpeg') throw unsupported();
  try {
    const image = sharp(data)
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    const out = mimeType === 'image/png' ? image.png() : image.jpeg({ quality: 90 });
    return { data: await out.toBuffer(), mimeType };
  } catch {
    // The signature matched but the picture does not decode.
    throw unsupported();
  }
}

export function createCompanyService(db: Db) {
  const scoped = tenantScope(db);

  /** Creates the tenant's row under its name when there is none yet (a logo may come before the rest). */
  const ensureRow = async (tx: Tx, tenantId: number, name: string) => {
    await tx.insert(companySettings).values({ tenantId, name }).onConflictDoNothing();
  };

  const log = (tx: Tx, auth: AuthContext, tenantId: number, summary: string, changes: ReturnType<typeof diff>) =>
    logActivity(tx, {
      tenantId,
      userId: auth.userId,
      entity: 'company',
      entityId: null,
      action: 'updated',
      summary,
      changes,
    });

  return {
    get: (auth: AuthContext) => scoped(auth, read),

    save: (auth: AuthContext, values: TCompanySettingsValues) =>
      scoped(auth, async (tx, tenantId) => {
        const before = await read(tx, tenantId);
        await tx
          .insert(companySettings)
          .values({ tenantId, ...values })
          .onConflictDoUpdate({ target: companySettings.tenantId, set: { ...values, updatedAt: new Date() } });
        const after = await read(tx, tenantId);
        const { updatedAt: _b, hasLogo: _bl, missingForInvoicing: _bm, ...was } = before;
        const { updatedAt: _a, hasLogo: _al, missingForInvoicing: _am, ...now } = after;
        const changes = diff(was, now);
        if (changes.length) await log(tx, auth, tenantId, after.name, changes);
        return after;
      }),

    setLogo: async (auth: AuthContext, upload: Buffer) => {
      // Decoded and re-encoded before the transaction: it holds no connection while the image is worked on.
      const logo = await normalizeLogo(upload);
      return scoped(auth, async (tx, tenantId) => {
        const before = await read(tx, tenantId);
        await ensureRow(tx, tenantId, before.name);
        await tx
          .update(companySettings)
          .set({ logo: logo.data, logoMime: logo.mimeType, updatedAt: new Date() })
          .where(eq(companySettings.tenantId, tenantId));
        await log(tx, auth, tenantId, before.name, [{ field: 'logo', from: null, to: logo.mimeType }]);
        return read(tx, tenantId);
      });
    },

    getLogo: (auth: AuthContext) =>
      scoped(auth, async (tx, tenantId) => {
        const logo = await logoOf(tx, tenantId);
        if (!logo) throw notFound('logo');
        return logo;
      }),

    removeLogo: (auth: AuthContext) =>
      scoped(auth, async (tx, tenantId) => {
        const [row] = await tx
          .update(companySettings)
          .set({ logo: null, logoMime: null, updatedAt: new Date() })
          .where(sql`${companySettings.tenantId} = ${tenantId} and ${companySettings.logoMime} is not null`)
          .returning({ name: companySettings.name });
        if (!row) throw notFound('logo');
        await log(tx, auth, tenantId, row.name, [{ field: 'logo', from: 'image', to: null }]);
        return read(tx, tenantId);
      }),
  };
}

export type CompanyForDocuments = {
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  siren: string | null;
  vatNumber: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  legalMentions: string | null;
  iban: string | null;
  bic: string | null;
  legalForm: string | null;
  shareCapital: string | null;
  rcsCity: string | null;
  latePenaltyRate: string | null;
  supplyKind: TSupplyKind | null;
  vatOnDebits: boolean;
  electronicAddress: string | null;
  missingForInvoicing: string[];
  logo: { data: Buffer; mimeType: LogoMime } | null;
};

/** What the company settings lack before an invoice can be issued (empty: nothing), without the logo's bytes. */
export const companyMissingFor = async (tx: Tx, tenantId: number): Promise<string[]> =>
  (await read(tx, tenantId)).missingForInvoicing;

/**
 * The issuer block of a document (PDF renderer): the tenant's settings, or its name alone when never set.
 * Runs in the caller's transaction (tenant-scoped, or platform work for the super admin's documents).
 */
export async function companyForDocuments(tx: Tx, tenantId: number): Promise<CompanyForDocuments> {
  const { hasLogo, updatedAt: _u, postcode, ...rest } = await read(tx, tenantId);
  return { ...rest, postalCode: postcode, logo: hasLogo ? await logoOf(tx, tenantId) : null };
}
