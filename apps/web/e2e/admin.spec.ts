import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

// /admin: the access journal answers "who opened this file, and when". As `pa`, open a patient's
// file, then filter the journal by that patient.


test('as pa: filter the journal by a patient opened earlier', async ({ page }) => {
  await signIn(page, 'pa', { at: '/patients/list' });
  // The file's own read must reach the server before leaving (its name shows from the list first).
  const fileRead = page.waitForResponse((r) => /^\/api\/patients\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname) && r.ok());
  await page.getByRole('row', { name: 'Ouvrir le dossier de Zoé Laurent' }).click();
  await expect(page).toHaveURL(/\/patient\//);
  await fileRead;
  await expect(page.getByText('Zoé Laurent').first()).toBeVisible();

  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Journal d’accès', selected: true })).toBeVisible();
  await page.getByLabel('Patient').fill('zoe laurent');
  const rows = page.getByRole('table', { name: 'Journal d’accès' }).getByRole('row');
  // Once the filter applies, every row but the header is about that patient...
  await expect(rows.filter({ hasNotText: 'Zoé Laurent' })).toHaveCount(1);
  // ... and says who opened the file, and when.
  const opened = rows.filter({ hasText: 'Patient · Dossier · Lecture' }).first();
  await expect(opened).toContainText('Antoine Lefèvre');
  await expect(opened).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);

  // The filtered view exports as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter en CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^journal-acces-\d{4}-\d{2}-\d{2}\.csv$/);
});

test('as pr: /admin opens, but the journal is refused', async ({ page }) => {
  await signIn(page, 'pr', { at: '/admin' });
  await expect(page.getByText('Le journal d’accès est réservé aux super administrateurs, aux développeurs et aux praticiens administrateurs.')).toBeVisible();
  await page.getByRole('tab', { name: 'Paramètres' }).click();
  await expect(page.getByText('Seuls les administrateurs (super administrateur, développeur, praticien administrateur) peuvent modifier ces paramètres.')).toBeVisible();
});

test('as pa: the organisation’s default language reaches pr, who chose none, and so does a later change of it', async ({ page, browser }) => {
  const setDefault = async (name: string) => {
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Paramètres' }).click();
    await page.getByRole('combobox', { name: 'Langue par défaut' }).click();
    await page.getByRole('option', { name }).click();
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('Paramètres enregistrés.')).toBeVisible();
  };
  // pa has chosen French (the language menu): the organisation's default is not theirs to follow.
  await signIn(page, 'pa', { at: '/admin', language: 'fr' });
  let french = false;
  const other = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  try {
    await setDefault('English');
    const pr = await other.newPage();
    await signIn(pr, 'pr');
    await expect(pr.getByRole('heading', { level: 1, name: /^Hello / })).toBeVisible();
    await expect(pr.locator('html')).toHaveAttribute('lang', 'en');

    // The default once applied is not pr's choice: the organisation going back to French applies too.
    await setDefault('Français');
    await pr.reload();
    await expect(pr.getByRole('heading', { level: 1, name: /^Bonjour / })).toBeVisible();
    await expect(pr.locator('html')).toHaveAttribute('lang', 'fr');
    french = true;
  } finally {
    await other.close();
    // Other journeys of this server expect French, whatever happened above.
    if (!french) await setDefault('Français');
  }
});
