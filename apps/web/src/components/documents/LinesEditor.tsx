import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../ScrollRegion';
import { EmptyRow } from '../Section';
import { visuallyHidden } from '../visually-hidden';
import type { DraftErrors, LineDraft } from './lines';

/** A fixed choice of a column: its value ('' for none), its label, and what a closed select shows when shorter. */
export type Choice = { value: string; label: string; short?: string };

/** A column of the lines after the item: typed in (quantity, price, EPCs) or shown (an amount, what was received). */
export type LineColumn<L> = {
  /** The contract's field: its errors are `lines.<i>.<field>`. */
  field: string;
  label: string;
  /** The value as read (a read-only document, a phone's card, a computed amount). */
  show: (line: L) => string;
  input?: {
    value: (line: L) => string;
    set: (text: string) => Partial<L>;
    mode?: 'numeric' | 'decimal' | 'text';
    /** Several values, one per row (EPCs): Enter starts a new row instead of moving on. */
    multiline?: boolean;
    /** Chosen, not typed (a sales line's French VAT rates, its exemption): a select of these. */
    options?: (line: L) => readonly Choice[];
  };
  width?: number;
  testId?: string;
  /** Whether the column concerns this line (an exemption, at 0 % only); '—' in the table otherwise. */
  when?: (line: L) => boolean;
  /** Only to edit: a read document, a phone's card show its value in another column (the VAT's name). */
  editOnly?: boolean;
  /** What a change of the line writes in this column too (the default exemption when the rate becomes 0). */
  follow?: (line: L, changes: Partial<L>) => Partial<L>;
};

/** A change of a line with what the columns write along with it. */
const changed = <L,>(line: L, changes: Partial<L>, columns: readonly LineColumn<L>[]): L =>
  columns.reduce<L>((next, column) => (column.follow ? { ...next, ...column.follow(line, changes) } : next), {
    ...line,
    ...changes,
  });

const applies = <L,>(column: LineColumn<L>, line: L) => column.when?.(line) ?? true;

/** A chosen column's select in a table cell or the phone's line form. */
const ChoiceInput = <L,>({
  input,
  line,
  ...props
}: {
  input: NonNullable<LineColumn<L>['input']>;
  line: L;
  onChange: (value: string) => void;
  label?: string;
  ariaLabel?: string;
  error?: string;
  size?: 'small';
  fullWidth?: boolean;
}) => {
  const options = input.options!(line);
  const value = input.value(line);
  return (
    <TextField
      select
      size={props.size}
      fullWidth={props.fullWidth}
      label={props.label}
      value={options.some((option) => option.value === value) ? value : ''}
      error={Boolean(props.error)}
      helperText={props.error}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{
        htmlInput: { 'aria-label': props.ariaLabel },
        select: {
          // "None" is a choice too (an exemption not chosen yet): shown, not blank.
          displayEmpty: true,
          renderValue: (selected) => {
            const option = options.find((o) => o.value === selected);
            return option ? (option.short ?? option.label) : '';
          },
        },
      }}
      sx={{ minWidth: 90 }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.value === '' ? <em>{option.label}</em> : option.label}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** How a line's item is picked: the picker writes the item and what comes with it (price, VAT) on the line. */
export type LinePicker<L> = {
  field: string;
  label: string;
  /** None for a document only read. */
  render?: (props: {
    line: L;
    label: string;
    error?: string;
    inputRef: Ref<HTMLInputElement>;
    pick: (patch: Partial<L>) => void;
  }) => ReactNode;
};

export type LinesEditorProps<L extends LineDraft> = {
  lines: L[];
  picker: LinePicker<L>;
  columns: readonly LineColumn<L>[];
  /** Editing: the new lines, a new empty line, the checks of the phone's line form (errors by field). */
  edit?: {
    onChange: (lines: L[]) => void;
    newLine: () => L;
    validateLine: (line: L) => DraftErrors;
  };
  errors?: DraftErrors;
  /** Lines a document may hold. */
  max?: number;
};

/** What the two layouts take: editing or not, spelled out. */
type LayoutProps<L extends LineDraft> = Omit<LinesEditorProps<L>, 'edit' | 'errors'> &
  NonNullable<LinesEditorProps<L>['edit']> & { readOnly: boolean; errors: DraftErrors };

const readOnlyEdit = { onChange: () => undefined, newLine: () => undefined as never, validateLine: () => ({}) };

/**
 * The lines of a document: a table for the keyboard, or on a phone (< 600 px) a card per line edited in a form.
 * Without `edit` (or a picker), the lines are only read.
 */
export const LinesEditor = <L extends LineDraft>({ edit, errors = {}, ...props }: LinesEditorProps<L>) => {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { t } = useTranslation();
  const columns = edit ? props.columns : props.columns.filter((column) => !column.editOnly);
  const layout: LayoutProps<L> = { ...props, columns, ...(edit ?? readOnlyEdit), readOnly: !edit, errors };
  // An error of the lines as a whole (none to send).
  const whole = errors.lines;
  return (
    <>
      {phone ? <LineCards {...layout} /> : <LineTable {...layout} />}
      {whole && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          {t(whole)}
        </Typography>
      )}
    </>
  );
};

