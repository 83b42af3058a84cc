import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormRegister,
  type UseFormSetError,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isQueryError } from '../app/base-api';
import { firstFocusable, goTo, useFocusInvalid } from './focus-field';
import { fieldErrorKey, validationKey, type FieldKind } from './form-errors';
import { problemMessage } from './notify';
import { ConfirmDialog } from './ConfirmDialog';
import { DateField } from './DateField';
import { fromDecimalInput, toDecimalInput } from './format';
import { hasErrorCode } from '@tagstock/contract/constants';
import { ReferenceSelect } from './ReferenceSelect';
import type { ReferenceSource } from './reference-source';

/** One input of a resource form. Text values travel as strings; the contract schema coerces them. */
export type FieldDef = {
  name: string;
  labelKey: string;
  kind: FieldKind;
  /** Fixed choices; labels are translation keys. */
  options?: readonly { value: string; labelKey: string }[];
  /** A record of another resource, searched on the server as the user types. */
  reference?: ReferenceSource;
  /** Shown with an asterisk; the schema decides what is really required. */
  required?: boolean;
  /** Message when left empty, e.g. 'validation.selectSupplier'. */
  requiredKey?: string;
  /** Only in the create or the edit form. */
  only?: 'create' | 'edit';
  half?: boolean;
  readOnly?: boolean;
  /** Shown but never sent (e.g. an article's quantity, changed only by stock movements). */
  displayOnly?: boolean;
  autoComplete?: string;
  /** A value the form edits as text (e.g. a reader's antennas): record value → text, and text → what the schema receives. */
  toText?: (value: unknown) => string;
  fromText?: (text: string) => unknown;
  /** Its own input in place of a text field; the value stays text (see toText/fromText). */
  render?: (props: CustomFieldProps) => ReactNode;
  /** Starts a titled group of fields (a customer's delivery address): the title's translation key. */
  section?: string;
  /** A unit after the value ("% par an"): the label stays short enough to be read whole. Translation key. */
  unitKey?: string;
};

export type CustomFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

export type FormValues = Record<string, string | boolean>;

/** A record (or nothing, for a new one) as form values: null → '', numbers → strings. */
export const toFormValues = (fields: readonly FieldDef[], record?: Record<string, unknown> | null): FormValues =>
  Object.fromEntries(
    fields.map((field) => {
      const value = record?.[field.name];
      if (field.kind === 'checkbox') return [field.name, value === true];
      if (field.toText) return [field.name, field.toText(value)];
      return [field.name, value === null || value === undefined ? '' : String(value)];
    }),
  );

// Kinds whose empty input means "no value" (text fields keep '': the contract maps it to null).
const EMPTY_IS_MISSING = new Set<FieldKind>(['select', 'number', 'money', 'rate', 'date']);

/** Amounts as the user's language writes them ("27,60" in French); the server's text otherwise. */
export const localizeValues = (fields: readonly FieldDef[], values: FormValues, language: string): FormValues => {
  const out = { ...values };
  for (const field of fields) {
    const value = out[field.name];
    if (field.toText || typeof value !== 'string' || value === '') continue;
    if (field.kind === 'money') out[field.name] = toDecimalInput(value, language, 2);
    else if (field.kind === 'rate') out[field.name] = toDecimalInput(value, language, 0);
  }
  return out;
};

/** What the schema receives: empty numbers and selects are missing values; a French decimal comma is a dot. */
const normalize = (fields: readonly FieldDef[], values: FieldValues): FieldValues => {
  const out: FieldValues = {};
  for (const field of fields) {
    if (field.displayOnly) continue;
    const value: unknown = values[field.name];
    if (typeof value !== 'string') out[field.name] = value;
    else if (field.fromText) out[field.name] = field.fromText(value);
    else if (EMPTY_IS_MISSING.has(field.kind) && value.trim() === '') out[field.name] = undefined;
    else if (field.kind === 'money' || field.kind === 'rate') out[field.name] = fromDecimalInput(value);
    else out[field.name] = value;
  }
  return out;
};

