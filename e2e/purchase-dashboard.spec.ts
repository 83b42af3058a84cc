import { expect, test } from '@playwright/test';
import type { TList, TPaymentMode } from '@tagstock/contract';
import { ACCOUNTS, enter, unique } from './helpers';
import { apiGet, apiPost, apiSignIn, createArticle, today } from './rfid-api';

test.use({ locale: 'en-US', viewport: { width: 1440, height: 900 } });

test('the dashboard shows the orders in progress, the purchases per month and the most ordered references', async ({
  page,
  request,
}) => {
  const session = await apiSignIn(request);
  const run = unique().toUpperCase();
  const supplier = await apiPost<{ id: number }>(request, session, '/suppliers', {
    name: `Fournisseur tableau ${run}`,
  });
  const modes = await apiGet<TList<TPaymentMode>>(request, session, '/payment-modes?limit=5');
  const article = await createArticle(request, session, `PD-${run}`, 'Gilet du tableau de bord');
  // Enough orders of this reference to lead the most ordered references, whatever else the suite ordered; the
  // last one on two lines still counts once.
  const place = (lines: number) =>
    apiPost<{ id: number; number: string }>(request, session, '/purchase-orders', {
      supplierId: supplier.id,
      paymentModeId: modes.items[0]!.id,
      orderDate: today(),
      lines: Array.from({ length: lines }, () => ({
        articleId: article.id,
        quantity: 2,
        unitPrice: '12.00',
        vatRate: '20',
      })),
    });
  for (let i = 0; i < 11; i += 1) await place(1);
  const order = await place(2);

  await enter(page, ACCOUNTS.admin, '/admin/dashboard');
  const card = page.getByTestId('dashboard-details');
  await expect(card.getByTestId('orders-in-progress').getByRole('link', { name: order.number })).toBeVisible();
  await expect(card.getByTestId('purchases-per-month').locator('svg').first()).toBeVisible();
  // The most ordered references show what they rank by: the number of orders, then the units.
  const top = card
    .getByTestId('most-ordered')
    .getByRole('listitem')
    .filter({ hasText: `PD-${run}` });
  await expect(top).toContainText(`PD-${run} — Gilet du tableau de bord`);
  await expect(top).toContainText('12 orders — 26 units');
  await expect(card.getByTestId('top-suppliers')).toContainText(`Fournisseur tableau ${run}`);
  // Each widget says the time it covers; only the suppliers and quantities follow the period selector.
  await expect(card.getByTestId('top-suppliers-caption')).toHaveText('Last 30 days (the period chosen)');
  await expect(card.getByTestId('most-ordered-caption')).toHaveText('All orders, ranked by number of orders');
  await expect(card.getByTestId('purchases-per-month-caption')).toHaveText('Last 12 months');
  const period = page.getByTestId('dashboard-period');
  await period.getByRole('button', { name: '365 days' }).click();
  await expect(period.getByRole('button', { name: '365 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('top-suppliers-caption')).toHaveText('Last 365 days (the period chosen)');

  await card.getByTestId('orders-in-progress').getByRole('link', { name: order.number }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bdc/${order.id}$`));
});

test('a user who may not read purchases has no purchase widgets', async ({ page, request }) => {
  const admin = await apiSignIn(request);
  const run = unique();
  const role = await apiPost<{ id: number }>(request, admin, '/roles', { name: `Tableau seul ${run}` });
  await request.put(`/backend/api/roles/${role.id}/permissions`, {
    headers: admin.headers,
    data: { permissions: ['dashboard.read', 'articles.read'] },
  });
  const email = `dash-${run}@demo.test`;
  await apiPost(request, admin, '/users', {
    name: 'Sans achats',
    email,
    password: 'demo-password-1',
    confirmation: 'demo-password-1',
    roleId: role.id,
    App_Type: 'Web',
  });
  await enter(page, email, '/admin/dashboard');
  await expect(page.getByTestId('stock-quantity')).toBeVisible();
  await expect(page.getByTestId('article-count')).not.toHaveText('—');
  await expect(page.getByTestId('stock-valorisation')).not.toHaveText('—');
  for (const widget of [
    'orders-in-progress',
    'purchases-per-month',
    'top-suppliers',
    'purchase-overview',
    'most-ordered',
  ])
    await expect(page.getByTestId(widget)).toHaveCount(0);
});
