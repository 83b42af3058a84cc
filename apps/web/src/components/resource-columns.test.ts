import { describe, expect, it } from 'vitest';
import {
  choiceOf,
  columnStorageKey,
  defaultVisibility,
  fitVisibility,
  nextChoice,
  readColumnChoice,
  screenOf,
  visibilityWith,
  withHeaderWidths,
  writeColumnChoice,
} from './resource-columns';

const COLUMNS = [
  { field: 'reference' },
  { field: 'price', hideBelow: 'lg' as const },
  { field: 'supplier', hideBelow: 'xl' as const },
  { field: 'size', hideBelow: 'always' as const },
];

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

describe('defaultVisibility', () => {
  it('shows a column from its breakpoint up, and a secondary one at no width', () => {
    expect(defaultVisibility(COLUMNS, 900)).toEqual({ price: false, supplier: false, size: false });
    expect(defaultVisibility(COLUMNS, 1200)).toEqual({ price: true, supplier: false, size: false });
    expect(defaultVisibility(COLUMNS, 1536)).toEqual({ price: true, supplier: true, size: false });
  });
});

describe('the user choice', () => {
  it('keeps only what differs from the defaults, and lays it over them', () => {
    const defaults = defaultVisibility(COLUMNS, 1200);
    const model = { ...defaults, size: true, price: false, reference: true };
    const choice = choiceOf(
      model,
      defaults,
      COLUMNS.map((c) => c.field),
    );
    expect(choice).toEqual({ size: true, price: false });
    // On a wider screen the supplier shows by default, the user's choices still hold.
    expect(visibilityWith(defaultVisibility(COLUMNS, 1536), choice)).toEqual({
      price: false,
      supplier: true,
      size: true,
    });
  });

  it('is stored per user and screen, and a stored choice back to the defaults is removed', () => {
    const storage = memoryStorage();
    const key = columnStorageKey(7, screenOf('/admin/articles'));
    writeColumnChoice(storage, key, { size: true });
    expect(readColumnChoice(storage, key)).toEqual({ size: true });
    expect(readColumnChoice(storage, columnStorageKey(8, '/admin/articles'))).toEqual({});
    writeColumnChoice(storage, key, {});
    expect(storage.items.size).toBe(0);
  });

  it('ignores a stored value that is not field → boolean', () => {
    const storage = memoryStorage();
    storage.setItem('k1', 'not json');
    storage.setItem('k2', '["size"]');
    storage.setItem('k3', '{"size":"yes","price":false}');
    expect(readColumnChoice(storage, 'k1')).toEqual({});
    expect(readColumnChoice(storage, 'k2')).toEqual({});
    expect(readColumnChoice(storage, 'k3')).toEqual({ price: false });
  });

  it('names a screen without its record ids', () => {
    expect(screenOf('/admin/suppliers/12')).toBe('/admin/suppliers/:id');
    expect(screenOf('/admin/roles/3/permissions')).toBe('/admin/roles/:id/permissions');
    expect(screenOf('/admin/tagLogs')).toBe('/admin/tagLogs');
  });
});

describe('columns that fit', () => {
  // Eight pixels a character stands in for the browser's measure.
  const measure = (text: string) => text.length * 8;

  it('widens a column to its title and its sort button, and keeps a wider one', () => {
    const [date, status, flexible, fixed] = withHeaderWidths(
      [
        { field: 'orderDate', headerName: 'Date de commande', width: 125 },
        { field: 'status', headerName: 'Statut', width: 140 },
        { field: 'supplier', headerName: 'Fournisseur principal', flex: 1, minWidth: 120 },
        { field: 'lines', headerName: 'Nombre de lignes', width: 90, sortable: false },
      ],
      measure,
    );
    expect(date!.width).toBe(16 * 8 + 24 + 30);
    expect(status!.width).toBe(140);
    expect(flexible!.minWidth).toBe(21 * 8 + 24 + 30);
    expect(flexible!.width).toBeUndefined();
    expect(fixed!.width).toBe(16 * 8 + 24);
  });

  const TABLE = [
    { field: 'number', width: 150 },
    { field: 'supplier', flex: 1, minWidth: 200 },
    { field: 'net', hideBelow: 'md' as const, width: 100 },
    { field: 'lines', hideBelow: 'lg' as const, width: 100 },
    { field: 'gross', hideBelow: 'md' as const, width: 100 },
  ];
  const allShown = { net: true, lines: true, gross: true };

  it('leaves a table that fits as it is', () => {
    expect(fitVisibility(TABLE, allShown, {}, 650)).toEqual(allShown);
  });

  it('hides the widest breakpoint’s columns first, then the rightmost, until the table fits', () => {
    expect(fitVisibility(TABLE, allShown, {}, 600)).toEqual({ net: true, lines: false, gross: true });
    expect(fitVisibility(TABLE, allShown, {}, 500)).toEqual({ net: true, lines: false, gross: false });
    // The row actions count too.
    expect(fitVisibility(TABLE, allShown, {}, 500, 100)).toEqual({ net: false, lines: false, gross: false });
  });

  it('never hides a primary column nor one the user chose to show', () => {
    expect(fitVisibility(TABLE, allShown, { lines: true }, 300)).toEqual({ net: false, lines: true, gross: false });
    expect(fitVisibility(TABLE, { net: false, lines: false, gross: false }, {}, 100)).toEqual({
      net: false,
      lines: false,
      gross: false,
    });
  });
});

describe('a change in the column menu', () => {
  it('keeps the columns the user chose to show while another is hidden, even those the table shows anyway', () => {
    const fields = ['net', 'lines', 'gross'];
    // The user showed `lines` once; the fitted table shows it because it is chosen.
    const shown = { net: true, lines: true, gross: true };
    const next = nextChoice({ net: true, lines: true, gross: false }, shown, { lines: true }, fields);
    expect(next).toEqual({ lines: true, gross: false });
    // Undoing a choice records the new one.
    expect(nextChoice({ net: true, lines: false, gross: true }, shown, { lines: true }, fields)).toEqual({
      lines: false,
    });
  });
});
