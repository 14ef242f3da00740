import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support.ts';

// /organizations: as `sa`, create an organisation from /organizations; others see the page is reserved.


test('as sa: create an organisation, its SIRET checked', async ({ page }) => {
  await signIn(page, 'sa', { at: '/organizations' });
  await expect(page.getByRole('heading', { level: 1, name: 'Organisations' })).toBeVisible();
  // The counts are the organisation's real ones: other journeys add patients before this one runs,
  // so the expected figures come from the API rather than from the seed.
  const login = await page.request.post('/api/user', { data: { action: 'login', Username: 'sa', Password: DEMO_PASSWORD } });
  const { data: signedIn } = await login.json();
  const auth = { authorization: `Bearer ${signedIn.access_token}` };
  // sa belongs to Cabinet Démo: its own organisation is the default scope of both lists.
  const patients = (await (await page.request.get('/api/patients?pageSize=1', { headers: auth })).json()).total;
  const users = (await (await page.request.get(`/api/users?pageSize=1&organizationId=${signedIn.idOrganization}`, { headers: auth })).json()).total;
  expect(patients).toBeGreaterThanOrEqual(12);
  const demoRow = page.getByRole('row', { name: /Cabinet Démo/ });
  await expect(demoRow.getByRole('cell').nth(4)).toHaveText(String(users));
  await expect(demoRow.getByRole('cell').nth(5)).toHaveText(String(patients));

  await page.getByRole('button', { name: 'Créer une organisation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Créer une organisation' });
  await dialog.getByLabel(/^Nom\s*\*?$/).fill('Maison de Santé des Pentes');
  await dialog.getByLabel(/^Adresse\s*\*?$/).fill('12 montée de la Grande Côte, 69001 Lyon');
  await dialog.getByLabel('Téléphone').fill('04 78 28 00 00');
  await dialog.getByLabel('Adresse email').fill('accueil@msp-pentes.fr');
  await dialog.getByLabel('SIRET (14 chiffres)').fill('732 829 320 00075');
  await dialog.getByLabel('SIRET (14 chiffres)').blur();
  await expect(dialog.getByText('Numéro SIRET invalide : 14 chiffres avec une clé de contrôle correcte sont attendus.')).toBeVisible();
  await dialog.getByLabel('SIRET (14 chiffres)').fill('552 081 317 66522');
  await dialog.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(page.getByText('Organisation Maison de Santé des Pentes créée.')).toBeVisible();
  const row = page.getByRole('row', { name: /Maison de Santé des Pentes/ });
  await expect(row).toContainText('55208131766522');
  await expect(row).toContainText('Active');
});

test('as pr: the open route says the data is reserved', async ({ page }) => {
  await signIn(page, 'pr', { at: '/organizations' });
  await expect(page.getByText('Accès réservé : les organisations sont gérées par les super administrateurs et les développeurs de WellBe.')).toBeVisible();
});
