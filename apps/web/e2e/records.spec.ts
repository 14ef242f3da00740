import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, signIn } from './support.ts';

// The patient's rights in Chromium against the real server on a fresh demo database: the patient
// (pt, Lucas Bernard) downloads their file as FHIR R4 and as a PDF summary, sees that the
// practitioner (pr, Julien Moreau) opened it, flags that access; the administrator (pa) answers
// the flag in /admin and the patient reads the answer. Serial: each step builds on the last.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** A page in a context of its own (one user per context; axe needs a context page). */
async function pageFor(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

async function download(page: Page, button: string): Promise<{ name: string; body: Buffer }> {
  const waiting = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await waiting;
  return { name: file.suggestedFilename(), body: fs.readFileSync((await file.path())!) };
}

test('pt downloads their file (FHIR, PDF), sees that pr opened it and flags that access', async ({ browser }) => {
  // pr opens Lucas Bernard's file and exports it from there.
  const prPage = await pageFor(browser);
  await signIn(prPage, 'pr', { at: '/patients/list?q=lucas' });
  await prPage.getByRole('row', { name: /Lucas Bernard/ }).click();
  await expect(prPage.getByRole('heading', { name: 'Lucas Bernard' })).toBeVisible();
  const prExport = await download(prPage, 'Exporter (FHIR)');
  expect(JSON.parse(prExport.body.toString('utf8')).entry[0].resource).toMatchObject({ resourceType: 'Patient', name: [{ text: 'Lucas Bernard' }] });
  await prPage.context().close();

  const page = await pageFor(browser);
  await signIn(page, 'pt');
  await page.getByRole('link', { name: 'Mes données' }).click();
  await expect(page).toHaveURL(/\/profile#mes-donnees$/);
  const section = page.getByRole('region', { name: 'Mes données' });
  await expect(section).toBeVisible();

  const fhir = await download(page, 'Télécharger (FHIR)');
  expect(fhir.name).toMatch(/^dossier-lucas-bernard-\d{4}-\d{2}-\d{2}\.fhir\.json$/);
  const bundle = JSON.parse(fhir.body.toString('utf8'));
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  const weights = bundle.entry.map((e: { resource: { code?: { coding?: { code: string }[] }; valueQuantity?: unknown } }) => e.resource).filter((r: { code?: { coding?: { code: string }[] } }) => r.code?.coding?.[0]?.code === '29463-7');
  expect(weights.map((w: { valueQuantity: { value: number; unit: string } }) => `${w.valueQuantity.value} ${w.valueQuantity.unit}`)).toEqual(expect.arrayContaining(['80.4 kg', '82.1 kg', '84.5 kg']));
  const pdf = await download(page, 'Résumé PDF');
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Who opened my file: pr's reading, named with its role, and the patient's own exports.
  const prRow = section.getByTestId('access-row').filter({ hasText: 'Julien Moreau' }).filter({ hasText: 'Dossier' }).first();
  await expect(prRow).toBeVisible();
  await expect(prRow).toContainText('Praticien');
  await expect(prRow).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(section.getByTestId('access-row').filter({ hasText: 'Vous' }).filter({ hasText: 'Export' }).first()).toBeVisible();
  // The filter keeps exports only.
  await section.getByLabel('Ce qui a été ouvert').click();
  await page.getByRole('option', { name: 'Export' }).click();
  await expect(section.getByTestId('access-row').filter({ hasText: 'Dossier' })).toHaveCount(0);
  await expect(section.getByTestId('access-row').filter({ hasText: 'Julien Moreau' }).first()).toBeVisible();
  await section.getByLabel('Ce qui a été ouvert').click();
  await page.getByRole('option', { name: 'Tout' }).click();
  await expectAccessible(page);

  await prRow.getByRole('button', { name: 'Je ne reconnais pas cet accès' }).click();
  const dialog = page.getByRole('dialog', { name: 'Je ne reconnais pas cet accès' });
  await dialog.getByLabel('Commentaire (facultatif)').fill('Je n’avais pas de rendez-vous ce jour-là.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Signaler' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId('access-row').filter({ hasText: 'Signalé, en attente de réponse' })).toHaveCount(1);
  await page.context().close();
});

test('pa sees the flag in /admin and answers it; the patient reads the answer', async ({ browser }) => {
  const page = await pageFor(browser);
  await signIn(page, 'pa', { at: '/admin' });
  await page.getByRole('tab', { name: 'Signalements' }).click();
  const flag = page.getByTestId('flag-row').filter({ hasText: 'Lucas Bernard' });
  await expect(flag).toBeVisible();
  await expect(flag).toContainText('Julien Moreau');
  await expect(flag).toContainText('Je n’avais pas de rendez-vous ce jour-là.');
  await expectAccessible(page);
  await flag.getByRole('button', { name: 'Répondre' }).click();
  const dialog = page.getByRole('dialog', { name: 'Répondre à Lucas Bernard' });
  await dialog.getByLabel('Réponse').fill('Le Dr Moreau préparait votre bilan annuel.');
  await dialog.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(page.getByText('Aucun signalement.')).toBeVisible();
  await page.context().close();

  const pt = await pageFor(browser);
  await signIn(pt, 'pt', { at: '/profile#mes-donnees' });
  await expect(pt.getByTestId('flag-answer')).toHaveText('Réponse : Le Dr Moreau préparait votre bilan annuel.');
  await pt.context().close();
});
