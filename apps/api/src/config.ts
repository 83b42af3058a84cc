import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { z } from 'zod';

/** An IP address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export const DEFAULT_REDIS_PREFIX = 'tagstock:';

/** A daily time of day, 24-hour `HH:MM`. */
export type TimeOfDay = { hour: number; minute: number };

const SCHEDULE_MESSAGE =
  'must be off, or one or more daily times HH:MM (24-hour) separated by commas, e.g. 02:00 or 02:00,14:00';

/** BACKUP_SCHEDULE: `off`, or daily times `HH:MM[,HH:MM…]`; null when off, undefined when invalid. */
export function parseBackupSchedule(value: string): TimeOfDay[] | null | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'off') return null;
  const times: TimeOfDay[] = [];
  for (const part of text.split(',')) {
    const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(part.trim());
    if (!m) return undefined;
    times.push({ hour: Number(m[1]), minute: Number(m[2]) });
  }
  const keys = times.map((t) => t.hour * 60 + t.minute);
  if (new Set(keys).size !== keys.length) return undefined;
  return times.sort((a, b) => a.hour * 60 + a.minute - (b.hour * 60 + b.minute));
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const keepCount = (fallback: number) => z.coerce.number().int().min(0).max(1000).default(fallback);

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_APP_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  // Starts every key, channel and stream this app uses in Redis, so that installs may share one server.
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{0,64}$/, 'must be up to 64 letters, digits, _ : . or -')
    .default(DEFAULT_REDIS_PREFIX),
  MQTT_URL: z.url({ protocol: /^(mqtts?|wss?|tcp)$/ }).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  WEB_DIST: z.string().optional(),
  EXPORT_IDLE_TIMEOUT_S: z.coerce.number().int().positive().max(3600).optional(),
  // Proxies whose X-Forwarded-For is believed; by default none, so a client cannot choose its own address.
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isAddressOrRange), 'must be comma-separated IP addresses or CIDR ranges'),
  BACKUP_DIR: z.string().min(1).default('./backups'),
  BACKUP_SCHEDULE: z
    .string()
    .default('02:00')
    .refine((v) => parseBackupSchedule(v) !== undefined, SCHEDULE_MESSAGE),
  BACKUP_TIMEZONE: z
    .string()
    .default('Europe/Paris')
    .refine(isTimeZone, 'must be an IANA time zone, e.g. Europe/Paris'),
  BACKUP_KEEP_DAILY: keepCount(7),
  BACKUP_KEEP_WEEKLY: keepCount(4),
  BACKUP_KEEP_MONTHLY: keepCount(12),
  // Where pg_dump and pg_restore are (PostgreSQL only); the PATH's when unset.
  PG_BIN_DIR: z.string().min(1).optional(),
  // The key stored secrets (a platform's client secret, webhook secrets) are encrypted with; the JWT secret's when unset.
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  // The address the approved platform and integrations reach this server at (webhook callbacks).
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  // 1: runs the local approved-platform simulator in this process and connects the demo tenants to it.
  PA_SIMULATOR: z.enum(['0', '1']).default('0'),
  // 1: the reader simulator runs in this process against the Demo tenant's gate and storage reader (a demo without hardware).
  DEMO_READERS: z.enum(['0', '1']).default('0'),
  // 1: webhook endpoints may be private, loopback or link-local addresses (tests, a local set-up).
  WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  // An OpenAI-compatible endpoint (…/v1) natural-language report questions go to; unset: the offline parser only.
  LLM_URL: z.url({ protocol: /^https?$/ }).optional(),
  LLM_MODEL: z.string().min(1).max(200).default('gpt-4o-mini'),
  LLM_API_KEY: z.string().min(1).optional(),
  // The SMTP server password-reset links are e-mailed through (smtp://user:pass@host:587, smtps://… for TLS at once);
  // unset: the super admin is shown the link to hand over.
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  // The sender of those e-mails, e.g. "Tagstock <no-reply@example.com>"; required with SMTP_URL.
  MAIL_FROM: z.string().min(3).max(200).optional(),
});

