import { Fragment, useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toast } from 'react-toastify';
import { nextStatuses, type TDocumentTransition } from '@tagstock/contract';
import { isQueryError } from '../../app/base-api';
import { visuallyHidden } from '../visually-hidden';
import { BackLink, LoadError } from '../BackLink';
import { ConfirmDialog } from '../ConfirmDialog';
import { useLeaveGuard } from '../LeaveGuard';
import { Loading } from '../Loading';
import { problemMessage } from '../notify';
import { PageHeader } from '../PageHeader';
import { PdfButton } from '../PdfButton';
import { StatusChangeDialog } from '../StatusChangeDialog';
import { statusKeys, transitionKeys } from './status-texts';

/** A document route's `:id`: a number, null for `new` (or no id), NaN for anything else (known missing). */
export const documentId = (param: string | undefined): number | null => {
  if (param === undefined || param === 'new') return null;
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : Number.NaN;
};

type Loaded<D> = { data?: D; isLoading: boolean; error?: unknown };

/** The document a new one is made from, as the URL names it (`invoiceId`, `12`), and what was read of it. */
export type DocumentSource<K extends string, S> = { key: K; id: string; data: S };

type SourceProps<F extends DocumentSource<string, unknown>> = {
  keys: readonly F['key'][];
  /** The type's query of what a new document takes from it, by the URL's parameter (`invoiceId=12`). */
  useSource: (query: string, options: { skip: boolean }) => Loaded<F['data']>;
  back: { to: string; label: string };
  render: (from?: F) => ReactNode;
};

/**
 * A new document's page made from another one when the URL names it (`new?invoiceId=12`): what `useSource` reads
 * of it, loading meanwhile, or why it cannot be read with the way back; without any of the keys, from nothing.
 */
const NewFromSource = <F extends DocumentSource<string, unknown>>({
  keys,
  useSource,
  back,
  render,
}: SourceProps<F>) => {
  const [params] = useSearchParams();
  const key = keys.find((k) => params.has(k));
  const id = key && params.get(key);
  const source = useSource(`${key}=${id}`, { skip: !key });
  if (!key) return <>{render()}</>;
  if (!source.data) return source.isLoading ? <Loading /> : <LoadError error={source.error} {...back} />;
  return <>{render({ key, id: id!, data: source.data } as F)}</>;
};

/**
 * A document type's detail route (`…/:id`, `…/new`): reads the id, loads the document with the type's query (none
 * for a new one) and says when it is missing, with the way back. The page starts again from each version the
 * server answers (after a save, a status change, a receipt), so `render` gets a fresh editor; `focusHeading`, set
 * by what replaced the element that had the focus, sends it to the new heading. The live status stays outside the
 * editor, so that a change of status is announced where it happens: "Status: …", then what `more` adds.
 */
export const DocumentLoader = <
  D extends { id: number; updatedAt: string; status: string },
  F extends DocumentSource<string, unknown> = never,
>({
  useDocument,
  poll,
  source,
  back,
  statuses,
  more,
  render,
}: {
  /** The type's query hook (RTK Query's `use…Query`). */
  useDocument: (id: number, options: { skip: boolean; pollingInterval?: number }) => Loaded<D>;
  /** Read again every `every` ms while the document is in one of these statuses (its lines follow an exit gate). */
  poll?: { while: readonly D['status'][]; every: number };
  /** A new document may be made from another one, named in the URL by one of `keys` and read by `useSource`. */
  source?: Omit<SourceProps<F>, 'back' | 'render'>;
  back: { to: string; label: string };
  /** The key of the type's status names (`invoices.statuses`). */
  statuses: string;
  more?: (doc: D) => string | null;
  render: (doc: D | null, focusHeading: RefObject<boolean>, from?: F) => ReactNode;
}) => {
  const { t } = useTranslation();
  const id = documentId(useParams().id);
  const skip = id === null || Number.isNaN(id);
  const query = useDocument(id ?? 0, { skip });
  const polled = query.data !== undefined && (poll?.while.includes(query.data.status) ?? false);
  useDocument(id ?? 0, { skip: skip || !polled, pollingInterval: poll?.every });
  const live = (doc: D) =>
    [t('documents.statusLive', { status: t(statusKeys(statuses, doc.status)) }), more?.(doc)]
      .filter(Boolean)
      .join(', ');
  // A new document arrives from `…/new` (another route) with the request in its state.
  const arrival = useLocation().state as { focusHeading?: boolean } | null;
  const focusHeading = useRef(arrival?.focusHeading === true);
  if (Number.isNaN(id)) return <LoadError error={null} missing {...back} />;
  if (id !== null && query.isLoading) return <Loading />;
  const doc = id === null ? null : query.data;
  if (doc === undefined) return <LoadError error={query.error} {...back} />;
  return (
    <>
      <Fragment key={doc ? `${doc.id}-${doc.updatedAt}` : 'new'}>
        {doc || !source ? (
          render(doc, focusHeading)
        ) : (
          <NewFromSource<F> {...source} back={back} render={(from) => render(null, focusHeading, from)} />
        )}
      </Fragment>
      <Box role="status" sx={visuallyHidden} data-testid="document-status-live">
        {doc && live(doc)}
      </Box>
    </>
  );
};

