import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { LIFECYCLE_NOTE_MAX, lifecycleLabel, type TUserLifecycleCode } from '@tagstock/contract';
import { isQueryError } from '../../app/base-api';
import { problemMessage } from '../../components/notify';
import { useSendLifecycleStatusMutation } from './api';
import {
  lifecycleLanguage,
  reasonName,
  reasonRule,
  replyBody,
  replyErrorKey,
  replySchema,
  type ReplyValues,
} from './lifecycle';

const EMPTY: ReplyValues = { reasonCode: '', note: '' };

/** zodResolver on the contract's body schema, its messages turned into translation keys. */
const replyResolver = (code: TUserLifecycleCode): Resolver<ReplyValues> => {
  const resolve = zodResolver(replySchema(code) as never) as unknown as Resolver<ReplyValues>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const errors = result.errors as FieldErrors<ReplyValues>;
    for (const [field, error] of Object.entries(errors))
      if (error) error.message = replyErrorKey(field, { type: String(error.type), message: String(error.message) });
    // The form keeps its own values: the body is built again when sent.
    return Object.keys(errors).length ? result : { values, errors: {} };
  };
};

/**
 * The buyer's answer to a supplier about a received invoice: one status, with a reason from the closed list when the
 * status takes one (required where the rules require it), and a note. Refused fields show on their fields.
 */
export const StatusReplyDialog = ({
  invoiceId,
  code,
  onClose,
}: {
  invoiceId: number;
  /** The status being sent; null: the dialog is closed. */
  code: TUserLifecycleCode | null;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const names = lifecycleLanguage(i18n.resolvedLanguage);
  // The last status asked for stays while the dialog closes.
  const [shown, setShown] = useState<TUserLifecycleCode>(code ?? '205');
  useEffect(() => {
    if (code) setShown(code);
  }, [code]);
  const rule = reasonRule(shown);
  const resolver = useMemo(() => replyResolver(shown), [shown]);
  const { control, handleSubmit, reset, setError, formState } = useForm<ReplyValues>({
    resolver,
    defaultValues: EMPTY,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [send] = useSendLifecycleStatusMutation();

  useEffect(() => {
    if (code) {
      reset(EMPTY);
      setFormError(null);
    }
  }, [code, reset]);

  const submit = async (values: ReplyValues) => {
    setFormError(null);
    try {
      await send({ id: invoiceId, body: replyBody(shown, values) }).unwrap();
      toast.success(t('einvoicing.reply.sent', { status: lifecycleLabel(shown, names) }));
      onClose();
    } catch (error) {
      let placed = false;
      if (isQueryError(error))
        for (const fieldError of error.problem.errors ?? [])
          if (fieldError.field === 'reasonCode' || fieldError.field === 'note') {
            setError(fieldError.field, {
              type: 'server',
              message: replyErrorKey(fieldError.field, { code: fieldError.code, message: fieldError.message }),
            });
            placed = true;
          }
      if (!placed) setFormError(problemMessage(error, t));
    }
  };

  const title = t(`einvoicing.reply.titles.${shown}`);
  return (
    <Dialog open={code !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="status-reply-title">
      <form noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
        <DialogTitle id="status-reply-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {t('einvoicing.reply.explain', { status: lifecycleLabel(shown, names) })}
            </DialogContentText>
            {formError && <Alert severity="error">{formError}</Alert>}
            {rule.reasons.length > 0 && (
              <Controller
                control={control}
                name="reasonCode"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label={t('einvoicing.reply.reason')}
                    required={rule.required}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
                    fullWidth
                    slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
                  >
                    {!rule.required && (
                      <MenuItem value="">
                        <em>{t('actions.none')}</em>
                      </MenuItem>
                    )}
                    {rule.reasons.map((reason) => (
                      <MenuItem key={reason} value={reason}>
                        {reasonName(reason, names)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            <Controller
              control={control}
              name="note"
              render={({ field, fieldState }) => (
                <TextField
                  label={t('einvoicing.reply.note')}
                  multiline
                  minRows={2}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ? t(fieldState.error.message) : t('einvoicing.reply.noteHelp')}
                  slotProps={{ htmlInput: { maxLength: LIFECYCLE_NOTE_MAX } }}
                  fullWidth
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {t('einvoicing.reply.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
