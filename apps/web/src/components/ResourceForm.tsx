import { useEffect, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isQueryError } from '../app/base-api';
import { validationKey, type FieldKind } from './form-errors';
import { problemMessage } from './notify';

export type SelectOption = { value: string; label: string };

/** One input of a resource form. Text values travel as strings; the contract schema coerces them. */
export type FieldDef = {
  name: string;
  labelKey: string;
  kind: FieldKind;
  /** Fixed choices; labels are translation keys. */
  options?: readonly { value: string; labelKey: string }[];
  /** Choices loaded from another resource (a hook, called inside the select). */
  useOptions?: () => SelectOption[];
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

/** What the schema receives: empty numbers and selects are missing values; a French decimal comma is a dot. */
const normalize = (fields: readonly FieldDef[], values: FieldValues): FieldValues => {
  const out: FieldValues = {};
  for (const field of fields) {
    if (field.displayOnly) continue;
    const value: unknown = values[field.name];
    if (typeof value !== 'string') out[field.name] = value;
    else if (field.fromText) out[field.name] = field.fromText(value);
    else if (EMPTY_IS_MISSING.has(field.kind) && value.trim() === '') out[field.name] = undefined;
    else if (field.kind === 'money' || field.kind === 'rate') out[field.name] = value.trim().replace(',', '.');
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
  const remote = field.useOptions?.();
  const options: SelectOption[] =
    remote ?? (field.options ?? []).map((option) => ({ value: option.value, label: t(option.labelKey) }));
  // A value the options do not (yet) contain would make MUI warn: keep it selectable until they load.
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

/** A dialog form: react-hook-form + the contract schema; server field errors appear on their fields. */
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
  const { t } = useTranslation();
  const visible = useMemo(() => fields.filter((f) => !f.only || f.only === mode), [fields, mode]);
  const resolver = useMemo(() => contractResolver(schema, visible), [schema, visible]);
  const { control, register, handleSubmit, formState, setError, reset } = useForm<FieldValues>({
    resolver,
    defaultValues: initialValues,
  });
  const watched = useWatch({ control }) as FormValues;
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      reset(initialValues);
      setFormError(null);
    }
  }, [open, initialValues, reset]);

  const submit = async (values: FieldValues) => {
    setFormError(null);
    try {
      await onSubmit(values as TOutput);
    } catch (error) {
      if (!isQueryError(error)) {
        setFormError(t('errors.generic'));
        return;
      }
      const unplaced: string[] = [];
      for (const fieldError of error.problem.errors ?? []) {
        const field = visible.find((f) => f.name === fieldError.field);
        const key =
          error.problem.code === 'already_exists' ? 'validation.alreadyExists' : validationKey(fieldError, field);
        if (field) setError(field.name, { message: key === 'validation.invalid' ? fieldError.message : key });
        else unplaced.push(fieldError.message);
      }
      if (!error.problem.errors?.length || unplaced.length) {
        setFormError(problemMessage(error, t));
      }
    }
  };

  const onInvalid = (errors: FieldErrors) => {
    const empty = Object.values(errors).some((e) => /^validation\.(required|select)/.test(String(e?.message ?? '')));
    setFormError(empty ? t('validation.fillAllFields') : null);
  };

  const messageOf = (name: string) => {
    const error = formState.errors[name];
    if (!error) return undefined;
    const message = error.message;
    // A list value (e.g. antennas) has its errors on its items.
    return typeof message === 'string' && message ? t(message) : t('validation.invalid');
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="resource-form-title">
      <form noValidate onSubmit={(e) => void handleSubmit(submit, onInvalid)(e)}>
        <DialogTitle id="resource-form-title">{title}</DialogTitle>
        <DialogContent dividers>
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <Grid container spacing={2}>
            {visible.map((field) => (
              <Grid key={field.name} size={{ xs: 12, sm: field.half ? 6 : 12 }}>
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
                          error: messageOf(field.name),
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
                        field={field}
                        value={String(input.value ?? '')}
                        onChange={input.onChange}
                        onBlur={input.onBlur}
                        error={Boolean(formState.errors[field.name])}
                        helperText={messageOf(field.name)}
                      />
                    )}
                  />
                ) : field.kind === 'checkbox' ? (
                  <Controller
                    control={control}
                    name={field.name}
                    render={({ field: input }) => (
                      <FormControlLabel
                        control={
                          <Switch checked={input.value === true} onChange={(e) => input.onChange(e.target.checked)} />
                        }
                        label={t(field.labelKey)}
                      />
                    )}
                  />
                ) : (
                  <TextField
                    label={t(field.labelKey)}
                    type={
                      field.kind === 'password' || field.kind === 'email' || field.kind === 'date' ? field.kind : 'text'
                    }
                    multiline={field.kind === 'textarea'}
                    minRows={field.kind === 'textarea' ? 2 : undefined}
                    required={field.required}
                    autoComplete={field.autoComplete ?? (field.kind === 'password' ? 'new-password' : 'off')}
                    disabled={field.displayOnly}
                    slotProps={{
                      htmlInput: {
                        readOnly: field.readOnly,
                        inputMode:
                          field.kind === 'number'
                            ? 'numeric'
                            : field.kind === 'money' || field.kind === 'rate'
                              ? 'decimal'
                              : undefined,
                      },
                      inputLabel: field.kind === 'date' ? { shrink: true } : undefined,
                    }}
                    {...register(field.name)}
                    error={Boolean(formState.errors[field.name])}
                    helperText={messageOf(field.name)}
                  />
                )}
              </Grid>
            ))}
          </Grid>
          {preview?.(watched)}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {submitLabel ?? t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
