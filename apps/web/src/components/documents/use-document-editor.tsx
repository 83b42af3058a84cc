import type { ReactNode, RefObject } from 'react';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { TDocumentTransition, TResource } from '@tagstock/contract';
import type { DocumentApi } from '../../app/document-api';
import { useCanWrite } from '../use-permission';
import type { DocumentStatus } from './DocumentPage';
import { useDocumentDraft } from './use-document-draft';
import { useDocumentSave } from './use-document-save';

type Doc<S extends string> = { id: number; status: S; number?: string | null };

/**
 * One document's editor from its type's API (`createDocumentApi`): the draft, whether it may be edited now (the
 * user's permission and the status), Save (the contract's checks, create or update), Delete while editable, the
 * change of status and the history. `shell` goes to `DocumentShell`, `headerEdit` to `DocumentHeader`. The type's
 * texts name the page (`<texts>.titleOf` with its number, `.titleDraft` before it has one, `.new`), the way back
 * (`.title`), the toast of a creation (`.created`) and a draft's PDF (`.draft`).
 */
export function useDocumentEditor<S extends string, TDoc extends Doc<S>, TInput, D extends { header: object }>(opts: {
  api: Omit<DocumentApi<unknown, TDoc, TInput, S>, 'useList'>;
  doc: TDoc | null;
  permission: TResource;
  /** The key of the type's texts (`deliveryNotes`). */
  texts: string;
  /** The list's path (`/admin/deliveryNotes`): the way back, and `<list>/<id>` opens a new document. */
  list: string;
  /** The statuses in which the document may still be edited. */
  editableIn: readonly S[];
  initial: () => D;
  check: (draft: D) => { body: TInput; errors: Record<string, string> };
  serverErrors: (error: unknown, draft: D) => Record<string, string>;
  focusHeading: RefObject<boolean>;
}) {
  const { t } = useTranslation();
  const { api, doc, texts } = opts;
  const canWrite = useCanWrite(opts.permission);
  const state = useDocumentDraft<D['header'], D>(opts.initial);
  const [create, { isLoading: creating }] = api.useCreate();
  const [update, { isLoading: updating }] = api.useUpdate();
  const [setStatus, { isLoading: changingStatus }] = api.useSetStatus();
  const [remove, { isLoading: removing }] = api.useRemove();
  const { data: history } = api.useHistory(doc?.id ?? 0, { skip: !doc });
  const editable = canWrite && (doc === null || opts.editableIn.includes(doc.status));
  const save = useDocumentSave({
    doc,
    check: () => opts.check(state.draft),
    serverErrors: (error) => opts.serverErrors(error, state.draft),
    setErrors: state.setErrors,
    update,
    create,
    focusHeading: opts.focusHeading,
    created: (created) => ({
      path: `${opts.list}/${created.id}`,
      message: t(`${texts}.created`, { number: created.number }),
    }),
  });
  const changeStatus = (status: S, note: string | null, options: Record<string, boolean> = {}) =>
    setStatus({ ...options, id: doc!.id, status, note }).unwrap();
  /** The shell's status actions for the type's transitions (their texts under the type's). */
  const status = (
    transitions: readonly TDocumentTransition<S, TDoc>[],
    more: Partial<Pick<DocumentStatus<S, TDoc>, 'refusals' | 'change' | 'actor' | 'direct' | 'options'>> = {},
  ): DocumentStatus<S, TDoc> | undefined =>
    doc
      ? {
          transitions,
          doc,
          actor: 'tenant',
          allowed: canWrite,
          texts,
          change: changeStatus,
          busy: changingStatus,
          ...more,
        }
      : undefined;
  const title = t(doc?.number ? `${texts}.titleOf` : doc ? `${texts}.titleDraft` : `${texts}.new`, {
    number: doc?.number,
  });
  return {
    ...state,
    canWrite,
    editable,
    history,
    headerEdit: editable
      ? {
          header: state.draft.header as D['header'],
          setHeader: state.setHeader,
          fieldError: state.fieldError,
          errors: state.errors,
        }
      : undefined,
    changeStatus,
    status,
    shell: {
      back: { to: opts.list, label: t(`${texts}.title`) },
      title,
      /** The browser tab's name: the number alone. */
      documentTitle: doc?.number ?? title,
      focusHeading: opts.focusHeading,
      dirty: state.dirty,
      save: editable ? { run: save, busy: creating || updating } : undefined,
      pdf: doc ? { path: api.pdfPath(doc.id), number: doc.number ?? `${t(`${texts}.draft`)}-${doc.id}` } : undefined,
      remove: doc && editable ? { run: () => remove(doc.id).unwrap(), busy: removing } : undefined,
    },
  };
}

/** Under a document's title: what names it (its customer, its reason), then its status chip. */
export const DocumentSubtitle = ({ name, chip }: { name: ReactNode; chip: ReactNode }) => (
  <Stack direction="row" spacing={1} useFlexGap component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
    <span>{name}</span>
    {chip}
  </Stack>
);
