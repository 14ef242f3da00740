import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, fillSignIn, newestMail, seriousViolations, signIn } from './support';

// Issue 20: de publishes a new CGU version and pr's next sign-in asks to accept it; de writes and
// publishes an article, pt reads it from the dashboard's "À lire"; de creates and sends a
// newsletter, pt (opted in) unsubscribes with the link of the .eml; axe on the consent screen, the
// editor, the reader and the newsletter screens.

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

test('de publishes a new CGU version; pr is asked to accept it at the next sign-in, pt on opening the dashboard', async ({ page, browser }) => {
  // Nothing is asked that a user who owes an acceptance may not have yet: no 403 in the console.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  await signIn(page, 'de', { at: '/policy' });
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
  expect(await seriousViolations(page)).toEqual([]);
  const accept = page.getByRole('button', { name: 'Accepter et continuer' });
  await expect(accept).toBeDisabled();
  await page.getByLabel('J’ai lu et j’accepte ces documents').check();
  await accept.click();
  await expect(page.getByRole('heading', { name: 'À lire' })).toBeVisible();
  expect(refused).toEqual([]);

  // pt opens /dashboard with a stored token: the HTML sends the dashboard's first GETs ahead of the
  // code (shared first-requests.ts), but not before the policies' answer says nothing is owed, and
  // after the acceptance the cards show their data, not a refusal sent before it.
  const patient = await (await browser.newContext()).newPage();
  patient.on('response', (response) => {
    if (response.status() === 403) refused.push(`pt ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  await signIn(patient, 'pt', { at: '/dashboard' });
  await expect(patient.getByRole('heading', { name: 'Nos conditions ont changé' })).toBeVisible();
  await patient.getByLabel('J’ai lu et j’accepte ces documents').check();
  await patient.getByRole('button', { name: 'Accepter et continuer' }).click();
  const menu = patient.getByRole('region', { name: 'Mon menu du jour' });
  await expect(menu.getByText('Petit-déjeuner')).toBeVisible();
  await expect(patient.getByRole('region', { name: 'Ma séance du jour' }).getByText('Séance A')).toBeVisible();
  expect(refused).toEqual([]);
  await patient.context().close();
});

test('de writes and publishes an article; pt reads it from the dashboard', async ({ page, browser }) => {
  // Two people, an editor and two axe passes: longer than one test's default on a busy machine.
  test.setTimeout(120_000);
  await everyoneAccepts(page.request);
  await signIn(page, 'de', { at: '/articles' });
  // The list of articles itself (each entry a list item), before the editor opens.
  await expect(page.getByRole('list', { name: 'Articles' }).getByRole('listitem').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Nouvel article' }).click();
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill('Boire assez d’eau en été');
  await page.getByLabel('Résumé').fill('Un litre et demi par jour, davantage quand il fait chaud.');
  await page.getByRole('textbox', { name: 'Texte de l’article' }).click();
  await page.keyboard.type('Pensez à boire régulièrement, sans attendre d’avoir soif.');
  await page.getByRole('combobox', { name: 'Public' }).click();
  await page.getByRole('option', { name: 'Patients' }).click();
  await page.getByLabel('Adresse (slug)').fill('boire-assez-eau-ete');
  expect(await seriousViolations(page)).toEqual([]);
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
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/articles/nulle-part');
  await expect(page.getByText('Cet article n’existe pas ou ne vous est pas destiné.')).toBeVisible();
});

test('de creates and sends a newsletter; the unsubscribe link of the .eml works without sign-in', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await everyoneAccepts(page.request);
  await signIn(page, 'de', { at: '/newspapers' });
  await expect(page.getByRole('heading', { name: 'Journaux' })).toBeVisible({ timeout: 30_000 });
  // The demo's sent newsletter and its figures.
  await expect(page.getByRole('row', { name: /La lettre WellBe : bien dormir, bien manger.*Envoyée/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Nouvelle lettre' }).click();
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill('Lettre de l’été');
  await page.getByRole('textbox', { name: 'Introduction' }).fill('Deux conseils pour passer un bel été.');
  // No article: refused with a French message.
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page.getByText('Choisissez au moins un article publié.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Bien dormir : sept habitudes qui aident' }).check();
  await page.getByRole('checkbox', { name: 'Composer une assiette équilibrée' }).check();
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page.getByText(/^Brouillon · Tous les patients de tous les cabinets/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Aperçu du mail' }).click();
  await expect(page.frameLocator('iframe[title="Aperçu du mail"]').getByRole('heading', { name: 'Composer une assiette équilibrée' })).toBeVisible();
  await page.getByRole('tab', { name: 'Contenu' }).click();
  await page.getByRole('button', { name: 'Envoyer maintenant' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Envoyer maintenant' }).click();
  await expect(page.getByText(/^Envoi en cours|^Envoyée/).first()).toBeVisible();

  // pt asked for the newsletter in the demo: their mail is in the .eml outbox.
  await expect.poll(() => newestMail('-pt@demo.wellbe.fr.eml') ?? '', { timeout: 30_000 }).toContain('Lettre de l');
  const mail = newestMail('-pt@demo.wellbe.fr.eml')!;
  expect(mail).toMatch(/List-Unsubscribe:\s+<http[^>]+\/api\/newspapers\/unsubscribe\?token=/);
  expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const link = mail.match(/https?:\/\/\S+\/newsletter\/unsubscribe\?token=[A-Za-z0-9._%-]+/)![0];

  const guest = await (await browser.newContext()).newPage();
  const url = new URL(link);
  const tampered = url.pathname + '?token=' + url.searchParams.get('token')!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
  await guest.goto(tampered);
  await expect(guest.getByText('Ce lien de désinscription n’est pas valide ou a expiré. Rien n’a été modifié.')).toBeVisible();
  await guest.goto(url.pathname + url.search);
  await expect(guest.getByText(/C’est fait : vous ne recevrez plus la lettre d’information/)).toBeVisible();
  expect(await seriousViolations(guest)).toEqual([]);

  // de sees the newsletter sent, with its unsubscription.
  await page.getByRole('button', { name: 'Retour à la liste' }).click();
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByRole('row', { name: /Lettre de l’été/ }).innerText();
    })
    .toMatch(/Envoyée[\s\S]*1\s+1\s+0\s+1/);
});
