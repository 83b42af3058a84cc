import type {
  TCreditNote,
  TCreditNoteInput,
  TCreditNoteStatus,
  TCreditNoteSummary,
  TDocumentEvent,
} from '@tagstock/contract';
import { baseApi } from '../../app/base-api';
import { createResourceApi } from '../../app/resource-api';

/** The list (summaries) of SPEC state group `avoir`; a credit note itself comes from `useCreditNoteQuery`. */
export const creditNotesApi = createResourceApi<TCreditNoteSummary, TCreditNoteInput>({
  name: 'creditNotes',
  path: '/credit-notes',
  tag: 'CreditNotes',
  invalidates: ['Invoices'],
});

/** The document endpoints beyond the list (DESIGN §4b); issuing one changes its invoice and the widgets. */
export const creditNoteExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    creditNote: build.query<TCreditNote, number>({
      query: (id) => `/credit-notes/${id}`,
      providesTags: ['CreditNotes'],
    }),
    setCreditNoteStatus: build.mutation<TCreditNote, { id: number; status: TCreditNoteStatus; note?: string | null }>({
      query: ({ id, ...body }) => ({ url: `/credit-notes/${id}/status`, method: 'POST', body }),
      invalidatesTags: ['CreditNotes', 'Invoices', 'Logs', 'Dashboard'],
    }),
    creditNoteHistory: build.query<TDocumentEvent[], number>({
      query: (id) => `/credit-notes/${id}/history`,
      providesTags: ['CreditNotes', 'Logs'],
    }),
  }),
});

export const { useCreditNoteQuery, useSetCreditNoteStatusMutation, useCreditNoteHistoryQuery } = creditNoteExtrasApi;
