import { expect, test } from '@playwright/test';
import { seriousViolations, signIn } from './support.ts';

// As `pr`: a note with a checklist and a new label, its reminder (toast and quick panel), the label
// filter kept on reload, then the archive.

/** What a user types in the reminder's picker (DD/MM/YYYY HH:mm) for Paris time, `minutes` from now. */
function parisTyped(minutes: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(Date.now() + minutes * 60_000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}${parts.month}${parts.year}${parts.hour}${parts.minute}`;
}

test('pr writes a checklist with a label and a reminder, filters by label, archives it', async ({ page }) => {
  // One long journey (two reloads, a search, the quick panel): more than the default minute on a busy machine.
  test.setTimeout(150_000);
  await signIn(page, 'pr', { at: '/notes' });
  await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Ouvrir la note Commandes du cabinet/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A new label.
  await page.getByRole('button', { name: 'Modifier les libellés' }).click();
  const labels = page.getByRole('dialog', { name: 'Modifier les libellés' });
  await labels.getByLabel('Nouveau libellé').fill('Congrès');
  await labels.getByRole('button', { name: 'Créer le libellé' }).click();
  await expect(labels.getByRole('textbox', { name: 'Nom du libellé Congrès' })).toBeVisible();
  await labels.getByRole('button', { name: 'Fermer' }).click();

  // An empty note is refused; then a checklist with the label and a reminder a minute ago (due now).
  await page.getByRole('button', { name: 'Ajouter une note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle note' });
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('Une note vide n’est pas enregistrée')).toBeVisible();
  await dialog.getByLabel('Titre').fill('Préparer le congrès');
  await dialog.getByRole('button', { name: 'Liste à cocher' }).click();
  await dialog.getByRole('textbox', { name: 'Élément 1' }).fill('Réserver le train');
  await dialog.getByRole('textbox', { name: 'Élément 1' }).press('Enter');
  await dialog.getByRole('textbox', { name: 'Élément 2' }).fill('Envoyer le résumé <b>avant lundi</b>');
  await dialog.getByRole('checkbox', { name: 'Élément 1 fait' }).check();
  await dialog.getByRole('combobox', { name: 'Libellés' }).click();
  await page.getByRole('option', { name: 'Congrès' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('radio', { name: 'Vert' }).check();
  // The agenda's French picker: the day's section first, each section passing to the next when full.
  await dialog.getByRole('group', { name: 'Rappel' }).getByRole('spinbutton').first().click();
  await page.keyboard.type(parisTyped(-1));
  // Linked to a patient file (a practitioner may; the reads are journalled on the server).
  await dialog.getByRole('combobox', { name: 'Dossier patient lié' }).fill('helene');
  await page.getByRole('option', { name: 'Hélène Martin' }).click();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('button', { name: 'Ouvrir la note Préparer le congrès' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Envoyer le résumé <b>avant lundi</b>')).toBeVisible();
  await expect(card.getByText('Congrès', { exact: true })).toBeVisible();
  await expect(card.getByText('Hélène Martin', { exact: true })).toBeVisible();

  // The due reminder: a toast, and the quick panel's 'Événements'.
  await expect(page.getByText('Rappel : Préparer le congrès')).toBeVisible();
  await page.getByRole('button', { name: 'Panneau rapide' }).click();
  const quick = page.getByRole('dialog', { name: 'Panneau rapide' });
  await expect(quick.getByRole('list', { name: 'Événements' }).getByText('Préparer le congrès')).toBeVisible();
  await quick.getByRole('button', { name: 'Fermer' }).click();

  // The label filter, kept on reload (SPEC §2 route parameters).
  await page.getByRole('navigation', { name: 'Filtres des notes' }).getByRole('link', { name: 'Congrès' }).click();
  await expect(page).toHaveURL(/\/notes\/labels\/congres\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Congrès' })).toBeVisible();
  await expect(page.getByTestId('note-card')).toHaveCount(1);
  await expect(card).toBeVisible();

  // Accent-insensitive search.
  await page.goto('/notes');
  await page.getByRole('searchbox', { name: 'Rechercher dans les notes' }).fill('CONGRES');
  await expect(page.getByTestId('note-card')).toHaveCount(1);

  // /notes/{id} opens the note; archive it.
  await card.click();
  await expect(page).toHaveURL(/\/notes\/[0-9a-f-]{36}$/);
  await page.reload();
  const edit = page.getByRole('dialog', { name: 'Modifier la note' });
  await expect(edit.getByLabel('Titre')).toHaveValue('Préparer le congrès');
  await edit.getByRole('button', { name: 'Archiver' }).click();
  await expect(page.getByText('Note archivée')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher dans les notes' }).fill('');
  await expect(card).toBeHidden();
  await page.getByRole('link', { name: 'Archives' }).click();
  await expect(page).toHaveURL(/\/notes\/filters\/archive$/);
  await expect(card).toBeVisible();
});