export type BackupConfig = {
  /** Where archives are written (BACKUP_DIR), never inside DATA_DIR. */
  dir: string;
  /** Daily times of the scheduled backups in `timeZone`; null: no scheduled backup (BACKUP_SCHEDULE=off). */
  times: TimeOfDay[] | null;
  timeZone: string;
  /** How many archives retention keeps: the newest of each of the last N days, ISO weeks and months. */
  keep: { daily: number; weekly: number; monthly: number };
  pgBinDir: string | undefined;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The runtime connection as the app role; unset → DATABASE_URL with user tagstock_app and databaseAppPassword. */
  databaseAppUrl: string | undefined;
  databaseAppPassword: string;
  redisUrl: string | undefined;
  redisPrefix: string;
  mqttUrl: string | undefined;
  jwtSecret: string;
  demoPassword: string | undefined;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  loginRateLimitPerMinute: number;
  webDist: string;
  /** An export download whose client reads nothing this long is cut off (default in import-export.ts). */
  exportIdleTimeoutMs: number | undefined;
  trustedProxies: string[];
  backup: BackupConfig;
  secretsKey: string;
  publicUrl: string;
  paSimulator: boolean;
  /** DEMO_READERS=1: simulated readers post to this server (seed/demo-readers.ts). */
  demoReaders: boolean;
  webhookAllowPrivate: boolean;
  /** The model report questions go to (LLM_URL, without a trailing slash); unset: the offline parser. */
  llmUrl: string | undefined;
  llmModel: string;
  /** Sent as a bearer token to LLM_URL; never logged. */
  llmApiKey: string | undefined;
  /** Where password-reset links are e-mailed through (SMTP_URL, MAIL_FROM, PUBLIC_URL); unset: no e-mail is sent. */
  mail: MailConfig | undefined;
};

/** The SMTP server, the sender, and the address an e-mailed link opens (PUBLIC_URL, required with SMTP_URL). */
export type MailConfig = { smtpUrl: string; from: string; publicUrl: string };

export class ConfigError extends Error {}

/**
 * Reads the environment once; no other module reads process.env. Fails fast with a readable message.
 * `generateSecret: false` (backup and restore commands) leaves DATA_DIR untouched: no JWT secret is written.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: { generateSecret?: boolean } = {}): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const backupDir = resolve(e.BACKUP_DIR);
  const fromData = relative(dataDir, backupDir);
  if (fromData === '' || (fromData !== '..' && !fromData.startsWith(`..${sep}`) && !isAbsolute(fromData)))
    throw new ConfigError('Invalid configuration:\n  BACKUP_DIR: must not be DATA_DIR or inside it');
  if (e.SMTP_URL && !e.MAIL_FROM)
    throw new ConfigError('Invalid configuration:\n  MAIL_FROM: required when SMTP_URL is set (the sender address)');
  if (e.SMTP_URL && !e.PUBLIC_URL)
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: required when SMTP_URL is set (the address the e-mailed links open)',
    );
  const publicUrl = (e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, '');
  const jwtSecret =
    e.JWT_SECRET ?? (opts.generateSecret === false ? (existingSecret(dataDir) ?? '') : persistedSecret(dataDir));
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_APP_URL,
    databaseAppPassword: appRolePassword(jwtSecret),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    mqttUrl: e.MQTT_URL,
    jwtSecret,
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    exportIdleTimeoutMs: e.EXPORT_IDLE_TIMEOUT_S === undefined ? undefined : e.EXPORT_IDLE_TIMEOUT_S * 1000,
    trustedProxies: e.TRUSTED_PROXIES,
    secretsKey: e.SECRETS_KEY ?? jwtSecret,
    publicUrl,
    paSimulator: e.PA_SIMULATOR === '1',
    demoReaders: e.DEMO_READERS === '1',
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === '1',
    llmUrl: e.LLM_URL?.replace(/\/+$/, ''),
    llmModel: e.LLM_MODEL,
    llmApiKey: e.LLM_API_KEY,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, publicUrl } : undefined,
    backup: {
      dir: backupDir,
      times: parseBackupSchedule(e.BACKUP_SCHEDULE) ?? null,
      timeZone: e.BACKUP_TIMEZONE,
      keep: { daily: e.BACKUP_KEEP_DAILY, weekly: e.BACKUP_KEEP_WEEKLY, monthly: e.BACKUP_KEEP_MONTHLY },
      pgBinDir: e.PG_BIN_DIR,
    },
  };
}

function existingSecret(dataDir: string): string | undefined {
  const file = join(dataDir, 'jwt-secret');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** A generated JWT secret kept in DATA_DIR, so tokens survive restarts without configuration. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The app role's database password, derived from the JWT secret: every process of a deployment shares that
 * secret already, so they agree on the password without another setting (and a new secret rotates it).
 */
function appRolePassword(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('tagstock_app database password').digest('base64url');
}
