import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { violations } from './axe';
import { ACCOUNTS, settled, signInFrench, toast } from './helpers';

test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

/**
 * An official EN 16931 example from another producer (20 lines at 6 % and 21 %, seller De Koksmaat): the copy the
 * API tests receive.
 */
const example = () =>
  readFile(new URL('../apps/api/src/modules/received-invoices/testdata/CII_example1.xml', import.meta.url));

const LIST = '/admin/receivedInvoices';

/** Receives a file through the page's button, as a user picks it. */
const receive = async (page: Page, name: string, mimeType: string, buffer: Buffer) => {
  await page.goto(LIST);
  // The screen's chunk loads on first use: slow on a busy machine.
  await expect(page.getByRole('grid')).toBeVisible({ timeout: 30000 });
  await page.getByTestId('received-invoice-file').setInputFiles({ name, mimeType, buffer });
};

test('importing a received Factur-X: checked, matched to its supplier once created, a broken copy shown with its failed rules, the same file recognised', async ({
  page,
}) => {
  // Six receptions, each checked against the EN 16931 schematron on the server.
  test.setTimeout(180000);
  await signInFrench(page, ACCOUNTS.admin);
  const xml = await example();

  // A valid invoice of another producer: its lines, its totals, and no supplier yet.
  await receive(page, 'CII_example1.xml', 'text/xml', xml);
  // The first check loads the schematron (a few seconds).
  await expect(page).toHaveURL(/\/admin\/receivedInvoices\/\d+$/, { timeout: 30000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Facture 12115118' })).toBeVisible();
  await expect(toast(page, /Facture reçue/)).toBeVisible();
  await expect(page.getByTestId('received-invoice-header').getByTestId('received-invoice-validity')).toHaveText(
    'Valide',
  );
  const lines = page.getByTestId('received-invoice-lines');
  await expect(lines.getByRole('row')).toHaveCount(21);
  await expect(lines.getByRole('row').nth(1)).toContainText('PATAT FRITES 10MM 10KG');
  await expect(page.getByTestId('received-total-gross')).toHaveText(/250,33\s€/);
  await expect(page.getByTestId('received-total-vat')).toHaveText(/20,73\s€/);

  // Its seller becomes a supplier, and the invoice is linked to it.
  const supplier = page.getByTestId('received-invoice-supplier');
  await expect(supplier).toContainText('Aucun fournisseur ne correspond');
  await supplier.getByRole('button', { name: 'Créer le fournisseur' }).click();
  await expect(toast(page, 'Facture reliée au fournisseur De Koksmaat')).toBeVisible({ timeout: 30000 });
  await expect(supplier.getByTestId('supplier-link')).toHaveText('De Koksmaat');

  // A broken copy (its total with VAT changed) is kept, with the rule it fails in French.
  const broken = Buffer.from(
    xml
      .toString('utf8')
      .replace(
        '<ram:GrandTotalAmount>250.33</ram:GrandTotalAmount>',
        '<ram:GrandTotalAmount>250.43</ram:GrandTotalAmount>',
      ),
  );
  await receive(page, 'facture-modifiee.xml', 'text/xml', broken);
  await expect(page.getByTestId('invalid-alert')).toBeVisible({ timeout: 30000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Facture 12115118' })).toBeVisible();
  const rules = page.getByTestId('failed-rules');
  const co15 = rules.getByRole('row').filter({ hasText: 'BR-CO-15' });
  await expect(co15).toContainText(
    'Le montant total TVA comprise (BT-112) doit être égal au montant total hors TVA (BT-109) plus le montant total de la TVA (BT-110).',
  );
  await expect(co15).toContainText('Erreur');
  // Same seller: the supplier created above is recognised by its VAT number.
  await expect(page.getByTestId('supplier-link')).toHaveText('De Koksmaat');

  // The same file again is recognised, and the invoice received first is shown.
  await receive(page, 'encore.xml', 'text/xml', xml);
  await expect(toast(page, /Ce fichier a déjà été reçu/)).toBeVisible({ timeout: 30000 });
  await expect(page.getByTestId('received-invoice-header').getByTestId('received-invoice-validity')).toHaveText(
    'Valide',
  );

  // A PDF without an invoice inside is refused with a clear message.
  await receive(page, 'devis.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
  await expect(toast(page, 'Ce PDF ne contient pas de facture électronique (factur-x.xml)')).toBeVisible({
    timeout: 30000,
  });

  // Both invoices are in the list; the invalid one is found by its filter.
  await page.goto(`${LIST}?valid=false`);
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '12115118' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: '12115118' })).toContainText('Non valide');

  // The list and the detail with its failed rules have no serious accessibility violation.
  await settled(page);
  expect(await violations(page, LIST)).toEqual([]);
  await page.getByRole('row').filter({ hasText: '12115118' }).click();
  await expect(page.getByTestId('invalid-alert')).toBeVisible();
  expect(await violations(page, 'received invoice')).toEqual([]);
});
