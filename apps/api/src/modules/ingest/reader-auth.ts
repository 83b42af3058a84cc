import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { withPlatform, type Db } from '../../db/client';
import { unauthorized } from '../../platform/errors';
import { hashSecret } from '../rfid/rfid.repository';
import { readers } from '../rfid/rfid.schema';

export type ReaderRow = typeof readers.$inferSelect;

/** `<readerId>.<random>` → its parts; basic auth may also give the id as user and the random part alone. */
function credentials(header: string | undefined): { id: number; random: string } | null {
  if (!header) return null;
  const bearer = header.match(/^Bearer\s+(\d{1,9})\.(\S+)$/i);
  if (bearer) return { id: Number(bearer[1]), random: bearer[2]! };
  const basic = header.match(/^Basic\s+(\S+)$/i);
  if (!basic) return null;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const sep = decoded.indexOf(':');
  if (sep < 0) return null;
  const user = decoded.slice(0, sep);
  const password = decoded.slice(sep + 1);
  if (!/^\d{1,9}$/.test(user)) return null;
  const prefixed = password.match(/^(\d{1,9})\.(.+)$/);
  if (prefixed && prefixed[1] !== user) return null;
  return { id: Number(user), random: prefixed ? prefixed[2]! : password };
}

/**
 * Finds and checks the reader named by the Authorization header. Platform work (no tenant yet): the reader
 * row gives the tenant. An unknown reader and a wrong secret answer the same 401.
 */
export async function authenticateReader(db: Db, header: string | undefined): Promise<ReaderRow> {
  const fail = () => unauthorized('invalid_reader_credentials', 'Unknown reader or wrong secret');
  const c = credentials(header);
  if (!c) throw fail();
  const [reader] = await withPlatform(db, (tx) => tx.select().from(readers).where(eq(readers.id, c.id)));
  const given = Buffer.from(hashSecret(c.random), 'hex');
  // Compared even for an unknown reader, so that both failures take the same time.
  const stored = Buffer.from(reader?.secretHash ?? hashSecret(''), 'hex');
  if (!timingSafeEqual(given, stored) || !reader) throw fail();
  return reader;
}
