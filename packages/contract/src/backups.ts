import { z } from 'zod';

/**
 * Backups of the whole platform (every tenant, the stored files, the JWT secret file), for the super admin: where
 * they go, when they run, what retention keeps, the last one and the last failure.
 */

/** What started a backup: the server's schedule, the super admin's "Back up now", or `npm run backup`. */
export const BACKUP_TRIGGERS = ['scheduled', 'manual', 'command'] as const;
export const ZBackupTrigger = z.enum(BACKUP_TRIGGERS);
export type TBackupTrigger = z.infer<typeof ZBackupTrigger>;

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export const ZDatabaseKind = z.enum(DATABASE_KINDS);

/** One archive kept in the backup folder. */
export const ZBackupArchive = z.object({
  fileName: z.string(),
  /** When its snapshot was taken (ISO 8601). */
  createdAt: z.string(),
  sizeBytes: z.number().int(),
});
export type TBackupArchive = z.infer<typeof ZBackupArchive>;

/** The newest archive, with what its run measured when this server or the command recorded it. */
export const ZLastBackup = ZBackupArchive.extend({
  trigger: ZBackupTrigger.nullable(),
  durationMs: z.number().int().nullable(),
  /** How long the database answered no query while its files were copied (PGlite); null for pg_dump. */
  quietMs: z.number().int().nullable(),
  appVersion: z.string().nullable(),
  migration: z.string().nullable(),
});
export type TLastBackup = z.infer<typeof ZLastBackup>;

export const ZBackupFailure = z.object({
  at: z.string(),
  trigger: ZBackupTrigger,
  message: z.string(),
});
export type TBackupFailure = z.infer<typeof ZBackupFailure>;

export const ZBackupStatus = z.object({
  databaseKind: ZDatabaseKind,
  /** The server's backup folder (BACKUP_DIR). */
  directory: z.string(),
  schedule: z.object({
    /** Daily times `HH:MM` in `timeZone`; empty when scheduled backups are off. */
    times: z.array(z.string()),
    timeZone: z.string(),
    nextRunAt: z.string().nullable(),
  }),
  retention: z.object({ daily: z.number().int(), weekly: z.number().int(), monthly: z.number().int() }),
  /** A backup this server is writing now. */
  running: z.object({ startedAt: z.string(), trigger: ZBackupTrigger }).nullable(),
  lastBackup: ZLastBackup.nullable(),
  /** The last failed backup, kept after later successes (compare its time with the last backup's). */
  lastFailure: ZBackupFailure.nullable(),
  /** Every archive in the folder, newest first. */
  archives: z.array(ZBackupArchive),
  totalBytes: z.number().int(),
});
export type TBackupStatus = z.infer<typeof ZBackupStatus>;
