import type { GridColDef, GridColumnVisibilityModel, GridValidRowModel } from '@mui/x-data-grid';

/** Viewport widths of the theme's breakpoints (MUI defaults). */
export const BREAKPOINTS = { sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

/**
 * A column is shown by default from this breakpoint up; 'always': hidden by default at every width.
 * Hidden columns stay available from the column menu ("Manage columns").
 */
export type HideBelow = 'md' | 'lg' | 'xl' | 'always';

/** What a column is on a phone card: its title, its status chip, or one of its few lines. */
export type CardRole = 'primary' | 'status' | 'secondary';

/** A grid column plus where it shows: the width it needs and its place on a phone card. */
export type ResourceColumn<T extends GridValidRowModel> = GridColDef<T> & {
  hideBelow?: HideBelow;
  card?: CardRole;
};

/** Which columns show by default at this viewport width. */
export const defaultVisibility = (
  columns: readonly { field: string; hideBelow?: HideBelow }[],
  viewportWidth: number,
): GridColumnVisibilityModel => {
  const model: GridColumnVisibilityModel = {};
  for (const column of columns) {
    const { hideBelow } = column;
    if (!hideBelow) continue;
    model[column.field] = hideBelow !== 'always' && viewportWidth >= BREAKPOINTS[hideBelow];
  }
  return model;
};

/** The user's own choices: only the columns they showed or hid against the defaults. */
export type ColumnChoice = Record<string, boolean>;

export const visibilityWith = (
  defaults: GridColumnVisibilityModel,
  choice: ColumnChoice,
): GridColumnVisibilityModel => ({
  ...defaults,
  ...choice,
});

/** What the user changed against the defaults, the fields being those of the grid's columns. */
export const choiceOf = (
  model: GridColumnVisibilityModel,
  defaults: GridColumnVisibilityModel,
  fields: readonly string[],
): ColumnChoice => {
  const choice: ColumnChoice = {};
  for (const field of fields) {
    const shown = model[field] ?? true;
    if (shown !== (defaults[field] ?? true)) choice[field] = shown;
  }
  return choice;
};

/**
 * The user's choice after a change in the column menu: what now differs from what the table showed, plus the earlier
 * choices still in force. A column the user chose to show stays a choice even when the table shows it anyway, so
 * that fitting the table to its width never takes it away.
 */
export const nextChoice = (
  model: GridColumnVisibilityModel,
  shown: GridColumnVisibilityModel,
  choice: ColumnChoice,
  fields: readonly string[],
): ColumnChoice => {
  const next = choiceOf(model, shown, fields);
  for (const field of fields)
    if (!(field in next) && field in choice && (model[field] ?? true) === choice[field]) next[field] = choice[field]!;
  return next;
};

/** One key per user and screen: two people on one browser keep their own columns. */
export const columnStorageKey = (userId: number | string, screen: string) => `tagstock.columns.${userId}.${screen}`;

/** A screen's name from its path: record ids do not make a new screen (/admin/suppliers/12 → /admin/suppliers/:id). */
export const screenOf = (pathname: string) => pathname.replace(/\/\d+(?=\/|$)/g, '/:id');

export const readColumnChoice = (storage: Pick<Storage, 'getItem'> | undefined, key: string): ColumnChoice => {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    // Anything but field → boolean (an older format, a hand edit) is dropped rather than trusted.
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    );
  } catch {
    return {};
  }
};

export const writeColumnChoice = (
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  key: string,
  choice: ColumnChoice,
) => {
  try {
    if (Object.keys(choice).length === 0) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(choice));
  } catch {
    // A full or disabled storage only loses the preference.
  }
};

/** Room a header takes beside its title: 10 px padding each side, and the sort button when it sorts. */
const HEADER_PADDING = 24;
const SORT_BUTTON = 30;

/** How wide a column must be for its title to show whole (the sort button included: sorting must not cut it). */
export const headerWidth = (
  column: { headerName?: string; sortable?: boolean; type?: string },
  measure: (text: string) => number,
) =>
  Math.ceil(measure(column.headerName ?? '')) +
  HEADER_PADDING +
  (column.sortable === false || column.type === 'actions' ? 0 : SORT_BUTTON);

/** Columns made at least as wide as their titles: a French title is often longer than the width set for English. */
export const withHeaderWidths = <
  C extends { headerName?: string; sortable?: boolean; width?: number; minWidth?: number; flex?: number },
>(
  columns: readonly C[],
  measure: (text: string) => number,
): C[] =>
  columns.map((column) => {
    const needed = headerWidth(column, measure);
    if (column.flex) return { ...column, minWidth: Math.max(column.minWidth ?? 50, needed) };
    return { ...column, width: Math.max(column.width ?? 100, needed) };
  });

/** The width a column takes at least: a flexible one its minimum. */
const widthOf = (column: { width?: number; minWidth?: number; flex?: number }) =>
  column.flex ? (column.minWidth ?? 50) : (column.width ?? 100);

const SHED_ORDER: readonly HideBelow[] = ['xl', 'lg', 'md'];

/**
 * Hides secondary columns (those with a `hideBelow`) that the defaults show but the table has no room for:
 * the widest breakpoint's first, the rightmost first. Columns the user chose to show stay; primary columns
 * (no `hideBelow`) are never hidden. `available` is the table's width in pixels, `reserved` what other columns
 * (row actions) take.
 */
export const fitVisibility = (
  columns: readonly { field: string; hideBelow?: HideBelow; width?: number; minWidth?: number; flex?: number }[],
  model: GridColumnVisibilityModel,
  choice: ColumnChoice,
  available: number,
  reserved = 0,
): GridColumnVisibilityModel => {
  const fitted = { ...model };
  const shown = (field: string) => fitted[field] ?? true;
  let total = reserved + columns.reduce((sum, column) => sum + (shown(column.field) ? widthOf(column) : 0), 0);
  for (const breakpoint of SHED_ORDER) {
    for (const column of [...columns].reverse()) {
      if (total <= available) return fitted;
      if (column.hideBelow !== breakpoint || !shown(column.field) || choice[column.field] === true) continue;
      fitted[column.field] = false;
      total -= widthOf(column);
    }
  }
  return fitted;
};
