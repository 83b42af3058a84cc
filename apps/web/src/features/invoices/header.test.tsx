// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import type { TInvoice } from '@tagstock/contract';
import { i18n } from '../../app/i18n';
import '../../app/i18n-admin';
import '../../app/api-setup';
import { store } from '../../app/store';
import { DocumentHeader } from '../../components/documents/DocumentHeader';
import { formatDate, formatDateTime } from '../../components/format';
import { invoiceDraftOf } from './draft';
import { INVOICE_HEADER } from './header';

const ISSUED = {
  id: 3,
  number: 'FA-2026-000003',
  status: 'issued',
  customerId: 7,
  customerName: 'Boulangerie Moreau',
  invoiceDate: '2026-03-02',
  dueDate: '2026-04-01',
  billingDate: null,
  orderDate: null,
  paymentTermDays: 30,
  paymentType: 'sepa_transfer',
  paymentModeId: null,
  paymentModeLabel: null,
  deliveryAddress: '3 place du Marché\n69001 Lyon',
  discount: { type: 'percent', value: '10' },
  notes: 'Livré en deux fois',
  billingMode: 'B1',
  billingModeDerived: true,
  proformaId: 12,
  proformaNumber: 'PF-2026-000012',
  createdByName: 'Claire Martin',
  issuedAt: '2026-03-02T10:00:00.000Z',
  lines: [],
  creditNotes: [],
} as unknown as TInvoice;

const t = (key: string) => i18n.t(key);

const renderHeader = (invoice: TInvoice, editable = false) => {
  const draft = invoiceDraftOf(invoice, 'en');
  const fieldError = () => ({ error: false, helperText: undefined });
  const edit = editable ? { header: draft.header, setHeader: () => undefined, fieldError, errors: {} } : undefined;
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <DocumentHeader fields={INVOICE_HEADER} doc={invoice} edit={edit} />
      </MemoryRouter>
    </Provider>,
  );
};

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  // No server: the references' labels and searches find nothing.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ items: [], total: 0 }), { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the invoice header, declared once', () => {
  it('reads an issued invoice as facts, then its delivery address and notes', () => {
    const { container } = renderHeader(ISSUED);
    const labels = [...container.querySelectorAll('.MuiTypography-caption')].map((label) => label.textContent);
    expect(labels).toEqual(
      [
        'fields.customer',
        'invoices.invoiceDate',
        'invoices.dueDate',
        'invoices.billingDate',
        'invoices.paymentTerm',
        'invoices.paymentType',
        'documents.discount.title',
        'invoices.proforma',
        'invoices.createdBy',
        'invoices.issuedAt',
      ].map(t),
    );
    expect(screen.getByTestId('invoice-customer').textContent).toBe('Boulangerie Moreau');
    expect(screen.getByTestId('invoice-due-date').textContent).toBe(formatDate('2026-04-01', 'en'));
    // No billing date: the invoice's date stands for it.
    expect(screen.getAllByText(formatDate('2026-03-02', 'en'))).toHaveLength(2);
    expect(screen.getByText('30 days')).toBeTruthy();
    expect(screen.getByTestId('invoice-payment-type').textContent).toBe(t('invoices.paymentTypes.sepa_transfer'));
    expect(screen.queryByTestId('invoice-payment-mode')).toBeNull();
    expect(screen.getByTestId('invoice-proforma').querySelector('a')?.getAttribute('href')).toBe('/admin/proformas/12');
    expect(screen.getByText(formatDateTime('2026-03-02T10:00:00.000Z', 'en'))).toBeTruthy();
    const paragraphs = [...container.querySelectorAll('p.MuiTypography-body2')].map((p) => p.textContent);
    expect(paragraphs).toEqual([
      `${t('invoices.deliveryAddress')}${t('logs.labelSeparator')}3 place du Marché\n69001 Lyon`,
      'Livré en deux fois',
    ]);
    // The billing mode is said by the PDF, not among the facts.
    expect(screen.queryByText(t('invoices.billingModes.B1'))).toBeNull();
  });

  it('adds the order date and the payment mode when the invoice has them, and no proforma when it has none', () => {
    renderHeader({
      ...ISSUED,
      orderDate: '2026-02-20',
      paymentModeId: 4,
      paymentModeLabel: 'Virement',
      proformaId: null,
      proformaNumber: null,
    });
    expect(screen.getByText(t('invoices.orderDate'))).toBeTruthy();
    expect(screen.getByText(formatDate('2026-02-20', 'en'))).toBeTruthy();
    expect(screen.getByTestId('invoice-payment-mode').textContent).toBe('Virement');
    expect(screen.queryByTestId('invoice-proforma')).toBeNull();
  });

  it('edits a draft: its fields, their help, and the billing mode its lines give', () => {
    renderHeader({ ...ISSUED, status: 'draft', number: null, billingMode: 'S1' }, true);
    expect(screen.getByRole('combobox', { name: t('fields.customer') })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: t('invoices.paymentTerm') }).textContent).toBe('30 days');
    expect(screen.getByRole('combobox', { name: t('invoices.paymentType') }).textContent).toBe(
      t('invoices.paymentTypes.sepa_transfer'),
    );
    expect(screen.getByRole('combobox', { name: t('invoices.billingMode') }).textContent).toBe(
      t('invoices.billingModes.auto'),
    );
    for (const help of ['invoices.invoiceDateHelp', 'invoices.paymentModeHelp', 'invoices.deliveryAddressHelp'])
      expect(screen.getByText(t(help))).toBeTruthy();
    expect(
      screen.getByText(i18n.t('invoices.billingModeDerived', { mode: t('invoices.billingModes.S1') })),
    ).toBeTruthy();
    const address = screen.getByRole('textbox', { name: t('invoices.deliveryAddress') });
    expect(address.getAttribute('maxlength')).toBe('300');
    expect((address as HTMLTextAreaElement).value).toBe('3 place du Marché\n69001 Lyon');
    expect(screen.getByRole('textbox', { name: t('invoices.notes') }).getAttribute('maxlength')).toBe('2000');
    // Read only: the due date, the proforma, who created it, when it was issued.
    expect(screen.queryByText(t('invoices.dueDate'))).toBeNull();
    expect(screen.queryByText(t('invoices.createdBy'))).toBeNull();
  });
});
