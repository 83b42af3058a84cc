import { useCallback, useEffect, useRef, useState } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

/**
 * What became of the last file sent: stays on the page, next to the control that sent it, until the next one. Its
 * title is SPEC §8's ("File uploaded", "Error uploading file"), its text what the upload did or why it was refused.
 */
export type UploadOutcome = { severity: AlertColor; text: string; id: number };

/** SPEC §8's words for the outcome: "File uploaded", or "Error uploading file" for a refusal. */
export const uploadTitleKey = (severity: AlertColor) =>
  severity === 'error' ? 'messages.uploadFailed' : 'messages.fileUploaded';

let outcomes = 0;

/**
 * The outcome of an upload (SPEC §8: "file uploaded", "Error uploading file"), the same for every file control:
 * `succeeded`, `refused` or `warned` set it, `<UploadMessage>` shows it and takes the focus, so a refused file's
 * reason stays readable rather than fading with a toast and the keyboard does not fall back to the page's body.
 */
export function useUploadMessage() {
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
  const show = useCallback(
    (severity: AlertColor) => (text: string) => setOutcome({ severity, text, id: ++outcomes }),
    [],
  );
  const succeeded = useCallback((text: string) => show('success')(text), [show]);
  const refused = useCallback((text: string) => show('error')(text), [show]);
  const warned = useCallback((text: string) => show('warning')(text), [show]);
  const clear = useCallback(() => setOutcome(null), []);
  return { outcome, succeeded, refused, warned, clear };
}

/** The last upload's outcome near its control; focused each time a new one arrives. */
export const UploadMessage = ({
  outcome,
  onClose,
  testId = 'upload-message',
}: {
  outcome: UploadOutcome | null;
  onClose?: () => void;
  testId?: string;
}) => {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const title = outcome ? t(uploadTitleKey(outcome.severity)) : '';
  const id = outcome?.id;
  useEffect(() => {
    if (id !== undefined) ref.current?.focus({ preventScroll: false });
  }, [id]);
  if (!outcome) return null;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity={outcome.severity}
      role={outcome.severity === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      onClose={onClose}
      closeText={t('actions.close')}
      sx={{ width: '100%', '&:focus-visible': { outline: '2px solid', outlineOffset: 2 } }}
    >
      {/* The text alone when it says no more than the title (a refusal with no reason known). */}
      {outcome.text === title ? (
        outcome.text
      ) : (
        <>
          <AlertTitle>{title}</AlertTitle>
          {outcome.text}
        </>
      )}
    </Alert>
  );
};
