import type { ReactNode } from 'react';
import Grid, { type GridSize } from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TDocumentDiscount } from '@tagstock/contract';
import { customerRef } from '../../features/customers/api';
import { DateField } from '../DateField';
import { Fact, Facts } from '../Facts';
import { formatDate, formatDateTime } from '../format';
import { ReferenceSelect } from '../ReferenceSelect';
import type { ReferenceSource } from '../reference-source';
import { DiscountEditor, discountText, type DiscountDraft } from './DiscountEditor';
import type { DraftErrors } from './lines';

type Size = GridSize | Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', GridSize>>;
type FieldError = { error: boolean; helperText?: string };

/** What a custom input gets: the field's value, its setter, its error props, the whole header. */
export type HeaderInput<H> = {
  value: string;
  set: (value: string) => void;
  error: FieldError;
  errors: DraftErrors;
  header: H;
  setHeader: (changes: Partial<H>) => void;
  label: string;
};

type Common<H, D> = {
  /** The translation key of its label, on the form and on the facts (`factLabel` there when it differs). */
  label: string | ((header: H) => string);
  factLabel?: string;
  size?: Size;
  /** Not on the form for this header (a recipient when there is none). */
  hidden?: (header: H) => boolean;
  /**
   * Its value once the document is read only: the document's field of the same name, formatted by its kind (a
   * select's code by its label), unless given; `null` leaves it out of the facts (and `false` leaves out the fact
   * of a field kept on the form).
   */
  show?: ((doc: D, language: string) => ReactNode) | false;
  testId?: string;
};

/** A field on the form (and, read only, a fact) named as the draft's header field it edits. */
type Input<H, D> = Common<H, D> & {
  name: keyof H & string;
  required?: boolean;
  /** What a change writes, when more than the field (a change of kind clears its reference). */
  set?: (value: string, header: H) => Partial<H>;
  /**
   * What the form says under the field while it has no error: a translation key, or the text for this header and
   * document (the billing mode an invoice's saved lines give).
   */
  helper?: string | ((header: H, doc: D | null, t: TFunction) => string | undefined);
} & (
    | { kind: 'date' }
    /**
     * `placeholder`: what an empty field stands for (the customer's address for the delivery address); its label
     * stays above the field, also before that is known.
     */
    | { kind: 'text'; multiline?: boolean; maxLength?: number; placeholder?: string }
    /** Long text: a paragraph under the facts, not a fact; `labelled` begins it with its label ("Address: …"). */
    | { kind: 'notes'; maxLength?: number; minRows?: number; labelled?: boolean }
    /**
     * Codes named `${optionLabels}.<code>` (or by `optionLabels(code, t)`), on the form and as the fact; `empty`
     * labels the choice of none (''), shown as such.
     */
    | ({ kind: 'select' } & Choices)
    /** A reference (a customer, a reason), by the source its kind of header calls for. */
    | { kind: 'reference'; source: ReferenceSource | ((header: H) => ReferenceSource) }
    /** Another document it refers to (the invoice a note delivers): on the form, a link to its page. */
    | { kind: 'link'; to: (header: H) => string; text: (header: H) => ReactNode }
    | { kind: 'custom'; input: (props: HeaderInput<H>) => ReactNode }
  );

type Choices = {
  options: readonly (string | number)[];
  optionLabels: string | ((option: string, t: TFunction) => string);
  empty?: string;
};

const optionLabel = ({ optionLabels }: Choices, option: string, t: TFunction) =>
  typeof optionLabels === 'function' ? optionLabels(option, t) : t(`${optionLabels}.${option}`);

/** A fact of the document read only, never on the form (who created it, when it was validated). */
type ReadOnly<H, D> = Common<H, D> & { kind: 'fact'; name: string; show: (doc: D, language: string) => ReactNode };

/** One header field of a document type: declared once, it is a form field while editable and a fact otherwise. */
export type HeaderField<H, D> = Input<H, D> | ReadOnly<H, D>;

/** The customer of a sales document (proformas, delivery notes): required, read as its name. */
export const customerField = <H extends { customerId: string }, D extends { customerName: string }>(): HeaderField<
  H,
  D
> => ({
  name: 'customerId',
  label: 'fields.customer',
  kind: 'reference',
  source: customerRef,
  required: true,
  show: (doc) => doc.customerName,
});

/** The discount on a whole priced document (proformas, invoices): its editor, read as "10 %" or "25,00 €". */
export const discountField = <
  H extends { discount: DiscountDraft },
  D extends { discount: TDocumentDiscount },
>(): HeaderField<H, D> => ({
  name: 'discount',
  label: 'documents.discount.title',
  kind: 'custom',
  input: ({ header, errors, setHeader }) => (
    <DiscountEditor
      value={header.discount}
      error={errors.discount}
      onChange={(discount) => setHeader({ discount } as Partial<H>)}
    />
  ),
  show: (doc, language) => discountText(doc.discount, language),
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A document's value as read: dates in the user's language, "—" for nothing. */
const formatted = (value: unknown, language: string): ReactNode => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value !== 'string') return String(value);
  if (DATE.test(value)) return formatDate(value, language);
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value, language);
  return value;
};

