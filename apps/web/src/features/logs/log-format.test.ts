import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { ACTIVITY_ACTIONS, BASE_ACTIVITY_ENTITIES, DOCUMENT_KINDS, STOCK_REASON_CODES } from '@tagstock/contract';
import { ADMIN_NAV } from '../../areas/admin/admin-nav';
import { ADMIN_FEATURES } from '../../areas/admin/registry';
import { authorName, changeLine, visibleChanges } from './log-format';
import { ADMIN_TEXTS } from '../../locales/admin-texts';
const { en: adminEn, fr: adminFr } = ADMIN_TEXTS;

const i18n = i18next.createInstance();
await i18n.init({ resources: { en: { translation: en }, fr: { translation: fr } }, lng: 'fr', fallbackLng: 'en' });
i18n.addResourceBundle('en', 'translation', adminEn, true, false);
i18n.addResourceBundle('fr', 'translation', adminFr, true, false);
const t = i18n.getFixedT('fr');

describe('activity log lines', () => {
  it('shows the form labels and the values as the user knows them', () => {
    expect(changeLine(t, { field: 'size', from: null, to: 'Unique' }, 'fr')).toEqual({
      label: 'Taille',
      from: '—',
      to: 'Unique',
    });
    const price = changeLine(t, { field: 'priceHt', from: '12.5', to: '1234.5' }, 'fr');
    expect(price.label).toBe('Prix HT');
    expect(price.to.replace(/\s/g, ' ')).toBe('1 234,50 €');
    expect(changeLine(t, { field: 'disabled', from: false, to: true }, 'fr')).toMatchObject({ from: 'Non', to: 'Oui' });
    expect(changeLine(t, { field: 'App_Type', from: 'Web', to: 'All' }, 'fr').label).toBe('Type d’application');
    expect(changeLine(t, { field: 'vatRate', from: '20', to: '5.5' }, 'fr').to.replace(/\s/g, ' ')).toBe('5,5 %');
    expect(changeLine(t, { field: 'permissions', from: [], to: ['articles.read'] }, 'fr')).toMatchObject({
      from: '—',
      to: 'articles.read',
    });
  });

  it('names a reference by its name, once', () => {
    const changes = [
      { field: 'categoryId', from: 1, to: 2 },
      { field: 'categoryName', from: 'Outillage', to: 'Sécurité' },
      { field: 'stockAlert', from: 1, to: 2 },
    ];
    expect(visibleChanges(changes).map((c) => changeLine(t, c, 'fr').label)).toEqual([
      'Catégorie',
      'Seuil d’alerte de stock',
    ]);
  });

  it('names a stock change’s reason in the reader’s language, and keeps a tenant’s own reason as written', () => {
    expect(changeLine(t, { field: 'reasonCode', from: null, to: 'receipt' }, 'fr')).toEqual({
      label: 'Type de mouvement',
      from: '—',
      to: 'Réception',
    });
    expect(changeLine(t, { field: 'reasonCode', from: null, to: ['manual', 'rfid'] }, 'fr').to).toBe(
      'Modification manuelle, RFID',
    );
    expect(changeLine(i18n.getFixedT('en'), { field: 'reasonCode', from: null, to: 'opening' }, 'en').to).toBe(
      'Opening stock',
    );
    expect(changeLine(t, { field: 'reason', from: null, to: 'Casse' }, 'fr')).toMatchObject({
      label: 'Motif',
      to: 'Casse',
    });
  });

  it('names the platform’s team as the author of its entries, never its people', () => {
    expect(authorName(t, { userName: null, byPlatform: true })).toBe('Équipe Tagstock');
    expect(authorName(i18n.getFixedT('en'), { userName: null, byPlatform: true })).toBe('Tagstock team');
    expect(authorName(t, { userName: 'Camille Martin', byPlatform: false })).toBe('Camille Martin');
    expect(authorName(t, { userName: null, byPlatform: false })).toBe('—');
  });
});

// The entities the web shows: the modules' own, and those of the document types that have a screen here (a
// registered feature, or a menu entry for their resource). A type the API has first is named once its screen lands.
const screens = new Set(ADMIN_NAV.map((item) => item.permission?.split('.')[0]));
const NAMED_ENTITIES = [
  ...BASE_ACTIVITY_ENTITIES,
  ...DOCUMENT_KINDS.filter((kind) => screens.has(kind.resource)).flatMap((kind): string[] => [
    kind.entity,
    ...('logs' in kind ? kind.logs : []),
  ]),
  ...ADMIN_FEATURES.flatMap((feature) => (feature.logs ? [feature.logs.entity] : [])),
];

describe('every code the server logs has its name in en and fr', () => {
  it.each([
    ['logs.actions', ACTIVITY_ACTIONS],
    ['logs.entities', NAMED_ENTITIES],
    ['stockReasons', STOCK_REASON_CODES],
  ] as const)('%s', (prefix, codes) => {
    for (const lng of ['en', 'fr'])
      for (const code of codes)
        expect(i18n.exists(`${prefix}.${code}`, { lng, fallbackLng: false }), `${lng} ${code}`).toBe(true);
  });

  it('names what documents log — their fields and their statuses — in the reader’s language', () => {
    // The fields the purchase-order and platform-order services write in their entries.
    for (const field of ['lines', 'totalNet', 'orderDate', 'expectedDate', 'notes', 'paymentModeId', 'status'])
      expect(changeLine(t, { field, from: null, to: null }, 'fr').label, field).not.toBe(field);
    for (const field of ['receiptStatus', 'registeredTags', 'receivedUnits', 'receivedEpcs', 'note'])
      expect(changeLine(t, { field, from: null, to: null }, 'fr').label, field).not.toBe(field);
    expect(changeLine(t, { field: 'status', from: 'in_progress', to: 'done' }, 'fr', 'purchase_order')).toEqual({
      label: 'Statut',
      from: 'En cours',
      to: 'Terminé (envoyé)',
    });
    expect(changeLine(t, { field: 'status', from: 'in_progress', to: 'canceled' }, 'fr', 'platform_order').to).toBe(
      t('documents.statuses.canceled'),
    );
    expect(
      changeLine(t, { field: 'receiptStatus', from: 'not_received', to: 'received' }, 'fr', 'purchase_order'),
    ).toMatchObject({ from: 'Non reçue', to: t('purchaseOrders.receiptStatuses.received') });
    expect(changeLine(t, { field: 'totalNet', from: null, to: '1234.5' }, 'fr').to.replace(/\s/g, ' ')).toBe(
      '1 234,50 €',
    );
  });

  it('names what stock outputs log', () => {
    for (const field of ['reasonId', 'outputDate', 'consumerId', 'customerId', 'notes', 'lines', 'units'])
      expect(changeLine(t, { field, from: null, to: null }, 'fr').label, field).not.toBe(field);
    expect(changeLine(t, { field: 'status', from: 'draft', to: 'validated' }, 'fr', 'output')).toEqual({
      label: 'Statut',
      from: 'Brouillon',
      to: 'Validée',
    });
    expect(changeLine(t, { field: 'status', from: 'validated', to: 'canceled' }, 'fr', 'output').to).toBe(
      'Annulée (retour)',
    );
  });
});
