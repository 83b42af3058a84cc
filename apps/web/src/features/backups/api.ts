import type { TBackupStatus } from '@tagstock/contract';
import { baseApi } from '../../app/base-api';

/** The platform's backups (super admin): their status, and a backup started now. */
export const backupsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    backups: build.query<TBackupStatus, void>({
      query: () => '/platform/backups',
      providesTags: ['Backups'],
    }),
    startBackup: build.mutation<TBackupStatus, void>({
      query: () => ({ url: '/platform/backups', method: 'POST' }),
      // The answer says the backup runs: the page shows it at once and follows it until it ends.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(backupsApi.util.upsertQueryData('backups', undefined, data));
      },
    }),
  }),
});

export const { useBackupsQuery, useStartBackupMutation } = backupsApi;