/** zodResolver on the contract schema, with messages turned into translation keys. */
export const contractResolver =
  (schema: z.ZodType, fields: readonly FieldDef[]): Resolver<FieldValues> =>
  async (values, context, options) => {
    const result = await zodResolver(schema as z.ZodType<FieldValues, FieldValues>)(
      normalize(fields, values),
      context,
      options,
    );
    const errors = result.errors as FieldErrors;
    for (const [name, error] of Object.entries(errors)) {
      if (!error) continue;
      const field = fields.find((f) => f.name === name);
      error.message = validationKey({ type: String(error.type), message: String(error.message ?? '') }, field);
    }
    return result;
  };

const SelectField = ({
  field,
  value,
  onChange,
  onBlur,
  error,
  helperText,
}: {
  field: FieldDef;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: boolean;
  helperText?: string;
}) => {
  const { t } = useTranslation();
  if (field.reference)
    return (
      <ReferenceSelect
        source={field.reference}
        label={t(field.labelKey)}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
        helperText={helperText}
        required={field.required}
        disabled={field.readOnly}
      />
    );
  const options = (field.options ?? []).map((option) => ({ value: option.value, label: t(option.labelKey) }));
  const known = value === '' || options.some((o) => o.value === value);
  return (
    <TextField
      select
      label={t(field.labelKey)}
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={error}
      helperText={helperText}
      required={field.required}
      disabled={field.readOnly}
    >
      {!field.required && (
        <MenuItem value="">
          <em>{t('actions.none')}</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** A field's message: server ones arrive translated, the schema's as translation keys. */
const messageOf = (errors: FieldErrors, name: string, t: TFunction) => {
  const error = errors[name];
  if (!error) return undefined;
  const message = error.message;
  if (error.type === 'server' && typeof message === 'string') return message; // already translated
  // A list value (e.g. antennas) has its errors on its items.
  return typeof message === 'string' && message ? t(message) : t('validation.invalid');
};

/**
 * Puts a failed save's field errors on their fields, in the user's language (the server's code and parameters,
 * never its English message). Returns the form-level text, or null when every error found its field.
 */
export const placeServerErrors = (
  error: unknown,
  fields: readonly FieldDef[],
  setError: UseFormSetError<FieldValues>,
  t: TFunction,
): string | null => {
  if (!isQueryError(error)) return t('errors.generic');
  const unplaced: string[] = [];
  for (const fieldError of error.problem.errors ?? []) {
    const field = fields.find((f) => f.name === fieldError.field);
    const coded = fieldErrorKey(fieldError);
    const text = coded
      ? t(coded, fieldError.params)
      : t(
          hasErrorCode(error.problem, 'already_exists') ? 'validation.alreadyExists' : validationKey(fieldError, field),
        );
    if (field) setError(field.name, { type: 'server', message: text });
    else unplaced.push(text);
  }
  return !error.problem.errors?.length || unplaced.length ? problemMessage(error, t) : null;
};

/** After a refused submit: names the missing fields (the returned text) and focuses the first invalid one. */
export const reportInvalid = (
  errors: FieldErrors,
  fields: readonly FieldDef[],
  form: HTMLFormElement | null,
  t: TFunction,
): string | null => {
  const invalid = fields.filter((f) => errors[f.name]);
  const missing = invalid.filter((f) => /^validation\.(required|select)/.test(String(errors[f.name]?.message ?? '')));
  const first = invalid[0];
  if (first) goTo(firstFocusable(form?.querySelector(`[data-field="${first.name}"]`)));
  return missing.length ? t('safeActions.fillFields', { fields: missing.map((f) => t(f.labelKey)).join(', ') }) : null;
};

type ResourceFieldsProps = {
  fields: readonly FieldDef[];
  control: Control<FieldValues>;
  register: UseFormRegister<FieldValues>;
  errors: FieldErrors;
  /** Shown, not editable (a user who may read but not write). */
  disabled?: boolean;
};

/** The inputs of a resource form, in a grid (the dialog below, or a settings page). */
export const ResourceFields = ({ fields, control, register, errors, disabled }: ResourceFieldsProps) => {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      {fields.map((field) => [
        field.section && (
          <Grid key={`${field.name}-section`} size={12}>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
              {t(field.section)}
            </Typography>
          </Grid>
        ),
        <Grid key={field.name} size={{ xs: 12, sm: field.half ? 6 : 12 }} data-field={field.name}>
          {field.render ? (
            <Controller
              control={control}
              name={field.name}
              render={({ field: input }) => (
                <>
                  {field.render?.({
                    label: t(field.labelKey),
                    value: String(input.value ?? ''),
                    onChange: input.onChange,
                    error: messageOf(errors, field.name, t),
                  })}
                </>
              )}
            />
          ) : field.kind === 'select' ? (
            <Controller
              control={control}
              name={field.name}
              render={({ field: input }) => (
                <SelectField
                  field={disabled ? { ...field, readOnly: true } : field}
                  value={String(input.value ?? '')}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  error={Boolean(errors[field.name])}
                  helperText={messageOf(errors, field.name, t)}
                />
              )}
            />
          ) : field.kind === 'date' ? (
            <Controller
              control={control}
              name={field.name}
              render={({ field: input }) => (
                <DateField
                  label={t(field.labelKey)}
                  name={field.name}
                  value={String(input.value ?? '')}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  required={field.required}
                  disabled={disabled || field.displayOnly}
                  readOnly={field.readOnly}
                  fullWidth
                  error={Boolean(errors[field.name])}
                  helperText={messageOf(errors, field.name, t)}
                />
              )}
            />
          ) : field.kind === 'checkbox' ? (
            <Controller
              control={control}
              name={field.name}
              render={({ field: input }) => (
                <FormControlLabel
                  disabled={disabled}
                  control={<Switch checked={input.value === true} onChange={(e) => input.onChange(e.target.checked)} />}
                  label={t(field.labelKey)}
                />
              )}
            />
          ) : (
            <TextField
              label={t(field.labelKey)}
              type={field.kind === 'password' || field.kind === 'email' ? field.kind : 'text'}
              multiline={field.kind === 'textarea'}
              minRows={field.kind === 'textarea' ? 2 : undefined}
              required={field.required}
              autoComplete={field.autoComplete ?? (field.kind === 'password' ? 'new-password' : 'off')}
              disabled={disabled || field.displayOnly}
              slotProps={{
                input: field.unitKey
                  ? { endAdornment: <InputAdornment position="end">{t(field.unitKey)}</InputAdornment> }
                  : undefined,
                htmlInput: {
                  readOnly: field.readOnly,
                  inputMode:
                    field.kind === 'number'
                      ? 'numeric'
                      : field.kind === 'money' || field.kind === 'rate'
                        ? 'decimal'
                        : undefined,
                },
              }}
              {...register(field.name)}
              error={Boolean(errors[field.name])}
              helperText={messageOf(errors, field.name, t)}
            />
          )}
        </Grid>,
      ])}
    </Grid>
  );
};

type ResourceFormProps<TOutput> = {
  open: boolean;
  title: string;
  mode: 'create' | 'edit';
  fields: readonly FieldDef[];
  /** The contract's zod schema for this body (ZSupplierInput, ZArticleCreate…). */
  schema: z.ZodType<TOutput>;
  initialValues: FormValues;
  /** Throws the RTK Query error on failure: field errors then land on their fields. */
  onSubmit: (values: TOutput) => Promise<unknown>;
  onClose: () => void;
  /** Live, read-only information computed from the values (e.g. the price incl. tax). */
  preview?: (values: FormValues) => ReactNode;
  submitLabel?: string;
};

/**
 * A dialog form: react-hook-form + the contract schema; server field errors appear on their fields. It opens
 * with the focus in its first field, names the missing fields and focuses the first invalid one, and asks
 * before an outside click or Escape drops typed changes.
 */
export const ResourceForm = <TOutput,>({
  open,
  title,
  mode,
  fields,
  schema,
  initialValues,
  onSubmit,
  onClose,
  preview,
  submitLabel,
}: ResourceFormProps<TOutput>) => {
  const { t, i18n } = useTranslation();
  const visible = useMemo(() => fields.filter((f) => !f.only || f.only === mode), [fields, mode]);
  const resolver = useMemo(() => contractResolver(schema, visible), [schema, visible]);
  const shown = useMemo(
    () => localizeValues(visible, initialValues, i18n.language),
    [visible, initialValues, i18n.language],
  );
  const { control, register, handleSubmit, formState, setError, reset } = useForm<FieldValues>({
    resolver,
    defaultValues: shown,
    // The first invalid field gets the focus below, whatever its kind (reference selects have no ref).
    shouldFocusError: false,
  });
  const watched = useWatch({ control }) as FormValues;
  const [formError, setFormError] = useState<string | null>(null);
  const [askDiscard, setAskDiscard] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusInvalid(formRef);

  // Reset when the dialog opens or its values really change: a new object with the same values (a re-render, a
  // language detected again) must not wipe the fields typed and the errors a refused save just named.
  const shownKey = JSON.stringify(shown);
  useEffect(() => {
    if (open) {
      reset(shown);
      setFormError(null);
      setAskDiscard(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- shown is followed by its content (shownKey)
  }, [open, shownKey, reset]);

  // Read while rendering: react-hook-form tracks only the form state a render reads.
  const { isDirty } = formState;
  // An outside click or Escape may be a slip: typed changes are dropped only once the user says so.
  const requestClose = () => {
    if (isDirty) setAskDiscard(true);
    else onClose();
  };

  const submit = async (values: FieldValues) => {
    setFormError(null);
    try {
      await onSubmit(values as TOutput);
    } catch (error) {
      setFormError(placeServerErrors(error, visible, setError, t));
      // The server's refusal: its first faulty field, or its message (the focus was on the save button).
      focusInvalid();
    }
  };

  const onInvalid = (errors: FieldErrors) => setFormError(reportInvalid(errors, visible, formRef.current, t));

  // At the end of the opening transition, unless the user already went to a field (a fast click or typing would
  // otherwise lose its field, and a select its typed text, to the first field).
  const focusFirstField = () => {
    const active = document.activeElement;
    const inField = active instanceof HTMLElement && formRef.current?.contains(active) && active !== formRef.current;
    if (!inField) firstFocusable(formRef.current)?.focus();
  };

  return (
    <Dialog
      open={open}
      onClose={requestClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="resource-form-title"
      slotProps={{ transition: { onEntered: focusFirstField } }}
    >
      <form ref={formRef} noValidate onSubmit={(e) => void handleSubmit(submit, onInvalid)(e)}>
        <DialogTitle id="resource-form-title">{title}</DialogTitle>
        <DialogContent dividers>
          {formError && (
            <Alert severity="error" tabIndex={-1} sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <ResourceFields fields={visible} control={control} register={register} errors={formState.errors} />
          {preview?.(watched)}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {submitLabel ?? t('actions.save')}
          </Button>
        </DialogActions>
      </form>
      <ConfirmDialog
        open={askDiscard}
        title={t('safeActions.discardTitle')}
        message={t('safeActions.discardText')}
        confirmLabel={t('safeActions.discard')}
        cancelLabel={t('safeActions.keepEditing')}
        onConfirm={() => {
          setAskDiscard(false);
          onClose();
        }}
        onClose={() => setAskDiscard(false)}
      />
    </Dialog>
  );
};