/**
 * The status actions of a document: the changes the contract's transitions allow this actor now, each confirmed
 * with an optional note. Texts are `${texts}.transitions.<status>.{action,title,confirm,done}`; a refusal the
 * contract names (the document changed meanwhile) is said with `refusals[code]`. A text the type does not write is
 * the documents' shared one (`documents.transitions.<status>.<part>`).
 */
export type DocumentStatus<S extends string, State> = {
  transitions: readonly TDocumentTransition<S, State>[];
  doc: State & { status: S; number?: string | null };
  actor: 'tenant' | 'platform';
  /** The user's permission to change it at all. */
  allowed: boolean;
  texts: string;
  refusals?: Record<string, string>;
  change: (to: S, note: string | null, options?: Record<string, boolean>) => Promise<unknown>;
  busy: boolean;
  /**
   * The choices a change offers besides its note, as checkboxes sent with it (finishing an inventory:
   * `{ finished: ['applyAdjustments'] }`), labelled `${texts}.transitions.<status>.options.<name>`.
   */
  options?: Partial<Record<S, readonly string[]>>;
  /**
   * A change made in one click, without the dialog, its button standing out: the document already says all (a
   * note whose every item went out through the gate is delivered at once).
   */
  direct?: S;
};

/** Why a change of status failed, in the user's words (a 409 says which change; the contract says why). */
export const transitionErrorMessage = <S extends string, State>(
  error: unknown,
  t: TFunction,
  status: Pick<DocumentStatus<S, State>, 'transitions' | 'doc' | 'refusals'>,
): string => {
  if (isQueryError(error) && error.status === 409 && error.problem.code === 'invalid_transition') {
    const { from, to } = error.problem.params ?? {};
    const rule = status.transitions.find((r) => r.from === from && r.to === to);
    const refusal = rule?.refuse?.(status.doc);
    if (refusal && status.refusals?.[refusal]) return t(status.refusals[refusal]);
  }
  return problemMessage(error, t);
};

const STATUS_ICONS: Record<string, ReactNode> = { canceled: <CancelIcon />, done: <SendIcon />, issued: <SendIcon /> };

type DocumentShellProps<S extends string, State> = {
  back: { to: string; label: string };
  title: string;
  /** The browser tab's name (the number alone). */
  documentTitle: string;
  subtitle?: ReactNode;
  focusHeading: RefObject<boolean>;
  /** Unsaved changes: leaving asks first, and status changes wait for a save. */
  dirty?: boolean;
  /** An editable document: the Save button and Ctrl+S. `allowLeave` lets the navigation after a creation through. */
  save?: { run: (allowLeave: () => void) => Promise<void>; busy: boolean; label?: string };
  pdf?: { path: string; number: string };
  status?: DocumentStatus<S, State>;
  /** A document that may be deleted now (a draft): Delete, confirmed, then back to the list. */
  remove?: { run: () => Promise<unknown>; busy: boolean };
  /** The type's own actions (receive, register EPCs), beside the status ones. */
  actions?: ReactNode;
  /** Why the document can no longer be edited, shown above it. */
  locked?: string | null;
  children: ReactNode;
};

/**
 * The detail page of a business document (DESIGN §4b): way back, title and statuses, PDF, status actions from
 * the contract, Save with Ctrl+S and a guard against leaving unsaved changes; the document's sections inside.
 */