const factLabel = <H, D>(field: HeaderField<H, D>) =>
  field.factLabel ?? (typeof field.label === 'string' ? field.label : field.name);

type Props<H, D> = {
  fields: readonly HeaderField<H, D>[];
  /** The form while the document is editable (its draft's header and setters), else its facts. */
  edit?: NoInfer<{
    header: H;
    setHeader: (changes: Partial<H>) => void;
    fieldError: (field: keyof H & string) => FieldError;
    errors: DraftErrors;
  }>;
  doc: D | null;
};

/**
 * The header of a document (DESIGN §4b) from its declared fields: a form while the status allows editing, its facts
 * (label: value) otherwise, long texts under them.
 */
export const DocumentHeader = <H extends object, D extends object>({ fields, edit, doc }: Props<H, D>) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  if (edit) {
    const { header, setHeader, fieldError, errors } = edit;
    const values = header as Record<string, unknown>;
    return (
      <Grid container spacing={2}>
        {fields.map((field) => {
          if (field.kind === 'fact' || field.hidden?.(header)) return null;
          const label = t(typeof field.label === 'function' ? field.label(header) : field.label);
          const value = String(values[field.name] ?? '');
          const set = (next: string) =>
            setHeader(field.set ? field.set(next, header) : ({ [field.name]: next } as Partial<H>));
          const error = fieldError(field.name);
          const helper =
            typeof field.helper === 'function' ? field.helper(header, doc, t) : field.helper && t(field.helper);
          const common = {
            label,
            required: field.required,
            error: error.error,
            helperText: error.helperText ?? helper,
          };
          let input: ReactNode;
          if (field.kind === 'reference') {
            const source = typeof field.source === 'function' ? field.source(header) : field.source;
            // A new select for each source: the search of one is not the other's.
            input = <ReferenceSelect key={label} source={source} value={value} onChange={set} {...common} />;
          } else if (field.kind === 'date') {
            input = <DateField fullWidth value={value} onChange={set} {...common} />;
          } else if (field.kind === 'select') {
            input = (
              <TextField
                select
                fullWidth
                value={value}
                onChange={(e) => set(e.target.value)}
                slotProps={
                  field.empty === undefined
                    ? undefined
                    : { select: { displayEmpty: true }, inputLabel: { shrink: true } }
                }
                {...common}
              >
                {field.empty !== undefined && <MenuItem value="">{t(field.empty)}</MenuItem>}
                {field.options.map((option) => (
                  <MenuItem key={option} value={String(option)}>
                    {optionLabel(field, String(option), t)}
                  </MenuItem>
                ))}
              </TextField>
            );
          } else if (field.kind === 'link') {
            input = (
              <Link component={RouterLink} to={field.to(header)}>
                {field.text(header)}
              </Link>
            );
          } else if (field.kind === 'custom') {
            input = field.input({ value, set, error, errors, header, setHeader, label });
          } else if (field.kind === 'notes') {
            input = (
              <TextField
                fullWidth
                multiline
                minRows={field.minRows ?? 1}
                value={value}
                onChange={(e) => set(e.target.value)}
                slotProps={{ htmlInput: { maxLength: field.maxLength ?? 2000 } }}
                {...common}
              />
            );
          } else {
            input = (
              <TextField
                fullWidth
                multiline={field.multiline}
                value={value}
                onChange={(e) => set(e.target.value)}
                placeholder={field.placeholder}
                slotProps={{
                  htmlInput: { maxLength: field.maxLength },
                  inputLabel: 'placeholder' in field ? { shrink: true } : undefined,
                }}
                {...common}
              />
            );
          }
          return (
            <Grid key={field.name} size={field.size ?? { xs: 12, md: 6 }}>
              {input}
            </Grid>
          );
        })}
      </Grid>
    );
  }
  if (!doc) return null;
  const record = doc as Record<string, unknown>;
  const notes = fields.filter((field) => field.kind === 'notes' && record[field.name]);
  return (
    <>
      <Facts>
        {fields.map((field) => {
          if (field.kind === 'notes' || field.show === false) return null;
          const raw = record[field.name];
          const value = field.show
            ? field.show(doc, language)
            : field.kind === 'select' && raw !== null && raw !== undefined && raw !== ''
              ? optionLabel(field, String(raw), t)
              : formatted(raw, language);
          if (value === null) return null;
          return <Fact key={field.name} label={t(factLabel(field))} value={value} testId={field.testId} />;
        })}
      </Facts>
      {notes.map((field) => (
        <Typography key={field.name} variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
          {field.kind === 'notes' && field.labelled
            ? `${t(factLabel(field))}${t('logs.labelSeparator')}${String(record[field.name])}`
            : String(record[field.name])}
        </Typography>
      ))}
    </>
  );
};
