import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { appDatabaseUrl } from './db/client';

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
      trustedProxies: [],
      redisPrefix: 'tagstock:',
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('derives the app role password from the JWT secret, so every process of a deployment agrees on it', () => {
    const secret = 'a-shared-secret-of-at-least-32-characters';
    const one = loadConfig({ JWT_SECRET: secret, DATABASE_URL: 'postgres://owner@db/tagstock' });
    expect(one.databaseAppUrl).toBeUndefined();
    expect(one.databaseAppPassword).toBe(loadConfig({ JWT_SECRET: secret }).databaseAppPassword);
    expect(one.databaseAppPassword).not.toBe(loadConfig({ JWT_SECRET: `${secret}!` }).databaseAppPassword);
    expect(one.databaseAppPassword).not.toContain(secret);
    expect(appDatabaseUrl('postgres://owner:pw@db:5432/tagstock?sslmode=require', one.databaseAppPassword)).toBe(
      `postgres://tagstock_app:${one.databaseAppPassword}@db:5432/tagstock?sslmode=require`,
    );
    expect(loadConfig({ JWT_SECRET: secret, DATABASE_APP_URL: 'postgres://app@db/t' }).databaseAppUrl).toBe(
      'postgres://app@db/t',
    );
  });

  it('fails fast naming every bad variable', () => {
    const bad = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        LOG_LEVEL: 'loud',
        REDIS_PREFIX: 'spaces are not allowed',
      });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const message = (err as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL', 'REDIS_PREFIX'])
        expect(message).toContain(name);
    }
  });

  it('e-mails through SMTP only with a sender and a public address, and refuses another scheme', () => {
    const secret = { JWT_SECRET: 'a-shared-secret-of-at-least-32-characters' };
    const smtp = { ...secret, SMTP_URL: 'smtp://mailer:pw@mail.example.fr:587' };
    expect(loadConfig(secret).mail).toBeUndefined();
    expect(() => loadConfig(smtp)).toThrow(/MAIL_FROM: required when SMTP_URL is set/);
    expect(() => loadConfig({ ...smtp, MAIL_FROM: 'Tagstock <no-reply@example.fr>' })).toThrow(
      /PUBLIC_URL: required when SMTP_URL is set/,
    );
    expect(
      loadConfig({ ...smtp, MAIL_FROM: 'Tagstock <no-reply@example.fr>', PUBLIC_URL: 'https://stock.example.fr' }).mail,
    ).toEqual({
      smtpUrl: 'smtp://mailer:pw@mail.example.fr:587',
      from: 'Tagstock <no-reply@example.fr>',
      publicUrl: 'https://stock.example.fr',
    });
    expect(() => loadConfig({ ...secret, SMTP_URL: 'http://mail.example.fr' })).toThrow(/SMTP_URL/);
  });

  it('reads TRUSTED_PROXIES as a list of addresses and CIDR ranges', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagstock-config-'));
    const config = loadConfig({ DATA_DIR: dir, TRUSTED_PROXIES: ' 10.0.0.1, 172.16.0.0/12,::1 ,fd00::/8,' });
    expect(config.trustedProxies).toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8']);
    expect(loadConfig({ DATA_DIR: dir, TRUSTED_PROXIES: '' }).trustedProxies).toEqual([]);
    for (const bad of ['*', 'true', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/1', 'fd00::/129', '10.0.0.0/']) {
      expect(() => loadConfig({ DATA_DIR: dir, TRUSTED_PROXIES: bad }), bad).toThrow(/TRUSTED_PROXIES/);
    }
  });

  it('runs the simulated demo readers only with DEMO_READERS=1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagstock-config-'));
    expect(loadConfig({ DATA_DIR: dir }).demoReaders).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, DEMO_READERS: '0' }).demoReaders).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, DEMO_READERS: '1' }).demoReaders).toBe(true);
    for (const bad of ['yes', 'true', '2', ''])
      expect(() => loadConfig({ DATA_DIR: dir, DEMO_READERS: bad }), bad).toThrow(/DEMO_READERS/);
  });
});
