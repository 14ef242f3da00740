import { expect, test, type Page } from '@playwright/test';
import { editor, expectAccessible, panel, saveButton, searchPatients, signIn } from './support.ts';

// The consultation panel as a practitioner uses it, in Chromium against the real server on
// a fresh demo database. The tests run in order and build on each other (one patient created, then
// found again).
const PATIENT = 'Éloïse Verdier-Test';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n' + ' '.repeat(2400), 'latin1');

test.describe.configure({ mode: 'serial' });


const patientDialog = (page: Page) => page.getByRole('dialog', { name: 'Choisissez un patient' });

async function openPanel(page: Page) {
  await page.getByRole('button', { name: 'Consultation', exact: true }).click();
  await expect(panel(page)).toBeVisible();
}

test('fills the form and sees the IMC live; the draft survives closing the panel', async ({ page }) => {
  await signIn(page, 'pr');
  await openPanel(page);
  await expect(saveButton(page)).toBeDisabled();
  await panel(page).getByLabel('Taille (cm)').fill('180');
  await panel(page).getByLabel('Poids (Kg)').fill('81');
  await expect(page.getByTestId('imc')).toHaveText('25,00');
  await expect(saveButton(page)).toBeEnabled();

  // SPEC §4 analgesic rule: name and efficacy only for Oui.
  const treatmentName = panel(page).getByLabel('Nom du traitement');
  await expect(treatmentName).toBeDisabled();
  await panel(page).getByLabel('Traitement antalgique').click();
  await page.getByRole('option', { name: 'Oui' }).click();
  await expect(treatmentName).toBeEnabled();
  await treatmentName.fill('Paracétamol');
  await panel(page).getByLabel('Traitement antalgique').click();
  await page.getByRole('option', { name: 'Non', exact: true }).click();
  await expect(treatmentName).toHaveValue('');
  await expect(treatmentName).toBeDisabled();

  await page.getByRole('button', { name: 'Fermer' }).click();
  await expect(panel(page)).toBeHidden();
  await page.getByRole('link', { name: 'Dossiers patients', exact: true }).click();
  await openPanel(page);
  await expect(panel(page).getByLabel('Taille (cm)')).toHaveValue('180');
  await expect(page.getByTestId('imc')).toHaveText('25,00');

  await page.getByRole('button', { name: 'Plein écran' }).click();
  const box = await panel(page).boundingBox();
  const viewport = page.viewportSize()!;
  expect(Math.round(box!.height)).toBe(viewport.height);
  expect(Math.round(box!.width)).toBe(Math.round(viewport.width * 0.8));
});

test('writes a weight with a French comma, sees 8,2 kg and the right IMC, and finds the draft again after a reload', async ({ page }) => {
  await signIn(page, 'pr');
  await openPanel(page);
  await panel(page).getByRole('button', { name: 'Vider le formulaire' }).last().click();
  await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Vider le formulaire' }).click();
  await panel(page).getByLabel('Taille (cm)').fill('60');
  await panel(page).getByLabel('Poids (Kg)').fill('8,2');
  await expect(panel(page).getByLabel('Poids (Kg)')).toHaveValue('8,2');
  // 8.2 kg for 60 cm, not 82 kg: 22,78 (82 kg would give 227,78).
  await expect(page.getByTestId('imc')).toHaveText('22,78');
  // A point is read the same and shown the French way once the field is left.
  await panel(page).getByLabel('Taille (cm)').fill('60.0');
  await panel(page).getByLabel('Poids (Kg)').focus();
  await expect(panel(page).getByLabel('Taille (cm)')).toHaveValue('60');
  // Something that is not a number: a French message, no IMC, no save.
  await panel(page).getByLabel('Poids (Kg)').fill('8,2,3');
  await expect(panel(page).getByText(/Nombre invalide/)).toBeVisible();
  await expect(page.getByTestId('imc')).toHaveText('—');
  await expect(saveButton(page)).toHaveAttribute('aria-disabled', 'true');
  // Marked disabled for assistive technology, yet a press still leads to the field to fix (Playwright
  // would wait for an aria-disabled button to become enabled: the press is forced).
  await saveButton(page).click({ force: true });
  await expect(panel(page).getByLabel('Poids (Kg)')).toBeFocused();
  await expect(page.getByRole('dialog', { name: 'Choisissez un patient' })).toBeHidden();
  await panel(page).getByLabel('Poids (Kg)').fill('8,2');
  await editor(page, 'Consultation').fill('Nourrisson vu pour un contrôle');
  await expect(panel(page).getByText(/\/ 50\s000 caractères/).first()).toBeVisible();

  // The tab is reloaded (or crashed): the draft is still there for the same user.
  await page.reload();
  await openPanel(page);
  await expect(panel(page).getByLabel('Poids (Kg)')).toHaveValue('8,2');
  await expect(editor(page, 'Consultation')).toHaveText('Nourrisson vu pour un contrôle');
  await expect(page.getByTestId('imc')).toHaveText('22,78');
  await expectAccessible(page);
  await panel(page).getByRole('button', { name: 'Vider le formulaire' }).last().click();
  await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Vider le formulaire' }).click();
});

