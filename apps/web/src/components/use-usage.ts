import { skipToken } from '@reduxjs/toolkit/query';
import type { TUsage } from '@tagstock/contract';
import { baseApi } from '../app/base-api';

const usageApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    usage: build.query<TUsage, string>({
      query: (recordPath) => `${recordPath}/usage`,
      // Asked each time a delete is confirmed: what uses a record changes with other screens.
      keepUnusedDataFor: 0,
    }),
  }),
});

/**
 * What still uses a record (`GET <path>/<id>/usage`), asked while its delete is being confirmed. A resource
 * without that endpoint, or a failed answer, blocks nothing: the server still refuses a delete in use.
 */
export const useUsage = (path: string, id: number | null) => {
  const { data, isFetching, isError } = usageApi.useUsageQuery(id === null ? skipToken : `${path}/${id}`, {
    refetchOnMountOrArgChange: true,
  });
  return { usages: isError ? [] : (data?.usages ?? []), checking: id !== null && isFetching };
};
