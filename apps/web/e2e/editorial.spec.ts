import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, fillSignIn, serious, signIn } from './support';

// Issue 20: de publishes a new CGU version and pr's next sign-in asks to accept it; de writes and
// publishes an article, pt reads it from the dashboard's "À lire"; axe on the consent screen, the
// editor and the reader.

const DEMO_USERNAMES = ['sa', 'pa', 'pg', 'pr', 'ad', 'rh', 'pt', 'us', 're', 'de', 'di', 'pr2'];

/** Every demo account accepts what it owes, so that the journeys after this one start as before. */
async function everyoneAccepts(request: APIRequestContext) {
  for (const username of DEMO_USERNAMES) {
    const login = await request.post('/api/user', { data: { action: 'login', Username: username, Password: DEMO_PASSWORD } });
    if (!login.ok()) continue;
    const token = (await login.json()).data.access_token as string;
    const headers = { authorization: `Bearer ${token}` };
    const pending = (await (await request.get('/api/policies/pending', { headers })).json()).data as { id: string }[];
    if (pending.length) await request.post('/api/policies/accept', { headers, data: { versionIds: pending.map((v) => v.id) } });
    // Signed out again: later journeys count the sessions of these accounts.
    await request.post('/api/auth/logout', { headers });
  }
}

test.afterAll(async ({ request }) => {
  await everyoneAccepts(request);
});

test('de publishes a new CGU version; pr is asked to accept it at the next sign-in', async ({ page }) => {
  await signIn(page, 'de');
  await page.goto('/policy');
  await expect(page.getByRole('heading', { name: 'Politiques et conditions' })).toBeVisible();
  await page.getByRole('region', { name: 'Conditions générales d’utilisation' }).getByRole('button', { name: 'Nouvelle version' }).click();
  await page.getByRole('textbox', { name: 'Texte' }).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Version 2 : les articles de prévention arrivent.');
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await page.getByRole('button', { name: 'Publier' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publier' }).click();
  // de is asked too, at once: the new version is in force for everyone.
  await expect(page.getByRole('heading', { name: 'Nos conditions ont changé' })).toBeVisible();
  await page.getByRole('button', { name: 'Refuser et me déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await fillSignIn(page, 'pr');
  await expect(page.getByRole('heading', { name: 'Nos conditions ont changé' })).toBeVisible();
  await expect(page.getByText('Version 2 : les articles de prévention arrivent.')).toBeVisible();
  expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
  const accept = page.getByRole('button', { name: 'Accepter et continuer' });
  await expect(accept).toBeDisabled();
  await page.getByLabel('J’ai lu et j’accepte ces documents').check();
  await accept.click();
  await expect(page.getByRole('heading', { name: 'À lire' })).toBeVisible();
});

test('de writes and publishes an article; pt reads it from the dashboard', async ({ page, browser }) => {
  // Two people, an editor and two axe passes: longer than one test's default on a busy machine.
  test.setTimeout(120_000);
  await everyoneAccepts(page.request);
  await signIn(page, 'de');
  await page.goto('/articles');
  await page.getByRole('button', { name: 'Nouvel article' }).click();
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill('Boire assez d’eau en été');
  await page.getByLabel('Résumé').fill('Un litre et demi par jour, davantage quand il fait chaud.');
  await page.getByRole('textbox', { name: 'Texte de l’article' }).click();
  await page.keyboard.type('Pensez à boire régulièrement, sans attendre d’avoir soif.');
  await page.getByRole('combobox', { name: 'Public' }).click();
  await page.getByRole('option', { name: 'Patients' }).click();
  await page.getByLabel('Adresse (slug)').fill('boire-assez-eau-ete');
  expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
  await page.getByRole('button', { name: 'Marquer comme relu' }).click();
  await expect(page.getByRole('button', { name: 'Repasser en brouillon' })).toBeVisible();
  await page.getByRole('button', { name: 'Publier', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Archiver' })).toBeVisible();

  // pt reads it in their own browser.
  page = await (await browser.newContext()).newPage();
  await signIn(page, 'pt');
  await page.getByRole('link', { name: /Boire assez d’eau en été/ }).click();
  await expect(page).toHaveURL(/\/articles\/boire-assez-eau-ete$/);
  await expect(page.getByRole('heading', { name: 'Boire assez d’eau en été' })).toBeVisible();
  await expect(page.getByText('Pensez à boire régulièrement')).toBeVisible();
  expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

  await page.goto('/articles/nulle-part');
  await expect(page.getByText('Cet article n’existe pas ou ne vous est pas destiné.')).toBeVisible();
});
