import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the defaults and keeps a generated JWT secret in DATA_DIR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagstock-config-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: dir,
      databaseUrl: undefined,
      logLevel: 'info',
      loginRateLimitPerMinute: 30,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('fails fast naming every bad variable', () => {
    const bad = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', LOG_LEVEL: 'loud' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const message = (err as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL']) expect(message).toContain(name);
    }
  });
});
