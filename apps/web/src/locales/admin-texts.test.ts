import { describe, expect, it } from 'vitest';
import { ADMIN_TEXTS, withFeatureTexts } from './admin-texts';

describe('a feature brings its own texts', () => {
  it('merges a feature’s texts of its language over the shared ones, branch by branch', () => {
    // A feature the product does not have.
    const shared = { nav: { articles: 'Articles' }, resources: { articles: 'Articles' } };
    const bundles = {
      '../features/stockTransfers/locales/fr.json': {
        nav: { stockTransfers: 'Transferts' },
        resources: { stockTransfers: 'Transferts de stock' },
        stockTransfers: { title: 'Transferts de stock' },
      },
      '../features/stockTransfers/locales/en.json': { nav: { stockTransfers: 'Transfers' } },
    };
    expect(withFeatureTexts(shared, 'fr', bundles)).toEqual({
      nav: { articles: 'Articles', stockTransfers: 'Transferts' },
      resources: { articles: 'Articles', stockTransfers: 'Transferts de stock' },
      stockTransfers: { title: 'Transferts de stock' },
    });
    expect(withFeatureTexts(shared, 'en', bundles)).toEqual({
      nav: { articles: 'Articles', stockTransfers: 'Transfers' },
      resources: { articles: 'Articles' },
    });
  });

  it('loads the delivery notes’ texts from their folder with the admin area', () => {
    expect(ADMIN_TEXTS.fr.nav).toMatchObject({ deliveryNotes: 'Bons de livraison', articles: 'Articles' });
    expect(ADMIN_TEXTS.en.resources).toMatchObject({ deliveryNotes: 'Delivery notes' });
  });
});
