import { expect, test, type Browser } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { ACCOUNTS, dialog, enter, row, settled, signInFrench, signInThroughApi, toast, unique } from './helpers';
import { SMTP_PORT } from './playwright.config';

test.use({ locale: 'fr-FR' });

const frenchPage = async (browser: Browser) => (await browser.newContext({ locale: 'fr-FR' })).newPage();

/** Opens a password-reset link in a new browser and sets `password` with it; the page, once it said so. */
const setPasswordThrough = async (browser: Browser, link: string, password: string) => {
  const page = await frenchPage(browser);
  await page.goto(link);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(password);
  await page.getByLabel('Confirmer le nouveau mot de passe').fill(password);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Mot de passe enregistré. Vous pouvez vous connecter.' }),
  ).toBeFocused();
  return page;
};

test('the super admin creates an organization, whose administrator signs in until it is disabled', async ({
  page,
  browser,
}) => {
  // Four browser contexts, each loading the app cold.
  test.setTimeout(120_000);
  const suffix = unique();
  const name = `Boulangerie ${suffix}`;
  const email = `nora.${suffix}@boulangerie.test`;
  const password = 'pain-de-mie-42';

  await enter(page, ACCOUNTS.superAdmin, '/superAdmin');
  await page.getByRole('link', { name: 'Organisations', exact: true }).click();
  await expect(page).toHaveURL(/\/superAdmin\/tenants$/);
  await page.getByRole('button', { name: 'Nouvelle organisation' }).click();
  const form = dialog(page);
  await form.getByLabel('Nom de l’organisation').fill(name);
  await form.getByLabel('Raison sociale').fill(`${name} SARL`);
  await form.getByLabel('SIREN').fill('732 829 320');
  await form.getByLabel('Ville').fill('Nantes');
  await form.getByLabel('Nom de l’administrateur').fill('Nora Garnier');
  await form.getByLabel('E-mail de l’administrateur').fill(email);
  await form.getByLabel('Mot de passe de l’administrateur').fill(password);
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(toast(page, `Organisation «\u202f${name}\u202f» créée avec son administrateur`)).toBeVisible();
  await expect(row(page, name)).toContainText('Active');

  // Its administrator, in the list of every organization's users.
  await page.getByRole('link', { name: 'Utilisateurs', exact: true }).click();
  await settled(page);
  await page.getByRole('searchbox').fill(email);
  await expect(page).toHaveURL(/search=/);
  await settled(page);
  await expect(row(page, email)).toContainText(name);

  const admin = await frenchPage(browser);
  await signInFrench(admin, email, password);
  await expect(admin).toHaveURL(/\/admin\//);
  await expect(admin.getByRole('button', { name: /Menu du compte/ })).toBeVisible();

  // A forgotten password: the super admin hands over a one-time link, which sets a new one.
  await page.getByRole('button', { name: 'Lien de réinitialisation du mot de passe de Nora Garnier' }).click();
  const link = await page.getByTestId('reset-link').inputValue();
  await dialog(page).getByRole('button', { name: 'J’ai transmis le lien' }).click();
  const reset = await setPasswordThrough(browser, link, 'brioche-tressee-7');
  // Spent: the same link, opened again, is refused (a reload: going to the address the page is at, which differs
  // only by its fragment, would not load it again).
  await reset.reload();
  await reset.getByLabel('Nouveau mot de passe', { exact: true }).fill('autre-secret-8');
  await reset.getByLabel('Confirmer le nouveau mot de passe').fill('autre-secret-8');
  await reset.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(reset.getByRole('alert')).toContainText('Ce lien de réinitialisation n’est pas valable');
  await signInFrench(reset, email, 'brioche-tressee-7');
  await expect(reset).toHaveURL(/\/admin\//);

  // Disabled: refused at sign-in, with the reason.
  await page.getByRole('link', { name: 'Organisations', exact: true }).click();
  await page.getByRole('button', { name: `Désactiver ${name}` }).click();
  await dialog(page).getByRole('button', { name: 'Désactiver' }).click();
  await expect(row(page, name)).toContainText('Désactivée');
  const refused = await frenchPage(browser);
  await refused.goto('/auth/sign-in');
  await refused.getByLabel('E-mail').fill(email);
  await refused.getByLabel('Mot de passe', { exact: true }).fill('brioche-tressee-7');
  await refused.getByRole('button', { name: 'Se connecter' }).click();
  await expect(refused.getByRole('alert')).toHaveText(
    'Votre organisation est désactivée\u202f: contactez l’équipe Tagstock.',
  );
});

test('the super admin e-mails a password-reset link, which reaches the user and sets a new password', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // The mail server the app is configured with (SMTP_URL), listening while this test runs.
  const mails: { to: string[]; body: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), body: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, '127.0.0.1', resolve));
  try {
    const suffix = unique();
    const email = `lucie.${suffix}@fromagerie.test`;
    const { token } = await signInThroughApi(page.request, ACCOUNTS.superAdmin);
    const created = await page.request.post('/backend/api/tenants', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: `Fromagerie ${suffix}`,
        company: { name: `Fromagerie ${suffix} SARL`, city: 'Annecy', country: 'France' },
        admin: { name: 'Lucie Perrin', email, password: 'reblochon-fermier-1' },
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await enter(page, ACCOUNTS.superAdmin, `/superAdmin/users?search=${encodeURIComponent(email)}`);
    await settled(page);
    await expect(row(page, email)).toBeVisible();
    await page.getByRole('button', { name: 'Envoyer par e-mail un lien de réinitialisation à Lucie Perrin' }).click();
    await expect(
      toast(page, `Lien de réinitialisation envoyé à Lucie Perrin (${email}), valable 24 heures`),
    ).toBeVisible();
    // Not shown to the super admin: it is in the user's mailbox only.
    await expect(page.getByTestId('reset-link')).toHaveCount(0);

    expect(mails.map((m) => m.to)).toEqual([[email]]);
    // Quoted-printable: soft line breaks joined, "=" written "=3D".
    const body = mails[0]!.body.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    const link = /http:\/\/127\.0\.0\.1:\d+\/auth\/reset-password#token=[A-Za-z0-9_-]{43}/.exec(body)?.[0];
    expect(link, body).toBeTruthy();

    const reset = await setPasswordThrough(browser, link!, 'tomme-de-savoie-2');
    await signInFrench(reset, email, 'tomme-de-savoie-2');
    await expect(reset).toHaveURL(/\/admin\//);
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});
