import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TBackupStatus } from '@tagstock/contract';
import { apiCalls, dbKind, setupTestApp } from '../../test/helper';
import { archiveName } from './archives';
import { BACKUP_SECRET_HEADER, INTERNAL_BACKUP_PATH } from './data-dir-owner';

const dir = mkdtempSync(join(tmpdir(), 'tagstock-backups-route-'));
const backupDir = join(dir, 'backups');
const logged: { level: number; msg: string }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, cb) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
    cb();
  },
});
const SECRET = 'the-secret-of-this-server-run-0123456789';
// The test database lives in memory (PGlite), or is given no DATABASE_URL to dump (PostgreSQL): a backup of it
// fails, which is how a failure shows here.
const cannot = dbKind === 'pglite' ? 'in memory' : 'No DATABASE_URL';
const ctx = await setupTestApp({
  logLevel: 'warn',
  logStream,
  backups: {
    backup: {
      dir: backupDir,
      times: [{ hour: 2, minute: 0 }],
      timeZone: 'Europe/Paris',
      keep: { daily: 7, weekly: 4, monthly: 12 },
      pgBinDir: undefined,
    },
    dataDir: join(dir, 'data'),
    databaseUrl: undefined,
  },
  backupControlSecret: SECRET,
});
let superAdmin = '';
let admin = '';
const { call, ok } = apiCalls<TBackupStatus>(ctx, () => superAdmin);

beforeAll(async () => {
  [superAdmin, admin] = await Promise.all([ctx.token('super@tagstock.test'), ctx.token('admin@demo.test')]);
});

describe('GET /platform/backups', () => {
  it('shows the super admin the folder, schedule, retention, archives and the last backup', async () => {
    const empty = await ok('GET', '/platform/backups');
    expect(empty).toMatchObject({
      databaseKind: dbKind,
      directory: backupDir,
      schedule: { times: ['02:00'], timeZone: 'Europe/Paris' },
      retention: { daily: 7, weekly: 4, monthly: 12 },
      running: null,
      lastBackup: null,
      lastFailure: null,
      archives: [],
      totalBytes: 0,
    });
    expect(Date.parse(empty.schedule.nextRunAt!)).toBeGreaterThan(Date.now());

    mkdirSync(backupDir, { recursive: true });
    const older = archiveName(new Date('2026-11-26T01:00:00Z'));
    const newer = archiveName(new Date('2026-11-27T01:00:00Z'));
    writeFileSync(join(backupDir, older), Buffer.alloc(1000));
    writeFileSync(join(backupDir, newer), Buffer.alloc(2500));
    writeFileSync(
      join(backupDir, 'status.json'),
      JSON.stringify({
        lastSuccess: {
          fileName: newer,
          createdAt: '2026-11-27T01:00:00.123Z',
          finishedAt: '2026-11-27T01:00:09.000Z',
          durationMs: 8877,
          sizeBytes: 2500,
          quietMs: 42,
          checkpointMs: 12,
          trigger: 'scheduled',
          slot: '2026-11-27T01:00:00.000Z',
          appVersion: '1.92.0',
          migration: '0029_french_einvoicing',
        },
      }),
    );
    const status = await ok('GET', '/platform/backups');
    expect(status.archives.map((a) => a.fileName)).toEqual([newer, older]);
    expect(status.totalBytes).toBe(3500);
    expect(status.lastBackup).toEqual({
      fileName: newer,
      createdAt: '2026-11-27T01:00:00.123Z',
      sizeBytes: 2500,
      trigger: 'scheduled',
      durationMs: 8877,
      quietMs: 42,
      appVersion: '1.92.0',
      migration: '0029_french_einvoicing',
    });
  });

  it('is the super admin’s only', async () => {
    expect((await call('GET', '/platform/backups', undefined, admin)).statusCode).toBe(403);
    expect((await call('POST', '/platform/backups', undefined, admin)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/backend/api/platform/backups' })).statusCode).toBe(401);
  });
});

describe('POST /platform/backups', () => {
  it('starts a backup at once; a failure is logged as an error and shown as the last failure', async () => {
    const started = await ok('POST', '/platform/backups');
    expect(started.running).toMatchObject({ trigger: 'manual' });
    await vi.waitFor(async () => expect((await ok('GET', '/platform/backups')).running).toBeNull());
    const status = await ok('GET', '/platform/backups');
    expect(status.lastFailure).toMatchObject({ trigger: 'manual', message: expect.stringContaining(cannot) });
    expect(status.archives).toHaveLength(2);
    const error = logged.find((l) => l.msg === 'backup failed');
    expect(error?.level).toBe(50);
  });
});

describe('the command’s route into the server', () => {
  const post = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: INTERNAL_BACKUP_PATH, headers, remoteAddress });

  it('answers only a local caller with this run’s secret, never through a proxy', async () => {
    expect((await post({})).statusCode).toBe(404);
    expect((await post({ [BACKUP_SECRET_HEADER]: `${SECRET}x` })).statusCode).toBe(404);
    expect((await post({ [BACKUP_SECRET_HEADER]: SECRET }, '203.0.113.9')).statusCode).toBe(404);
    expect((await post({ [BACKUP_SECRET_HEADER]: SECRET, 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    const res = await post({ [BACKUP_SECRET_HEADER]: SECRET });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { error?: { message: string } });
    expect(lines.at(-1)!.error!.message).toContain(cannot);
  });
});
