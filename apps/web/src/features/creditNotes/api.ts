import type { TCreditNote, TCreditNoteInput, TCreditNoteStatus, TCreditNoteSummary } from '@tagstock/contract';
import { createDocumentApi } from '../../app/document-api';

/** SPEC state group `avoir` (DESIGN §4b); issuing one changes its invoice and the widgets. */
export const creditNotesApi = createDocumentApi<TCreditNoteSummary, TCreditNote, TCreditNoteInput, TCreditNoteStatus>({
  name: 'creditNotes',
  path: '/credit-notes',
  tag: 'CreditNotes',
  invalidates: ['Invoices'],
});
