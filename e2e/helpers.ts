import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password-1';

export const ACCOUNTS = {
  admin: 'admin@demo.test',
  mobile: 'mobile@demo.test',
  viewer: 'viewer@demo.test',
  acme: 'admin@acme.test',
  superAdmin: 'super@tagstock.test',
} as const;

export const signIn = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

export const openAccountMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
};

export const signOut = async (page: Page) => {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
};
