import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import type { HistoryVocabulary } from '../../components/DocumentHistory';
import { CREDIT_NOTE_HISTORY } from '../creditNotes/status';
import { INVOICE_HISTORY } from '../invoices/status';
import { OUTPUT_HISTORY } from '../outputs/status';
import { PLATFORM_ORDER_HISTORY } from '../platformOrders/shared';
import { PROFORMA_HISTORY } from '../proformas/status';
import { changeLine, fieldLabelKey } from './log-format';
import { ADMIN_TEXTS } from '../../locales/admin-texts';
const { en: adminEn, fr: adminFr } = ADMIN_TEXTS;

const i18n = i18next.createInstance();
await i18n.init({ resources: { en: { translation: en }, fr: { translation: fr } }, lng: 'fr', fallbackLng: 'en' });
i18n.addResourceBundle('en', 'translation', adminEn, true, false);
i18n.addResourceBundle('fr', 'translation', adminFr, true, false);
const t = i18n.getFixedT('fr');

/*
 * The fields each document type writes in its history, read from the API's own declarations so that a field added
 * there without a name here fails: the keys of the type's `logged` (what an edit diffs), and every
 * `{ field: '…', from: … }` entry its services write (creation, payments, credits, receipts, conversions).
 */
const apiSource = (path: string) => readFileSync(new URL(`../../../../api/src/${path}`, import.meta.url), 'utf8');

/** The top-level keys of the object literal that starts at `open` (an index just after its `{`). */
const objectKeys = (source: string, open: number): string[] => {
  const keys: string[] = [];
  let depth = 0;
  let token = '';
  for (let i = open; i < source.length; i++) {
    const c = source[i]!;
    if ('({['.includes(c)) depth++;
    else if (')}]'.includes(c)) {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && c === ':' && /^\s*\w+\s*$/.test(token)) keys.push(token.trim());
    if (depth === 0 && (c === ',' || c === ':')) token = '';
    else if (depth === 0) token += c;
  }
  return keys;
};

