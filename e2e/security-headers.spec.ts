import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, openScreen, signIn } from './helpers';

/** Collects every CSP violation the page reports, as events and as console errors. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) fromConsole.push(msg.text());
  });
  // A string script: this folder is type-checked without the DOM library.
  await page.addInitScript({
    content: `window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber));`,
  });
  return async () => [...fromConsole, ...((await page.evaluate('window.__csp || []')) as string[])];
}

test('the app sends its security headers and runs every main screen without a CSP violation', async ({ page }) => {
  // Nine screens, each loaded afresh: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const violations = await watchCsp(page);
  const home = await page.goto('/auth/sign-in');
  const headers = home!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The socket connects (same-origin WebSocket under connect-src 'self').
  const socketOpened = page.waitForEvent('websocket', (ws) => ws.url().includes('/backend-socket/'));
  await page.reload();
  await socketOpened;
  await expect(page.getByRole('main')).toBeVisible();
  for (const path of [
    'articles',
    'categories',
    'suppliers',
    'customers',
    'tags',
    'tagLogs',
    'readers',
    'users',
    'roles',
  ]) {
    await openScreen(page, path);
  }
  expect(await violations()).toEqual([]);
  const api = await page.request.get('/backend/api/auth/me');
  expect(api.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(api.headers()['x-content-type-options']).toBe('nosniff');
});

test('the blocked screen of a mobile-only user has no CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);
  await signIn(page, ACCOUNTS.mobile);
  await expect(page.getByRole('button', { name: 'Go Back to Login' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('Swagger UI works under its own policy', async ({ page }) => {
  const violations = await watchCsp(page);
  const res = await page.goto('/backend/docs/');
  expect(res!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // Its scripts ran and the document was fetched and laid out: the first operation shows. (The later tags wait for
  // every operation of a 240 KB document to be laid out: with both cores busy that took over 30 s.)
  await expect(page.getByText('/backend/health', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(await violations()).toEqual([]);
});