export const DocumentShell = <S extends string, State>({
  back,
  title,
  documentTitle,
  subtitle,
  focusHeading,
  dirty = false,
  save,
  pdf,
  status,
  remove,
  actions,
  locked,
  children,
}: DocumentShellProps<S, State>) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const leaveGuard = useLeaveGuard(dirty);
  const [confirming, setConfirming] = useState<S | null>(null);
  // The dialog keeps its texts while it closes.
  const [shown, setShown] = useState<S | null>(null);
  if (confirming !== null && confirming !== shown) setShown(confirming);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [focusHeading]);

  const next = status?.allowed ? nextStatuses(status.transitions, status.doc, status.actor) : [];
  const run = async () => {
    if (!save || save.busy) return;
    await save.run(leaveGuard.allowNextLeave);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (save && event.key === 's' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void run();
    }
  };
  const text = (to: S, part: 'action' | 'title' | 'confirm' | 'done') =>
    t(transitionKeys(status!.texts, to, part), { number: status!.doc.number ?? '' });
  const changeStatus = async (to: S | null, note: string | null, options?: Record<string, boolean>) => {
    if (!status || !to) return;
    try {
      await status.change(to, note, options);
      focusHeading.current = true;
      toast.success(text(to, 'done'));
    } catch (error) {
      toast.error(transitionErrorMessage(error, t, status));
    }
    setConfirming(null);
  };

  const removeNow = async () => {
    try {
      await remove!.run();
      toast.success(t('documents.deleted'));
      leaveGuard.allowNextLeave();
      void navigate(back.to, { replace: true });
    } catch (error) {
      toast.error(problemMessage(error, t));
      setDeleting(false);
    }
  };

  return (
    <Box onKeyDown={onKeyDown}>
      <BackLink {...back} />
      <PageHeader
        title={title}
        headingRef={heading}
        subtitle={subtitle}
        documentTitle={documentTitle}
        actions={
          <>
            {pdf && <PdfButton {...pdf} />}
            {next
              .filter((to) => to !== status?.direct)
              .map((to) => (
                <Button
                  key={to}
                  variant="outlined"
                  color={to === 'canceled' ? 'error' : 'primary'}
                  startIcon={STATUS_ICONS[to]}
                  disabled={dirty}
                  title={dirty ? t('documents.saveFirst') : undefined}
                  onClick={() => setConfirming(to)}
                >
                  {text(to, 'action')}
                </Button>
              ))}
            {status?.direct && next.includes(status.direct) && (
              <Button
                variant="contained"
                disabled={dirty}
                title={dirty ? t('documents.saveFirst') : undefined}
                onClick={() => void changeStatus(status.direct!, null)}
              >
                {text(status.direct, 'action')}
              </Button>
            )}
            {actions}
            {remove && (
              <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
                {t('actions.delete')}
              </Button>
            )}
            {save && (
              <Button variant="contained" startIcon={<SaveIcon />} disabled={save.busy} onClick={() => void run()}>
                {save.label ?? t('actions.save')}
              </Button>
            )}
          </>
        }
      />
      {locked && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="read-only">
          {locked}
        </Alert>
      )}
      {children}
      {status && (
        <StatusChangeDialog
          open={confirming !== null}
          title={shown ? text(shown, 'title') : ''}
          message={shown ? text(shown, 'confirm') : ''}
          confirmLabel={shown ? text(shown, 'action') : ''}
          danger={shown === 'canceled'}
          busy={status.busy}
          options={(shown && status.options?.[shown])?.map((name) => ({
            name,
            label: t(`${status.texts}.transitions.${shown}.options.${name}`),
          }))}
          onConfirm={(note, options) => void changeStatus(confirming, note, options)}
          onClose={() => setConfirming(null)}
        />
      )}
      {remove && (
        <ConfirmDialog
          open={deleting}
          title={t('documents.deleteTitle')}
          message={t('documents.deleteConfirm')}
          confirmLabel={t('actions.delete')}
          danger
          busy={remove.busy}
          onConfirm={() => void removeNow()}
          onClose={() => setDeleting(false)}
        />
      )}
      {leaveGuard.dialog}
    </Box>
  );
};