const loggedFields = (source: string): string[] => {
  const start = /logged:\s*\(\w+\)\s*=>\s*\(\{/.exec(source);
  return start ? objectKeys(source, start.index + start[0].length) : [];
};
const entryFields = (source: string): string[] => [...source.matchAll(/field:\s*'(\w+)',\s*from:/g)].map((m) => m[1]!);
const fieldsOf = (...paths: string[]) =>
  [...new Set(paths.flatMap((path) => [...loggedFields(apiSource(path)), ...entryFields(apiSource(path))]))].sort();

// A change of status writes `status` and its note (platform/documents).
const STATUS_FIELDS = fieldsOf('platform/documents/history.ts', 'platform/documents/document-service.ts');
// Fields being added to sales documents, customers, articles and the company for French e-invoicing.
const NEW_FIELDS = ['billingMode', 'vatExemption', 'kind', 'electronicAddress', 'nature'];

const DOCUMENTS: { entity: string; vocabulary?: HistoryVocabulary; fields: string[] }[] = [
  {
    entity: 'proforma',
    vocabulary: PROFORMA_HISTORY,
    fields: fieldsOf('modules/invoicing/proformas.ts', 'modules/invoicing/invoicing.module.ts'),
  },
  {
    entity: 'invoice',
    vocabulary: INVOICE_HISTORY,
    // Its payments and the credit notes that credit it write in its history too.
    fields: [
      ...fieldsOf(
        'modules/invoicing/invoices.ts',
        'modules/invoicing/payments.ts',
        'modules/invoicing/credit-notes.ts',
      ),
      'billingMode',
    ],
  },
  {
    entity: 'credit_note',
    vocabulary: CREDIT_NOTE_HISTORY,
    fields: [...fieldsOf('modules/invoicing/credit-notes.ts'), 'billingMode'],
  },
  { entity: 'payment', fields: fieldsOf('modules/invoicing/payments.ts') },
  { entity: 'purchase_order', fields: fieldsOf('modules/purchasing/purchasing.service.ts') },
  { entity: 'output', vocabulary: OUTPUT_HISTORY, fields: fieldsOf('modules/outputs/outputs.service.ts') },
  {
    entity: 'platform_order',
    vocabulary: PLATFORM_ORDER_HISTORY,
    fields: fieldsOf('modules/platform-orders/platform-orders.service.ts'),
  },
  { entity: 'customer', fields: ['kind', 'electronicAddress', 'vatExemption'] },
  { entity: 'article', fields: ['nature', 'vatExemption'] },
  { entity: 'category', fields: ['nature'] },
  { entity: 'company', fields: ['electronicAddress'] },
];

/** The key a document's history names a field with (DocumentHistory: its vocabulary, else `fields.<field>`). */
const historyKey = (vocabulary: HistoryVocabulary, field: string) => vocabulary.labels[field] ?? `fields.${field}`;
const named = (key: string, lng: string) => i18n.exists(key, { lng, fallbackLng: false });

describe('the fields the API logs', () => {
  it('are read from its declarations', () => {
    const invoice = DOCUMENTS.find((d) => d.entity === 'invoice')!.fields;
    expect(invoice).toEqual(
      expect.arrayContaining(['customerId', 'paymentType', 'totalNet', 'amountPaid', 'amountCredited', 'proforma']),
    );
    expect(STATUS_FIELDS).toEqual(['note', 'status']);
    expect(DOCUMENTS.find((d) => d.entity === 'credit_note')!.fields).toEqual(
      expect.arrayContaining(['reason', 'invoice', 'totalGross', 'lines']),
    );
    expect(DOCUMENTS.find((d) => d.entity === 'purchase_order')!.fields).toEqual(
      expect.arrayContaining(['supplierId', 'receiptStatus', 'receivedUnits']),
    );
  });

  describe.each(DOCUMENTS.filter((d) => d.vocabulary))('in the history of a $entity', ({ vocabulary, fields }) => {
    it.each([...new Set([...fields, ...STATUS_FIELDS])])('%s is named in en and fr', (field) => {
      const key = historyKey(vocabulary!, field);
      for (const lng of ['fr', 'en']) expect(named(key, lng), `${lng}: ${key}`).toBe(true);
    });
  });

  describe.each(DOCUMENTS)('in the activity log, of a $entity', ({ entity, fields }) => {
    it.each([...new Set([...fields, ...STATUS_FIELDS])])('%s is named in en and fr', (field) => {
      const key = fieldLabelKey(field, entity);
      for (const lng of ['fr', 'en']) expect(named(key, lng), `${lng}: ${key}`).toBe(true);
    });
  });

  it('names the fields being added for French e-invoicing', () => {
    for (const field of NEW_FIELDS)
      for (const lng of ['fr', 'en']) expect(named(fieldLabelKey(field), lng), `${lng}: ${field}`).toBe(true);
  });
});

describe('an invoice’s history in French', () => {
  const label = (field: string) => t(historyKey(INVOICE_HISTORY, field));
  it('names what a credit note changed on it', () => {
    expect(label('amountCredited')).toBe('Crédité par avoirs');
    const line = changeLine(t, { field: 'amountCredited', from: '0.00', to: '36.47' }, 'fr', 'invoice');
    expect(line.label).toBe('Crédité par avoirs');
    expect(line.to.replace(/\s/g, ' ')).toBe('36,47 €');
  });

  it('names its payment mode and means as its screens do', () => {
    expect(label('paymentModeId')).toBe(t('invoices.paymentMode'));
    expect(label('paymentType')).toBe(t('invoices.paymentType'));
  });

  it('names the values of the new fields', () => {
    expect(changeLine(t, { field: 'billingMode', from: 'B1', to: 'M1' }, 'fr', 'invoice')).toEqual({
      label: t('invoices.billingMode'),
      from: t('invoices.billingModes.B1'),
      to: t('invoices.billingModes.M1'),
    });
    expect(t(historyKey(INVOICE_HISTORY, 'billingMode'))).toBe(t('invoices.billingMode'));
    expect(changeLine(t, { field: 'kind', from: 'company', to: 'person' }, 'fr', 'customer')).toEqual({
      label: 'Type de client',
      from: 'Entreprise',
      to: 'Particulier',
    });
    expect(changeLine(t, { field: 'vatExemption', from: null, to: 'VATEX-FR-FRANCHISE' }, 'fr', 'article').to).toBe(
      'Exonéré (art. 293 B du CGI)',
    );
    expect(
      changeLine(t, { field: 'vatExemption', from: null, to: { code: 'VATEX-EU-IC', text: 'Livraison UE' } }, 'fr').to,
    ).toBe('Livraison UE');
    expect(changeLine(t, { field: 'nature', from: 'goods', to: 'service' }, 'fr', 'article')).toEqual({
      label: t('articles.nature'),
      from: t('articles.natures.goods'),
      to: t('articles.natures.service'),
    });
  });
});