test('empties the form only once the clear dialog is confirmed', async ({ page }) => {
  await signIn(page, 'pr');
  await openPanel(page);
  await editor(page, 'Diagnostic').fill('Lombalgie commune');
  await panel(page).getByRole('button', { name: 'Vider le formulaire' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(dialog.getByText('Êtes vous sûr de vouloir vider le formulaire ?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(editor(page, 'Diagnostic')).toHaveText('Lombalgie commune');

  await panel(page).getByRole('button', { name: 'Vider le formulaire' }).last().click();
  await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Vider le formulaire' }).click();
  await expect(editor(page, 'Diagnostic')).toHaveText('');
  await expect(panel(page).getByLabel('Taille (cm)')).toHaveValue('');
  await expect(saveButton(page)).toBeDisabled();
});

test('saves a consultation with a new patient and a PDF', async ({ page }) => {
  await signIn(page, 'pr');
  await openPanel(page);
  await panel(page).getByLabel('Taille (cm)').fill('165');
  await panel(page).getByLabel('Poids (Kg)').fill('60');
  await editor(page, 'Diagnostic').fill('Entorse de la cheville');
  await page.getByTestId('upload-input').setInputFiles({ name: 'ordonnance.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(panel(page).getByText('ordonnance.pdf')).toBeVisible();
  await expect(panel(page).getByText(`${Math.round(PDF.length / 1000)} ko`)).toBeVisible();

  await saveButton(page).click();
  const dialog = patientDialog(page);
  await expect(dialog.getByLabel('Choix du patient')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  await dialog.getByLabel('Créer un nouveau patient').check();
  const confirm = dialog.getByRole('button', { name: 'Créer le Patient et enregistrer' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Nom du patient').fill(PATIENT);
  await dialog.getByLabel('Téléphone').fill('06 70 80 90 01');
  await dialog.getByLabel('Adresse Email').fill('eloise.verdier@exemple.fr');
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(panel(page).getByRole('alert').filter({ hasText: 'Consultation créer avec succès' })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The PDF reached the server: no failed-document warning.
  await expect(panel(page).getByText('Documents non enregistrés')).toHaveCount(0);
  await expect(panel(page).getByText('ordonnance.pdf')).toBeHidden();
  await expect(panel(page).getByLabel('Taille (cm)')).toHaveValue('');
  await expect(page.getByTestId('imc')).toHaveText('—');
  await expect(panel(page).getByText('Consultation créer avec succès')).toBeHidden({ timeout: 5_000 });
});

test('saves a second consultation for the same patient through the autocomplete', async ({ page }) => {
  await signIn(page, 'pr');
  await openPanel(page);
  await editor(page, 'Soins').fill('Contrôle à une semaine');
  await saveButton(page).click();
  const dialog = patientDialog(page);
  await dialog.getByLabel('Choix du patient').fill('eloise verdier');
  await page.getByRole('option', { name: new RegExp(PATIENT) }).click();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(panel(page).getByText('Consultation créer avec succès')).toBeVisible();

  // Undo in the emptied editor brings nothing back: neither the keys nor the toolbar.
  await expect(editor(page, 'Soins')).toHaveText('');
  await editor(page, 'Soins').click();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(editor(page, 'Soins')).toHaveText('');
  await expect(panel(page).getByRole('toolbar', { name: 'Mise en forme : Soins' }).getByRole('button', { name: 'Annuler la dernière modification' })).toBeDisabled();
  await expect(saveButton(page)).toBeDisabled();
});

test('opened from Lucas Bernard’s file, the panel is his; another patient at save time is confirmed', async ({ page }) => {
  await signIn(page, 'pr', { at: '/patients/list' });
  await searchPatients(page, 'lucas bernard');
  await page.getByRole('row', { name: /Lucas Bernard/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lucas Bernard' })).toBeVisible();
  await openPanel(page);
  await expect(panel(page).getByRole('heading', { name: 'Consultation — Lucas Bernard (12/04/1988)' })).toBeVisible();
  await editor(page, 'Diagnostic').fill('Contrôle lombaire');
  // The title stays through the session, on other screens too.
  await page.getByRole('button', { name: 'Fermer' }).click();
  await page.getByRole('link', { name: 'Dossiers patients', exact: true }).click();
  await openPanel(page);
  await expect(panel(page).getByRole('heading', { name: 'Consultation — Lucas Bernard (12/04/1988)' })).toBeVisible();

  await saveButton(page).click();
  const dialog = patientDialog(page);
  await expect(dialog.getByLabel('Choix du patient')).toHaveValue('Lucas Bernard');
  await dialog.getByLabel('Choix du patient').fill('eloise verdier');
  await page.getByRole('option', { name: new RegExp(PATIENT) }).click();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  const other = page.getByRole('dialog', { name: 'Autre patient' });
  await expect(other).toContainText(`Cette consultation a été commencée pour Lucas Bernard. L’enregistrer pour ${PATIENT} ?`);
  await other.getByRole('button', { name: 'Annuler' }).click();
  await dialog.getByLabel('Choix du patient').fill('lucas');
  await page.getByRole('option', { name: /Lucas Bernard/ }).click();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(panel(page).getByRole('alert').filter({ hasText: 'Consultation créer avec succès' })).toBeInViewport();
  await expect(panel(page).getByRole('heading', { name: 'Consultation — Lucas Bernard (12/04/1988)' })).toBeVisible();
});

test('tells at once that a patient name exists already', async ({ page }) => {
  await signIn(page, 'pr');
  await openPanel(page);
  await panel(page).getByLabel('Poids (Kg)').fill('70');
  await saveButton(page).click();
  const dialog = patientDialog(page);
  await dialog.getByLabel('Créer un nouveau patient').check();
  await dialog.getByLabel('Nom du patient').fill('eloise VERDIER-test');
  await expect(dialog.getByText('Un patient avec ce nom existe déja')).toBeVisible();
  await dialog.getByLabel('Téléphone').fill('06 70 80 90 01');
  await expect(dialog.getByText('Un patient avec ce numéro de téléphone existe déja')).toBeVisible();
  await dialog.getByLabel('Adresse Email').fill('autre@exemple.fr');
  await expect(dialog.getByRole('button', { name: 'Créer le Patient et enregistrer' })).toBeDisabled();
});

test('a practitioner of another organisation cannot find that patient', async ({ page }) => {
  await signIn(page, 'pr2');
  await openPanel(page);
  await panel(page).getByLabel('Poids (Kg)').fill('70');
  await saveButton(page).click();
  const dialog = patientDialog(page);
  await dialog.getByLabel('Choix du patient').fill('eloise');
  await expect(page.getByText('Aucun patient trouvé')).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(PATIENT) })).toHaveCount(0);
});
