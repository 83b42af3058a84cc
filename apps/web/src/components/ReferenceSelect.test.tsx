// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import '../app/i18n';
import '../app/i18n-admin';
import { i18n } from '../app/i18n';
import { ReferenceSelect } from './ReferenceSelect';
import type { ReferenceSource } from './reference-source';

// 150 suppliers: the first page by name holds the first 25, never no. 101.
const SUPPLIERS = Array.from({ length: 150 }, (_, i) => ({
  value: String(i + 1),
  label: `Fournisseur ${String(i + 1).padStart(3, '0')}`,
}));

const fakeSource = () => {
  const searches: { search: string; limit: number }[] = [];
  const labelsAsked: string[] = [];
  const source: ReferenceSource = {
    useSearch: (args, skip) => {
      if (!skip) searches.push(args);
      const matches = SUPPLIERS.filter((s) => s.label.toLowerCase().includes(args.search.toLowerCase()));
      return {
        options: skip ? [] : matches.slice(0, args.limit),
        total: matches.length,
        isFetching: false,
        isError: false,
      };
    },
    useLabel: (id, skip) => {
      if (!skip) labelsAsked.push(id);
      return skip ? undefined : SUPPLIERS.find((s) => s.value === id)?.label;
    },
  };
  return { source, searches, labelsAsked };
};

const Harness = ({
  source,
  initial,
  onChange,
}: {
  source: ReferenceSource;
  initial: string;
  onChange: (v: string) => void;
}) => {
  const [value, setValue] = useState(initial);
  return (
    <ReferenceSelect
      source={source}
      label="Supplier"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
};

afterEach(cleanup);

describe('ReferenceSelect', () => {
  it('shows the label of a current value beyond the first page, fetched by id', async () => {
    await i18n.changeLanguage('en');
    const { source, labelsAsked } = fakeSource();
    render(<Harness source={source} initial="101" onChange={() => undefined} />);
    const input = screen.getByRole('combobox', { name: 'Supplier' });
    expect((input as HTMLInputElement).value).toBe('Fournisseur 101');
    expect(labelsAsked).toContain('101');
  });

  it('searches the server as the user types and picks a match beyond the first page', async () => {
    await i18n.changeLanguage('en');
    const { source, searches } = fakeSource();
    const onChange = vi.fn();
    render(<Harness source={source} initial="" onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Supplier' });
    // Keyboard: the arrow key opens the list on its first page.
    act(() => input.focus());
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(await screen.findByRole('option', { name: 'Fournisseur 001' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Fournisseur 120' })).toBeNull();
    fireEvent.change(input, { target: { value: '120' } });
    await screen.findByRole('option', { name: 'Fournisseur 120' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('120');
    expect(searches.some((s) => s.search === '120' && s.limit <= 100)).toBe(true);
    expect((input as HTMLInputElement).value).toBe('Fournisseur 120');
  });

  it("says when nothing matches, in the user's language", async () => {
    await i18n.changeLanguage('fr');
    const { source } = fakeSource();
    render(<Harness source={source} initial="" onChange={() => undefined} />);
    const input = screen.getByRole('combobox', { name: 'Supplier' });
    act(() => input.focus());
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(await screen.findByText('Aucun résultat')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