type FocusTarget = { key: string; field: string };

/**
 * For the keyboard: type a reference and Enter picks the item (its price and VAT rate fill the line) and moves to
 * the first typed column; Tab goes through the line; Enter in it goes to the next line, adding one after the last.
 */
const LineTable = <L extends LineDraft>({
  lines,
  onChange,
  readOnly,
  errors,
  newLine,
  picker,
  columns,
  max,
}: LayoutProps<L>) => {
  const { t } = useTranslation();
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const firstInput = columns.find((column) => column.input)?.field ?? picker.field;

  useEffect(() => {
    if (!focus) return;
    const input = inputs.current.get(`${focus.key}:${focus.field}`);
    if (!input) return;
    input.focus();
    input.select();
    setFocus(null);
  }, [focus, lines]);

  const refOf = (key: string, field: string) => (el: HTMLInputElement | null) => {
    if (el) inputs.current.set(`${key}:${field}`, el);
    else inputs.current.delete(`${key}:${field}`);
  };
  const patch = (key: string, changes: Partial<L>) =>
    onChange(lines.map((line) => (line.key === key ? changed(line, changes, columns) : line)));
  const addLine = () => {
    if (max !== undefined && lines.length >= max) return;
    const line = newLine();
    onChange([...lines, line]);
    setFocus({ key: line.key, field: picker.field });
  };
  const removeLine = (index: number) => {
    const next = lines.filter((_, i) => i !== index);
    onChange(next);
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) setFocus({ key: neighbour.key, field: picker.field });
  };
  const onEnter = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const next = lines[index + 1];
    if (next) setFocus({ key: next.key, field: picker.field });
    else addLine();
  };
  const fieldLabel = (label: string, n: number) => t('documents.lineField', { field: label, n });
  const errorOf = (index: number, field: string) => {
    const key = errors[`lines.${index}.${field}`];
    return key && t(key);
  };

  return (
    <>
      <ScrollRegion label={t('documents.lines')}>
        <Table size="small" aria-label={t('documents.lines')} data-testid="document-lines">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 40 }}>#</TableCell>
              <TableCell>{picker.label}</TableCell>
              {columns.map((column) => (
                <TableCell
                  key={column.field}
                  align={column.input?.multiline || column.input?.options ? 'left' : 'right'}
                  sx={column.input ? undefined : { whiteSpace: 'nowrap' }}
                >
                  {column.label}
                </TableCell>
              ))}
              {!readOnly && (
                // Positioned: the hidden name stays inside the table's scrolling region (else the page scrolls).
                <TableCell sx={{ width: 48, position: 'relative' }}>
                  <Box component="span" sx={visuallyHidden}>
                    {t('actions.delete')}
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, index) => {
              const n = index + 1;
              return (
                <TableRow key={line.key} data-testid={`document-line-${n}`}>
                  <TableCell>{n}</TableCell>
                  <TableCell sx={{ minWidth: 280 }}>
                    {readOnly
                      ? line.itemLabel
                      : picker.render?.({
                          line,
                          label: fieldLabel(picker.label, n),
                          error: errorOf(index, picker.field),
                          inputRef: refOf(line.key, picker.field),
                          pick: (changes) => {
                            patch(line.key, changes);
                            setFocus({ key: line.key, field: firstInput });
                          },
                        })}
                  </TableCell>
                  {columns.map((column) => {
                    const { field, label, input, show, width, testId } = column;
                    const error = errorOf(index, field);
                    return (
                      <TableCell
                        key={field}
                        align={input?.multiline || input?.options ? 'left' : 'right'}
                        sx={{ width: width ?? 100, whiteSpace: input ? undefined : 'nowrap' }}
                        data-testid={testId}
                      >
                        {readOnly || !input || !applies(column, line) ? (
                          show(line)
                        ) : input.options ? (
                          <ChoiceInput
                            input={input}
                            line={line}
                            size="small"
                            fullWidth
                            ariaLabel={fieldLabel(label, n)}
                            error={error}
                            onChange={(value) => patch(line.key, input.set(value))}
                          />
                        ) : (
                          <TextField
                            size="small"
                            value={input.value(line)}
                            error={Boolean(error)}
                            helperText={error}
                            multiline={input.multiline}
                            onChange={(e) => patch(line.key, input.set(e.target.value))}
                            onKeyDown={input.multiline ? undefined : onEnter(index)}
                            inputRef={refOf(line.key, field)}
                            slotProps={{
                              htmlInput: {
                                'aria-label': fieldLabel(label, n),
                                inputMode: input.mode ?? 'decimal',
                                style: input.multiline ? undefined : { textAlign: 'right' },
                              },
                            }}
                          />
                        )}
                      </TableCell>
                    );
                  })}
                  {!readOnly && (
                    <TableCell>
                      <IconButton
                        size="small"
                        aria-label={t('documents.removeLine', { n })}
                        onClick={() => removeLine(index)}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
            {lines.length === 0 && <EmptyRow columns={columns.length + 3} text={t('documents.noLines')} />}
          </TableBody>
        </Table>
      </ScrollRegion>
      {!readOnly && (
        <>
          <AddLineButton disabled={max !== undefined && lines.length >= max} onClick={addLine} />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {t('documents.keyboardHelp')}
          </Typography>
        </>
      )}
    </>
  );
};

const AddLineButton = ({ disabled, onClick }: { disabled: boolean; onClick: () => void }) => {
  const { t } = useTranslation();
  return (
    <Button startIcon={<AddIcon />} disabled={disabled} onClick={onClick} sx={{ mt: 1 }}>
      {t('documents.addLine')}
    </Button>
  );
};

/** The line being edited: its place (null for a new one) and its values as typed. */
type Editing<L> = { index: number | null; line: L };

/** On a phone: a short card per line, and one line at a time edited in a form, where a row would not fit. */
const LineCards = <L extends LineDraft>(props: LayoutProps<L>) => {
  const { lines, onChange, readOnly, errors, newLine, picker, columns, max } = props;
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing<L> | null>(null);
  const fields = [{ field: picker.field, label: picker.label }, ...columns];

  const save = (index: number | null, line: L) => {
    onChange(index === null ? [...lines, line] : lines.map((current, i) => (i === index ? line : current)));
    setEditing(null);
  };

  return (
    <>
      <Stack
        component="ul"
        aria-label={t('documents.lines')}
        data-testid="document-lines"
        spacing={1}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {lines.map((line, index) => {
          const n = index + 1;
          const lineErrors = fields.flatMap(({ field, label }) => {
            const error = errors[`lines.${index}.${field}`];
            return error ? [`${label}${t('logs.labelSeparator')}${t(error)}`] : [];
          });
          return (
            <Box
              component="li"
              key={line.key}
              data-testid={`document-line-${n}`}
              sx={{
                border: 1,
                borderColor: lineErrors.length ? 'error.main' : 'divider',
                borderRadius: 1,
                px: 1.5,
                py: 1,
                overflowWrap: 'anywhere',
              }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography variant="body2" component="div" sx={{ fontWeight: 600, flex: 1, minWidth: 0, pt: 0.5 }}>
                  {n}. {line.itemLabel || t('documents.nothingPicked')}
                </Typography>
                {!readOnly && (
                  <Stack direction="row" sx={{ flexShrink: 0 }}>
                    <IconButton
                      size="small"
                      aria-label={t('documents.editLine', { n })}
                      onClick={() => setEditing({ index, line })}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('documents.removeLine', { n })}
                      onClick={() => onChange(lines.filter((_, i) => i !== index))}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                )}
              </Stack>
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, m: 0, mt: 0.5 }}
              >
                {columns
                  .filter((column) => !column.editOnly)
                  .map((column) => (
                    <Fact key={column.field} label={column.label} value={column.show(line)} testId={column.testId} />
                  ))}
              </Box>
              {lineErrors.map((error) => (
                <Typography key={error} variant="body2" color="error" sx={{ mt: 0.5 }}>
                  {error}
                </Typography>
              ))}
            </Box>
          );
        })}
      </Stack>
      {lines.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1, textAlign: 'center' }}>
          {t('documents.noLines')}
        </Typography>
      )}
      {!readOnly && (
        <AddLineButton
          disabled={max !== undefined && lines.length >= max}
          onClick={() => setEditing({ index: null, line: newLine() })}
        />
      )}
      {editing && (
        <LineDialog
          {...props}
          n={(editing.index ?? lines.length) + 1}
          initial={editing.line}
          onCancel={() => setEditing(null)}
          onSave={(line) => save(editing.index, line)}
        />
      )}
    </>
  );
};

