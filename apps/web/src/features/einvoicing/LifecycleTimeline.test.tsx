// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { TLifecycleEvent } from '@tagstock/contract';
import { i18n } from '../../app/i18n';
import '../../app/i18n-admin';
import '../../app/api-setup';
import { store } from '../../app/store';
import { LifecycleTimeline } from './LifecycleTimeline';
import { StatusReplyDialog } from './StatusReplyDialog';

const EVENTS: TLifecycleEvent[] = [
  { code: '200', label: 'Déposée', at: '2026-09-01T08:00:00.000Z', source: 'platform' },
  { code: '203', label: 'Mise à disposition', at: '2026-09-01T08:00:03.000Z', source: 'platform' },
  {
    code: '207',
    label: 'En litige',
    at: '2026-09-01T09:00:00.000Z',
    source: 'user',
    reasonCode: 'QTE_ERR',
    note: 'Deux cartons manquent',
  },
  {
    code: '213',
    label: 'Rejetée',
    at: '2026-09-01T09:30:00.000Z',
    source: 'platform',
    reasonCode: 'DOUBLON',
    duplicate: true,
  },
];

beforeAll(async () => {
  await i18n.changeLanguage('fr');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('LifecycleTimeline', () => {
  it('heads the list with the current status, a duplicate’s 213 greyed and never the current one', () => {
    render(<LifecycleTimeline events={EVENTS} />);
    expect(screen.getByTestId('lifecycle-current').textContent).toBe('En litige');
    const items = within(screen.getByRole('list', { name: 'Statuts sur la plateforme agréée' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.getAttribute('data-code'))).toEqual(['200', '203', '207', '213']);
    expect(items[0]!.textContent).toContain('200 — Déposée');
    expect(items[0]!.textContent).toContain('Plateforme');
    // Our own status: "Vous", its reason by name, its note.
    expect(items[2]!.textContent).toContain('Vous');
    expect(items[2]!.textContent).toContain('Motif\u202f: Quantité facturée incorrecte');
    expect(items[2]!.textContent).toContain('Deux cartons manquent');
    expect(items[3]!.textContent).toContain('concerne un doublon');
    expect(items[3]!.textContent).toContain('Facture en doublon');
  });

  it('says so when no status came yet', () => {
    render(<LifecycleTimeline events={[]} />);
    expect(screen.getByTestId('lifecycle-empty').textContent).toBe('Aucun statut reçu pour le moment.');
  });
});

describe('StatusReplyDialog', () => {
  const open = (code: '205' | '210') =>
    render(
      <Provider store={store}>
        <StatusReplyDialog invoiceId={4} code={code} onClose={() => undefined} />
      </Provider>,
    );

  it('requires a reason for a refusal, offering only the reasons a refusal allows, before anything is sent', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    open('210');
    expect(screen.getByRole('heading', { name: 'Refuser la facture' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer au fournisseur' }));
    await waitFor(() => expect(screen.getByText(/^Choisissez un motif\s: ce statut en demande un$/)).toBeTruthy());
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Motif/ }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toContain('Taux de TVA erroné');
    expect(options).not.toContain('Justificatif absent ou insuffisant');
    // Required: no "none" choice.
    expect(options).not.toContain('Aucun');
  });

  it('asks no reason for an approval', () => {
    open('205');
    expect(screen.getByRole('heading', { name: 'Approuver la facture' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Motif/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Note pour le fournisseur' })).toBeTruthy();
  });
});
