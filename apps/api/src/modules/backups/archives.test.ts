import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TBackupArchive } from '@tagstock/contract';
import { archiveName, archivesToKeep, listArchives, parseArchiveName } from './archives';

const archive = (iso: string, seq = 0): TBackupArchive => ({
  fileName: archiveName(new Date(iso), seq),
  createdAt: new Date(iso).toISOString(),
  sizeBytes: 1,
});

describe('archive names', () => {
  it('are the snapshot instant in UTC, read back to the second', () => {
    const name = archiveName(new Date('2026-11-27T01:02:03.456Z'));
    expect(name).toBe('tagstock-20261127T010203Z.tar.gz');
    expect(parseArchiveName(name)).toEqual({ createdAt: new Date('2026-11-27T01:02:03Z'), seq: 0 });
    expect(parseArchiveName(archiveName(new Date('2026-11-27T01:02:03Z'), 2))?.seq).toBe(2);
    for (const other of ['tagstock.tar.gz', '.backup-x.tar.gz.partial', 'status.json', 'tagstock-2026.tar.gz'])
      expect(parseArchiveName(other)).toBeNull();
  });

  it('are listed newest first, temporary files and strangers left out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagstock-archives-'));
    for (const name of [
      archiveName(new Date('2026-11-25T01:00:00Z')),
      archiveName(new Date('2026-11-27T01:00:00Z')),
      archiveName(new Date('2026-11-27T01:00:00Z'), 1),
      '.backup-1234.tar.gz.partial',
      'notes.txt',
    ])
      writeFileSync(join(dir, name), 'x'.repeat(10));
    mkdirSync(join(dir, '.staging-abc'));
    return listArchives(dir).then((list) =>
      expect(list.map((a) => a.fileName)).toEqual([
        'tagstock-20261127T010000Z-1.tar.gz',
        'tagstock-20261127T010000Z.tar.gz',
        'tagstock-20261125T010000Z.tar.gz',
      ]),
    );
  });

  it('answer an empty list for a folder that does not exist yet', async () => {
    expect(await listArchives(join(tmpdir(), 'tagstock-no-such-folder'))).toEqual([]);
  });
});

describe('retention', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  // One backup a day at 02:00 Paris (01:00 UTC) for 400 days, newest first.
  const daily = Array.from({ length: 400 }, (_, i) =>
    archive(new Date(Date.parse('2026-11-27T01:00:00Z') - i * 86_400_000).toISOString()),
  );

  it('keeps the newest of each of the last 7 days, 4 weeks and 12 months by default', () => {
    const kept = [...archivesToKeep(daily, { daily: 7, weekly: 4, monthly: 12 }, 'Europe/Paris', now)].sort().reverse();
    const days = kept.map((name) => parseArchiveName(name)!.createdAt.toISOString().slice(0, 10));
    // 7 days (27 → 21 Nov), then the newest of weeks 47 (22 Nov, a Sunday), 46 and 45, then each month's last day.
    expect(days).toEqual([
      '2026-11-27',
      '2026-11-26',
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      '2026-11-21',
      '2026-11-15',
      '2026-11-08',
      '2026-10-31',
      '2026-09-30',
      '2026-08-31',
      '2026-07-31',
      '2026-06-30',
      '2026-05-31',
      '2026-04-30',
      '2026-03-31',
      '2026-02-28',
      '2026-01-31',
      '2025-12-31',
    ]);
  });

  it('keeps every archive of the last 24 hours, and always the newest one', () => {
    const sameDay = [archive('2026-11-27T11:00:00Z'), archive('2026-11-27T09:00:00Z'), archive('2026-11-27T01:00:00Z')];
    expect(archivesToKeep(sameDay, { daily: 1, weekly: 0, monthly: 0 }, 'Europe/Paris', now).size).toBe(3);
    const old = [archive('2026-10-01T01:00:00Z'), archive('2026-09-01T01:00:00Z')];
    expect([...archivesToKeep(old, { daily: 0, weekly: 0, monthly: 0 }, 'Europe/Paris', now)]).toEqual([
      old[0]!.fileName,
    ]);
  });

  it('counts days in the configured time zone', () => {
    // 23:30 UTC on the 26th is already the 27th in Paris: one day there, two in UTC.
    const pair = [archive('2026-11-26T23:30:00Z'), archive('2026-11-26T22:30:00Z')];
    const later = now + 10 * 86_400_000;
    expect(archivesToKeep(pair, { daily: 2, weekly: 0, monthly: 0 }, 'Europe/Paris', later).size).toBe(2);
    expect(
      archivesToKeep(
        [archive('2026-11-26T23:30:00Z'), archive('2026-11-26T23:10:00Z')],
        { daily: 2, weekly: 0, monthly: 0 },
        'Europe/Paris',
        later,
      ).size,
    ).toBe(1);
  });
});
