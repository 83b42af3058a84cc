import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const here = fileURLToPath(new URL('.', import.meta.url));
// E2E_PORT lets two runs share a machine.
const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** Where the server e-mails password-reset links: an SMTP server the super-admin spec runs while it needs one. */
export const SMTP_PORT = PORT + 7;

// Workers re-evaluate this file: the env var keeps one data folder per run.
process.env.TAGSTOCK_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tagstock-e2e-'));

export default defineConfig({
  testDir: here,
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // A page opened in a new context loads its chunks cold (about 25 requests: docs/decisions.md on the boot), on a
  // 2-core machine that also runs the server.
  timeout: 60000,
  expect: { timeout: 15000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx apps/api/src/main.ts',
    cwd: resolve(here, '..'),
    url: `${BASE_URL}/backend/ready`,
    reuseExistingServer: false,
    // The first start writes the demo's year through the services: minutes on a loaded machine.
    timeout: 300000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.TAGSTOCK_E2E_DATA_DIR,
      BACKUP_DIR: `${process.env.TAGSTOCK_E2E_DATA_DIR}-backups`,
      DEMO_PASSWORD: 'demo-password-1',
      JWT_SECRET: 'e2e-only-jwt-secret-0123456789abcdefghijklmnop',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      NODE_ENV: 'test',
      // The webhooks spec's receiver listens on this machine.
      WEBHOOK_ALLOW_PRIVATE: '1',
      // An in-process approved-platform simulator connects Demo and Acme (the e-invoicing spec).
      PA_SIMULATOR: '1',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FROM: 'Tagstock <no-reply@tagstock.test>',
      PUBLIC_URL: BASE_URL,
    },
  },
});
