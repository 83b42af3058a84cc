import { createHash, randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { isoUtc } from '../../db/sql-fragments';
import { decodeSgtin96 } from './epc';

export const stamps = (a: string) =>
  sql`${isoUtc(sql`${sql.raw(a)}.created_at`)} as "createdAt", ${isoUtc(sql`${sql.raw(a)}.updated_at`)} as "updatedAt"`;
/** A machine secret: 32 random bytes; only its sha256 is stored (it is not a password: no slow hash needed). */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
export function newReaderSecret(): { random: string; hash: string } {
  const random = randomBytes(32).toString('base64url');
  return { random, hash: hashSecret(random) };
}

export const tagColumns = sql`t.id, t.epc, t.tid, t.family_id as "familyId", f.name as "familyName",
  t.article_id as "articleId", a.reference as "articleReference", a.designation as "articleDesignation",
  t.status, t.in_stock as "inStock", ${isoUtc(sql`t.last_seen_at`)} as "lastSeenAt",
  t.last_reader_id as "lastReaderId", r.name as "lastReaderName", t.last_location as "lastLocation", ${stamps('t')}`;
export const tagFrom = sql`from tags t left join tag_families f on f.id = t.family_id
  left join articles a on a.id = t.article_id left join readers r on r.id = t.last_reader_id`;
export const tagSort: Record<string, SQL> = {
  epc: sql`t.epc`,
  status: sql`t.status`,
  familyName: sql`f.name`,
  articleReference: sql`a.reference`,
  lastSeenAt: sql`t.last_seen_at`,
  createdAt: sql`t.created_at`,
};

/** Adds the GS1 reading of the EPC (null for non-GS1 EPCs). */
export const withGs1 = <T extends { epc: string }>(tag: T) => {
  const d = decodeSgtin96(tag.epc);
  return { ...tag, gtin: d?.gtin ?? null, serial: d?.serial ?? null };
};
