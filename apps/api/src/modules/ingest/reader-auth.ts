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

/** The one refusal of reader credentials: an unknown reader and a wrong secret alike. */
export const fail = () => unauthorized('invalid_reader_credentials', 'Unknown reader or wrong secret');

/**
 * Finds and checks the reader named by the Authorization header. Platform work (no tenant yet): the reader
 * row gives the tenant. An unknown reader and a wrong secret answer the same 401.
 */
export async function authenticateReader(db: Db, header: string | undefined): Promise<ReaderRow> {
  const c = credentials(header);
  if (!c) throw fail();
  const [reader] = await withPlatform(db, (tx) => tx.select().from(readers).where(eq(readers.id, c.id)));
  return checked(reader, hashSecret(c.random));
}

function checked(reader: ReaderRow | undefined, hash: string): ReaderRow {
  const given = Buffer.from(hash, 'hex');
  // Compared even for an unknown reader, so that both failures take the same time.
  const stored = Buffer.from(reader?.secretHash ?? hashSecret(''), 'hex');
  if (!timingSafeEqual(given, stored) || !reader) throw fail();
  return reader;
}

/** How long a reader's row, once its secret checked, answers for it without a query. */
export const READER_CACHE_MS = 10_000;
const READER_CACHE_MAX = 10_000;

/**
 * Reader authentication with the rows of readers recently checked kept in memory: a gate posts several batches a
 * second, each would otherwise cost a transaction of its own before its batch. A remembered row only lets the
 * request in: the batch's transaction locks the reader's row and holds its secret hash against the remembered one
 * (`stillValid`), so a rotated secret, a deleted reader or a reader moved to another tenant is refused at its very
 * next batch, whichever process changed it; the row is then forgotten and the header checked against the database.
 */
export function readerAuthenticator(db: Db, now: () => number = Date.now) {
  const known = new Map<number, { reader: ReaderRow; until: number }>();
  const remember = (reader: ReaderRow) => {
    if (known.size >= READER_CACHE_MAX && !known.has(reader.id)) known.clear();
    known.set(reader.id, { reader, until: now() + READER_CACHE_MS });
  };
  const forget = (id: number) => known.delete(id);

  /** From the database, remembered when the secret holds. */
  async function fromDatabase(header: string | undefined): Promise<ReaderRow> {
    const reader = await authenticateReader(db, header);
    remember(reader);
    return reader;
  }

  async function authenticate(header: string | undefined): Promise<ReaderRow> {
    const c = credentials(header);
    if (!c) throw fail();
    const hit = known.get(c.id);
    if (hit && hit.until > now()) {
      try {
        return checked(hit.reader, hashSecret(c.random));
      } catch {
        // Another secret than the remembered one: maybe rotated since; the database decides.
      }
    }
    if (hit) forget(c.id);
    return fromDatabase(header);
  }

  /**
   * Called in the batch's transaction with the reader's row as locked there (undefined when not visible in the
   * remembered tenant): whether the credentials `used` were checked against still hold. Refreshes or forgets.
   */
  function stillValid(used: ReaderRow, current: ReaderRow | undefined): boolean {
    if (current && current.secretHash === used.secretHash && current.tenantId === used.tenantId) {
      remember(current);
      return true;
    }
    forget(used.id);
    return false;
  }

  return { authenticate, fromDatabase, stillValid, forget };
}
