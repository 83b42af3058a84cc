import type { TList, TReservation, TReservationHistoryEntry, TReservationInput } from '@tagstock/contract';
import { baseApi } from '../../app/base-api';
import { createResourceApi, toQueryString, type ListArgs } from '../../app/resource-api';

/** Reserving changes what is available of an article: the articles' lists follow. */
export const reservationsApi = createResourceApi<TReservation, TReservationInput>({
  name: 'reservations',
  path: '/reservations',
  tag: 'Reservations',
  invalidates: ['Articles'],
});

/** Releasing by hand (with why) and the reservation history. */
export const reservationExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    releaseReservation: build.mutation<{ ok: true }, { id: number; reason?: string }>({
      query: ({ id, reason }) => ({
        url: `/reservations/${id}${toQueryString({ reason: reason?.trim() })}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Reservations', 'Articles', 'Dashboard'],
    }),
    reservationHistory: build.query<TList<TReservationHistoryEntry>, ListArgs>({
      query: (args) => `/reservations/history${toQueryString(args)}`,
      providesTags: ['Reservations'],
    }),
  }),
});

export const { useReleaseReservationMutation, useReservationHistoryQuery } = reservationExtrasApi;
