import { expect, test } from '@playwright/test';
import { apiConsultation, apiSession, DEMO_PASSWORD, panel, saveButton, seriousViolations, signIn } from './support.ts';

// Consultation panel sessions: edit mode (?consultation=<id>), the save completed through an in-place sign-in after
// the token went bad, and the draft cleared at logout.

test('opens an existing consultation in edit mode from ?consultation=, and saves it', async ({ page, request }) => {
  const pr = await apiSession(request, 'pr');
  const { idConsultation } = await apiConsultation(request, pr, 'zoe laurent', { Size: 168, Weight: 59, Diagnostic: '<p>Migraine</p>', dolorLocation: 'Cervical' });

  await signIn(page, 'pr', { at: `/dashboard?consultation=${idConsultation}` });
  await expect(panel(page)).toContainText('Consultation de Zoé Laurent');
  await expect(panel(page).getByLabel('Taille (cm)')).toHaveValue('168');
  await expect(page.getByTestId('imc')).toHaveText('20,90');
  await expect(panel(page).getByRole('textbox', { name: 'Diagnostic', exact: true })).toHaveText('Migraine');
  await expect(panel(page).getByRole('button', { name: 'Nouvelle Consultation' })).toBeVisible();

  await panel(page).getByLabel('Poids (Kg)').fill('61');
  await saveButton(page).click();
  await expect(panel(page).getByText('Consultation créer avec succès')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Nouvelle Consultation' })).toBeHidden();

  const read = await request.get(`/api/consultations/${idConsultation}`, { headers: pr.headers });
  expect((await read.json()).data).toMatchObject({ version: 2, Weight: 61, Size: 168 });
});

test('keeps the draft through a refused token and completes the save after signing in again', async ({ page }) => {
  await signIn(page, 'pr');
  await page.getByRole('button', { name: 'Consultation', exact: true }).click();
  await panel(page).getByRole('textbox', { name: 'Consultation', exact: true }).fill('Bilan annuel, tension normale');
  await saveButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Choisissez un patient' });
  await dialog.getByLabel('Choix du patient').fill('benoit');
  // Choosing the option searches its full name once more: let that answer arrive first.
  const settled = page.waitForResponse((r) => r.url().endsWith('/api/patient') && !!r.request().postData()?.includes('Mercier'));
  await page.getByRole('option', { name: /Benoît Mercier/ }).click();
  await settled;

  // The token goes bad while the practitioner is about to confirm.
  await page.evaluate(() => {
    const token = localStorage.getItem('jwt_access_token')!;
    localStorage.setItem('jwt_access_token', token.slice(0, -4) + 'AAAA');
  });
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();

  const relogin = page.getByRole('dialog', { name: 'Session expirée' });
  await expect(relogin).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
  await relogin.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await relogin.getByRole('button', { name: 'Se reconnecter et enregistrer' }).click();
  await expect(panel(page).getByText('Consultation créer avec succès')).toBeVisible();
  await expect(relogin).toBeHidden();
  await expect(panel(page).getByRole('textbox', { name: 'Consultation', exact: true })).toHaveText('');
});

test('clears the draft at logout', async ({ page }) => {
  await signIn(page, 'pr');
  await page.getByRole('button', { name: 'Consultation', exact: true }).click();
  await panel(page).getByLabel('Taille (cm)').fill('172');
  await page.getByRole('button', { name: 'Fermer' }).click();
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'pr');
  await page.getByRole('button', { name: 'Consultation', exact: true }).click();
  await expect(panel(page).getByLabel('Taille (cm)')).toHaveValue('');
});

test('names a document the server refused, with why, and offers to retry it', async ({ page }) => {
  await signIn(page, 'pr');
  await page.getByRole('button', { name: 'Consultation', exact: true }).click();
  await panel(page).getByLabel('Poids (Kg)').fill('77');
  await page.getByTestId('upload-input').setInputFiles([
    { name: 'faux.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>alert(1)</script></html>') },
    { name: 'vrai.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1') },
  ]);
  await saveButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Choisissez un patient' });
  await dialog.getByLabel('Choix du patient').fill('celine');
  await page.getByRole('option', { name: /Céline Faure/ }).click();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(panel(page).getByText('Consultation créer avec succès')).toBeVisible();
  const warning = panel(page).getByRole('alert').filter({ hasText: 'Documents non enregistrés' });
  await expect(warning.getByText('faux.pdf')).toBeVisible();
  await expect(warning.getByText('Le contenu du fichier ne correspond pas à son extension.')).toBeVisible();
  await expect(warning.getByText('vrai.pdf')).toHaveCount(0);
  await warning.getByRole('button', { name: 'Réessayer' }).click();
  await expect(warning.getByText('faux.pdf')).toBeVisible();
  await warning.getByRole('button', { name: 'Ignorer' }).click();
  await expect(warning).toBeHidden();
});

test('the open panel and its patient dialog have no serious or critical accessibility violation', async ({ page }) => {
  await signIn(page, 'pg');
  await page.getByRole('button', { name: 'Consultation', exact: true }).click();
  await expect(panel(page).getByRole('region', { name: 'Diététique' })).toBeVisible();
  expect(await seriousViolations(page, { include: '[data-testid="consultation-panel"]' })).toEqual([]);
  await panel(page).getByLabel('Taille (cm)').fill('170');
  await saveButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Choisissez un patient' })).toBeVisible();
  expect(await seriousViolations(page, { include: '[role="dialog"][aria-labelledby="patient-dialog-title"]' })).toEqual([]);
});
