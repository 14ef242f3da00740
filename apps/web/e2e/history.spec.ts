import { expect, test } from '@playwright/test';
import { apiConsultation, apiSession, panel, saveButton, seriousViolations, signIn } from './support.ts';

// Issue 32 in Chromium against the real server on a fresh demo database: pr (Julien Moreau) edits
// a consultation of Lucas Bernard in the panel, reads "Modifiée le … par Julien Moreau" and the
// diff in its history, signs it, finds it read-only and adds a complement; pt (Lucas Bernard)
// finds the change in "who opened my file". The consultation's day is fixed (14/03/2025); the day
// of the change is today's, whatever it is: its format only is checked.
test('pr edits, reads the history, signs and completes a consultation; pt sees the change in their access log', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const pr = await apiSession(request, 'pr');
  const { idPatient: lucas, idConsultation } = await apiConsultation(request, pr, 'lucas bernard', {
    ConsultationDate: '2025-03-14T09:00:00.000Z',
    Size: 180,
    Weight: 80,
    Diagnostic: '<p>Lombalgie commune</p>',
  });

  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'pr', { at: `/patient/consultations/${lucas}/${idConsultation}` });
  const consultation = page.getByRole('article', { name: 'Consultation du 14/03/2025' });
  await expect(consultation.getByTestId('last-change')).toBeHidden();

  // The edit, in the panel.
  await consultation.getByRole('button', { name: 'Modifier' }).click();
  await expect(panel(page)).toContainText('Consultation de Lucas Bernard');
  await panel(page).getByLabel('Poids (Kg)').fill('79,5');
  await saveButton(page).click();
  await expect(panel(page).getByText('Consultation créer avec succès')).toBeVisible();
  await expect(consultation.getByTestId('last-change')).toHaveText(/^Modifiée le \d{2}\/\d{2}\/\d{4} par Julien Moreau$/);
  await panel(page).getByRole('button', { name: 'Fermer' }).click();
  await expect(panel(page)).toBeHidden();

  // Its history: the creation, then the weight from 80 to 79,5 kg, by Julien Moreau.
  await consultation.getByRole('button', { name: 'Historique' }).click();
  const history = page.getByRole('dialog', { name: 'Historique de la consultation' });
  const versions = history.getByTestId('history-version');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Création');
  await expect(versions.nth(1)).toContainText('Modification');
  await expect(versions.nth(1)).toContainText('Version 2 par Julien Moreau');
  const weight = versions.nth(1).locator('li').filter({ hasText: 'Poids' });
  await expect(weight.locator('del')).toHaveText('80 kg');
  await expect(weight.locator('ins')).toHaveText('→ 79,5 kg');
  // Whatever else the form's save filled in reads as the form shows it: days DD/MM/YYYY, no codes.
  await expect(history).not.toContainText(/\d{4}-\d{2}-\d{2}|primary/);
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await history.getByRole('button', { name: 'Fermer' }).click();
  await expect(history).toBeHidden();

  // Signed, it opens read-only: nothing to save, a complement instead.
  await consultation.getByRole('button', { name: 'Modifier' }).click();
  await expect(panel(page)).toContainText('Consultation de Lucas Bernard');
  await panel(page).getByRole('button', { name: 'Signer' }).click();
  await expect(panel(page).getByText('Consultation signée ou verrouillée : elle ne peut plus être modifiée. Une correction s’ajoute en complément.')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Signer' })).toBeHidden();
  await expect(panel(page).getByText(/^Signée le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} par Julien Moreau$/)).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  await expect(panel(page).getByLabel('Poids (Kg)')).toHaveValue('79,5');
  await panel(page).getByLabel('Complément', { exact: true }).fill('Radiographie lombaire normale.');
  await panel(page).getByRole('button', { name: 'Ajouter un complément' }).click();
  await expect(panel(page).getByText('Radiographie lombaire normale.')).toBeVisible();
  await expect(panel(page).getByLabel('Complément', { exact: true })).toHaveValue('');
  await panel(page).getByRole('button', { name: 'Fermer' }).click();

  // Under the consultation in the file, with its author.
  const addendum = consultation.getByTestId('addendum');
  await expect(addendum).toContainText('Radiographie lombaire normale.');
  await expect(addendum).toContainText(/^Complément du \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} par Julien Moreau/);
  await page.context().close();

  // pt reads the change in "who opened my file".
  const pt = await (await browser.newContext()).newPage();
  await signIn(pt, 'pt', { at: '/profile#mes-donnees' });
  const section = pt.getByRole('region', { name: 'Mes données' });
  const change = section.getByTestId('access-row').filter({ hasText: 'a modifié la consultation du 14/03/2025' });
  await expect(change).toHaveCount(1);
  await expect(change).toContainText('Julien Moreau');
  await expect(section.getByTestId('access-row').filter({ hasText: 'a ajouté un complément à la consultation du 14/03/2025' })).toHaveCount(1);
  await pt.context().close();
});
