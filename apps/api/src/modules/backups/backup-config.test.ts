import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseBackupSchedule } from '../../config';

const dir = mkdtempSync(join(tmpdir(), 'tagstock-backup-config-'));
const base = { DATA_DIR: join(dir, 'data'), JWT_SECRET: 'a-secret-of-at-least-thirty-two-characters' };

describe('backup configuration', () => {
  it('backs up daily at 02:00 Paris time into ./backups, keeping 7 daily, 4 weekly and 12 monthly, by default', () => {
    expect(loadConfig(base).backup).toEqual({
      dir: join(process.cwd(), 'backups'),
      times: [{ hour: 2, minute: 0 }],
      timeZone: 'Europe/Paris',
      keep: { daily: 7, weekly: 4, monthly: 12 },
      pgBinDir: undefined,
    });
  });

  it('reads the schedule, time zone, retention and PostgreSQL programs folder', () => {
    const backup = loadConfig({
      ...base,
      BACKUP_DIR: join(dir, 'archives'),
      BACKUP_SCHEDULE: '14:30, 3:05',
      BACKUP_TIMEZONE: 'America/Montreal',
      BACKUP_KEEP_DAILY: '3',
      BACKUP_KEEP_WEEKLY: '0',
      BACKUP_KEEP_MONTHLY: '24',
      PG_BIN_DIR: '/usr/lib/postgresql/16/bin',
    }).backup;
    expect(backup).toEqual({
      dir: join(dir, 'archives'),
      times: [
        { hour: 3, minute: 5 },
        { hour: 14, minute: 30 },
      ],
      timeZone: 'America/Montreal',
      keep: { daily: 3, weekly: 0, monthly: 24 },
      pgBinDir: '/usr/lib/postgresql/16/bin',
    });
    expect(loadConfig({ ...base, BACKUP_SCHEDULE: 'OFF' }).backup.times).toBeNull();
  });

  it('refuses a bad schedule, time zone or count, and a backup folder inside DATA_DIR, naming the variable', () => {
    for (const [name, value] of [
      ['BACKUP_SCHEDULE', '2am'],
      ['BACKUP_SCHEDULE', '24:00'],
      ['BACKUP_SCHEDULE', '02:00,02:00'],
      ['BACKUP_SCHEDULE', 'daily'],
      ['BACKUP_TIMEZONE', 'Paris'],
      ['BACKUP_KEEP_DAILY', '-1'],
      ['BACKUP_KEEP_MONTHLY', 'many'],
      ['BACKUP_DIR', join(dir, 'data', 'backups')],
      ['BACKUP_DIR', join(dir, 'data')],
    ] as const) {
      const load = () => loadConfig({ ...base, [name]: value });
      expect(load, `${name}=${value}`).toThrow(ConfigError);
      expect(load, `${name}=${value}`).toThrow(name);
    }
    expect(() => loadConfig({ ...base, BACKUP_SCHEDULE: 'at two' })).toThrow(/off, or one or more daily times HH:MM/);
    expect(loadConfig({ ...base, BACKUP_DIR: join(dir, 'data-backups') }).backup.dir).toBe(join(dir, 'data-backups'));
  });

  it('parses schedules as sorted daily times', () => {
    expect(parseBackupSchedule('23:59,00:00')).toEqual([
      { hour: 0, minute: 0 },
      { hour: 23, minute: 59 },
    ]);
    expect(parseBackupSchedule('off')).toBeNull();
    expect(parseBackupSchedule('')).toBeUndefined();
  });

  it('writes no JWT secret into DATA_DIR for the backup and restore commands', () => {
    const fresh = join(dir, 'untouched');
    expect(loadConfig({ DATA_DIR: fresh }, { generateSecret: false }).jwtSecret).toBe('');
    expect(existsSync(join(fresh, 'jwt-secret'))).toBe(false);
  });
});
