import { expect, test } from '@playwright/test';
import { expectAccessible, panel, searchPatients, signIn } from './support.ts';

// Questionnaires in Chromium against the real server on a fresh demo database: the patient (pt)
// answers the demo pre-visit form on a 390 px phone, one question per screen (a required answer
// refused, the draft kept across a reload, a question shown by its condition); the practitioner
// (pr) reads the answers and the weekly pain curve in the file's tab and above a new consultation,
// and builds a questionnaire. Axe on each screen.

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const FORM = 'Questionnaire avant la consultation';

test('as pt on a 390 px phone: answers the pre-visit form one question per screen, finishing later', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'pt');
  await page.getByRole('link', { name: /Mes questionnaires/ }).click();
  await expect(page).toHaveURL(/\/questionnaires\/mine$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes questionnaires' })).toBeVisible();
  const todo = page.getByRole('list', { name: 'À remplir' });
  await expect(todo.getByText(FORM)).toBeVisible();
  await expectAccessible(page);

  await todo.getByRole('listitem').filter({ hasText: FORM }).getByRole('button', { name: 'Répondre' }).click();
  const form = page.getByRole('region', { name: FORM });
  await expect(form.getByTestId('question-progress')).toHaveText('Question 1 sur 7');
  // One question on the screen: the next one is not there yet.
  await expect(form.getByRole('textbox', { name: /Quel est le motif de votre visite/ })).toBeVisible();
  await expect(form.getByRole('radiogroup', { name: /Votre douleur aujourd’hui/ })).toHaveCount(0);
  await form.getByRole('button', { name: 'Suivant' }).click();
  await expect(form.getByText('Cette question est obligatoire.')).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('textbox', { name: /Quel est le motif de votre visite/ }).fill('Douleur lombaire');
  await form.getByRole('button', { name: 'Suivant' }).click();
  await expect(form.getByTestId('question-progress')).toHaveText('Question 2 sur 7');
  await form.getByRole('button', { name: 'Suivant' }).click();
  await expect(form.getByTestId('question-progress')).toHaveText('Question 3 sur 7');
  await form.getByRole('radiogroup', { name: /Votre douleur aujourd’hui/ }).getByRole('radio', { name: '6', exact: true }).check();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Suivant' }).click();
  await expect(form.getByTestId('question-progress')).toHaveText('Question 4 sur 7');

  // Finish later: the answers so far were saved at each step.
  await page.reload();
  await expect(todo.getByRole('listitem').filter({ hasText: FORM }).getByText('Commencé')).toBeVisible();
  await todo.getByRole('listitem').filter({ hasText: FORM }).getByRole('button', { name: 'Continuer' }).click();
  await expect(form.getByRole('textbox', { name: /Quel est le motif de votre visite/ })).toHaveValue('Douleur lombaire');
  for (let i = 0; i < 3; i++) await form.getByRole('button', { name: 'Suivant' }).click();
  await expect(form.getByTestId('question-progress')).toHaveText('Question 4 sur 7');

  // "Oui" shows the question that depends on it.
  await form.getByRole('radio', { name: 'Oui' }).check();
  await expect(form.getByTestId('question-progress')).toHaveText('Question 4 sur 8');
  await form.getByRole('button', { name: 'Suivant' }).click();
  await form.getByRole('textbox', { name: /Lequel/ }).fill('Paracétamol');
  await form.getByRole('button', { name: 'Suivant' }).click();
  await form.getByRole('checkbox', { name: 'Pollens' }).check();
  await form.getByRole('button', { name: 'Suivant' }).click();
  await form.getByRole('spinbutton', { name: /Votre poids/ }).fill('350');
  await form.getByRole('button', { name: 'Suivant' }).click();
  await expect(form.getByText('La valeur doit être inférieure ou égale à 300 kg.')).toBeVisible();
  await form.getByRole('spinbutton', { name: /Votre poids/ }).fill('78.5');
  await form.getByRole('button', { name: 'Suivant' }).click();
  await expect(form.getByTestId('question-progress')).toHaveText('Question 8 sur 8');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Envoyer mes réponses' }).click();
  await expect(page.getByText('Merci, vos réponses ont été envoyées.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Envoyés' }).getByText(FORM)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('as pr: reads the answers and the pain curve in the file, and above a new consultation', async ({ page }) => {
  await signIn(page, 'pr', { at: '/patients/list' });
  await searchPatients(page, 'lucas bernard');
  await page.getByRole('row', { name: /Lucas Bernard/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lucas Bernard' })).toBeVisible();
  await page.getByRole('tab', { name: 'Questionnaires' }).click();
  const set = page.getByRole('listitem', { name: FORM });
  await expect(set.getByText('Envoyé', { exact: true })).toBeVisible();
  await expect(set.getByText('Paracétamol')).toBeVisible();
  await expect(set.getByText('78.5 kg')).toBeVisible();
  await expect(page.getByRole('img', { name: /Évolution de « Douleur moyenne cette semaine » : .* 7\/10, .* 6\/10, .* 4\/10, .* 3\/10/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Consultation', exact: true }).click();
  await expect(panel(page)).toBeVisible();
  const answers = panel(page).getByTestId('pre-visit-answers');
  await expect(answers).toContainText(`Avant la consultation : ${FORM}`);
  await expect(answers).toContainText('Douleur lombaire');
  await expect(answers).toContainText('6/10');
  await expectAccessible(page);
});

test('as pr: builds a questionnaire with a condition', async ({ page }) => {
  await signIn(page, 'pr');
  await page.getByRole('link', { name: 'Questionnaires', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Questionnaires' })).toBeVisible();
  await expect(page.getByText('Habitudes alimentaires')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Nouveau questionnaire' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau questionnaire' });
  await dialog.getByRole('textbox', { name: 'Titre' }).fill('Suivi du sommeil');
  await dialog.getByRole('textbox', { name: 'Question 1' }).fill('Dormez-vous bien ?');
  await dialog.getByRole('combobox', { name: 'Type de réponse' }).click();
  await page.getByRole('option', { name: 'Oui / non' }).click();
  await dialog.getByRole('button', { name: 'Ajouter une question' }).click();
  await dialog.getByRole('textbox', { name: 'Question 2' }).fill('Combien d’heures ?');
  await dialog.getByRole('combobox', { name: 'Type de réponse' }).nth(1).click();
  await page.getByRole('option', { name: 'Nombre' }).click();
  await dialog.getByRole('textbox', { name: 'Unité' }).fill('h');
  await dialog.getByRole('spinbutton', { name: 'Minimum' }).fill('0');
  await dialog.getByRole('spinbutton', { name: 'Maximum' }).fill('24');
  await dialog.getByRole('combobox', { name: 'Afficher' }).nth(1).click();
  await page.getByRole('option', { name: 'Question 1 : Dormez-vous bien ?' }).click();
  await dialog.getByRole('textbox', { name: 'Si la réponse est' }).fill('non');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Questionnaire enregistré.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Suivi du sommeil' }).getByText('Version 1')).toBeVisible();
});
