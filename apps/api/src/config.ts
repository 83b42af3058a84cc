import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
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
});

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
};

export class ConfigError extends Error {}

/** Reads the environment once; no other module reads process.env. Fails fast with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const jwtSecret = e.JWT_SECRET ?? persistedSecret(dataDir);
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
  };
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
