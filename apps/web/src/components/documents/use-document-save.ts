import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useFocusInvalid } from '../focus-field';
import { problemMessage } from '../notify';

type Errors = Record<string, string>;

/** The page's content (AppShell's main), where a document's fields are. */
const mainContent = () => document.getElementById('main-content');
type Mutation<A, R> = (args: A) => { unwrap(): Promise<R> };

/**
 * Saving a document's draft, the same for every type: the contract's checks first (nothing is sent while a field
 * is wrong), then an update of the document or the creation of a new one — which then opens on its own page,
 * focus on its heading — and the server's field errors put back on the draft's fields and lines.
 */
export function useDocumentSave<B, D extends { id: number }>(opts: {
  doc: { id: number } | null;
  check: () => { body: B; errors: Errors };
  serverErrors: (error: unknown) => Errors;
  setErrors: (errors: Errors) => void;
  /** Needed for types whose documents are edited once created. */
  update?: Mutation<{ id: number; body: B }, unknown>;
  create: Mutation<B, D>;
  focusHeading?: RefObject<boolean>;
  /** The new document's page, and what the toast says of it. */
  created: (doc: D) => { path: string; message: string };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A refused save puts the cursor in its first faulty field (brought into view), not on the save button.
  const focusInvalid = useFocusInvalid(mainContent);
  return async (allowLeave: () => void) => {
    const { body, errors } = opts.check();
    opts.setErrors(errors);
    if (Object.keys(errors).length) {
      toast.error(t('purchaseOrders.validation.fix'));
      focusInvalid();
      return;
    }
    try {
      if (opts.doc && opts.update) {
        await opts.update({ id: opts.doc.id, body }).unwrap();
        if (opts.focusHeading) opts.focusHeading.current = true;
        toast.success(t('messages.edited'));
      } else {
        const doc = await opts.create(body).unwrap();
        const { path, message } = opts.created(doc);
        toast.success(message);
        allowLeave();
        void navigate(path, { replace: true, state: { focusHeading: true } });
      }
    } catch (error) {
      const onFields = opts.serverErrors(error);
      opts.setErrors(onFields);
      if (Object.keys(onFields).length) focusInvalid();
      toast.error(Object.keys(onFields).length ? t('purchaseOrders.validation.fix') : problemMessage(error, t));
    }
  };
}