const Fact = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <>
    <Typography variant="body2" component="dt" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid={testId}>
      {value}
    </Typography>
  </>
);

/** One line's form: the item (its price and VAT rate fill in), then the typed columns. */
const LineDialog = <L extends LineDraft>({
  n,
  initial,
  picker,
  columns,
  validateLine,
  onCancel,
  onSave,
}: LayoutProps<L> & { n: number; initial: L; onCancel: () => void; onSave: (line: L) => void }) => {
  const { t } = useTranslation();
  const [line, setLine] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const first = useRef<HTMLInputElement>(null);
  const item = useRef<HTMLInputElement>(null);
  // Once the dialog is in, a new line starts at its item, an existing one at its first typed field (most often
  // the quantity, the one changed).
  const focusFirst = () => (initial.itemId === null ? item : first).current?.focus();
  const typed = columns.filter((column) => column.input && applies(column, line));

  const patch = (changes: Partial<L>) => {
    setLine((current) => changed(current, changes, columns));
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(changes)) delete next[field === 'itemId' ? picker.field : field];
      return next;
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLine(line);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(line);
  };

  return (
    <Dialog
      open
      fullWidth
      onClose={onCancel}
      aria-labelledby="line-dialog-title"
      slotProps={{ transition: { onEntered: focusFirst } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="line-dialog-title">{t('documents.lineTitle', { n })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {picker.render?.({
              line,
              label: picker.label,
              error: errors[picker.field] && t(errors[picker.field]!),
              inputRef: item,
              pick: (changes) => {
                patch(changes);
                first.current?.focus();
                first.current?.select();
              },
            })}
            {typed.map(({ field, label, input }, i) =>
              input!.options ? (
                <ChoiceInput
                  key={field}
                  input={input!}
                  line={line}
                  label={label}
                  error={errors[field] && t(errors[field])}
                  onChange={(value) => patch(input!.set(value))}
                />
              ) : (
                <TextField
                  key={field}
                  label={label}
                  value={input!.value(line)}
                  onChange={(e) => patch(input!.set(e.target.value))}
                  error={Boolean(errors[field])}
                  helperText={errors[field] && t(errors[field])}
                  multiline={input!.multiline}
                  minRows={input!.multiline ? 3 : undefined}
                  inputRef={i === 0 ? first : undefined}
                  slotProps={{ htmlInput: { inputMode: input!.mode ?? 'decimal' } }}
                />
              ),
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('documents.applyLine')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
