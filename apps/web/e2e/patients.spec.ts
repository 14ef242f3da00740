import { expect, test, type Page } from '@playwright/test';
import { editor, expectAccessible, panel, searchPatients, signIn } from './support.ts';

// The patient list and the patient file, in Chromium against the real server on a fresh
// demo database. Serial: the practitioner's consultations and the patient's notice build on each other.
const PATIENT = 'Agathe Sérénité-Test';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n' + ' '.repeat(1800), 'latin1');

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** DESIGN §7: no serious or critical accessibility violation. */


/** Records a consultation through the panel of SPEC §2 for a patient picked in the autocomplete. */
async function recordConsultation(page: Page, values: { size: string; weight: string; diagnostic: string; pdf?: boolean }) {
  await page.getByRole('button', { name: 'Consultation', exact: true }).click();
  await expect(panel(page)).toBeVisible();
  await panel(page).getByLabel('Taille (cm)').fill(values.size);
  await panel(page).getByLabel('Poids (Kg)').fill(values.weight);
  await editor(page, 'Diagnostic').fill(values.diagnostic);
  if (values.pdf) {
    await page.getByTestId('upload-input').setInputFiles({ name: 'bilan-sanguin.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(panel(page).getByText('bilan-sanguin.pdf')).toBeVisible();
  }
  await panel(page).getByRole('button', { name: 'Enregistrer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Choisissez un patient' });
  await dialog.getByLabel('Choix du patient').fill('agathe serenite');
  await page.getByRole('option', { name: new RegExp(PATIENT) }).click();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(panel(page).getByText('Consultation créer avec succès')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Fermer' }).click();
  await expect(panel(page)).toBeHidden();
}

test('as pr: a 5,014-character patient name is told its limit, and nothing is created', async ({ page }) => {
  await signIn(page, 'pr', { at: '/patients/list' });
  await page.getByRole('button', { name: 'Nouveau patient' }).click();
  const create = page.getByRole('dialog', { name: 'Nouveau patient' });
  await create.getByLabel('Nom du patient').fill('N'.repeat(5_014));
  await create.getByLabel('Téléphone').fill('06 55 44 33 21');
  await create.getByLabel('Adresse Email').fill('nom.long@exemple.fr');
  await create.getByRole('button', { name: 'Créer le patient' }).click();
  await expect(create.getByText('Le nom du patient ne doit pas dépasser 200 caractères.')).toBeVisible();
  await expect(create.getByText('Le nom du patient est obligatoire.')).toBeHidden();
  await expect(page).toHaveURL(/\/patients\/list$/);
});

let fileUrl = '';
let idPatient = '';

test('as pr: finds a patient by a name typed without its accents and opens the file', async ({ page }) => {
  await signIn(page, 'pr');
  await page.getByRole('link', { name: 'Dossiers patients', exact: true }).click();
  await expect(page).toHaveURL(/\/patients\/list$/);
  await expect(page.getByRole('heading', { name: 'Dossiers patients' })).toBeVisible();

  // Accent-insensitive search on the server.
  await page.getByLabel('Rechercher un patient').fill('helene martin');
  await expect(page.getByRole('row', { name: /Hélène Martin/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Zoé Laurent/ })).toHaveCount(0);
  await expect(page).toHaveURL(/q=helene/);
  await expectAccessible(page);
  // The CSV export holds the current selection.
  const exporting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter en CSV' }).click();
  const csv = await exporting;
  expect(csv.suggestedFilename()).toBe('patients.csv');
  const text = await csv.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(text.replace('\uFEFF', '').trim().split('\r\n')).toEqual([
    '"Nom";"Téléphone";"Adresse Email";"Date de naissance";"Dernière consultation";"Consultations"',
    expect.stringMatching(/^"Hélène Martin";"06 23 45 67 89";"helene\.martin@exemple\.fr";"30\/09\/1975";"\d\d\/\d\d\/\d{4}";"2"$/),
  ]);
  await page.getByRole('row', { name: /Hélène Martin/ }).click();
  await expect(page).toHaveURL(/\/patient\/dossier\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hélène Martin' })).toBeVisible();
  await expect(page.getByText('30/09/1975').first()).toBeVisible();
  await expectAccessible(page);
});

test('as pr: creates a patient with the panel’s rules, then records two consultations through the panel', async ({ page }) => {
  await signIn(page, 'pr');
  // 'Nouveau patient', with the panel's rules.
  await page.goto('/patients/list');
  await page.getByRole('button', { name: 'Nouveau patient' }).click();
  const create = page.getByRole('dialog', { name: 'Nouveau patient' });
  await create.getByLabel('Nom du patient').fill('Hélène Martin');
  await create.getByLabel('Téléphone').fill('06 55 44 33 22');
  await create.getByLabel('Adresse Email').fill('autre@exemple.fr');
  await create.getByRole('button', { name: 'Créer le patient' }).click();
  await expect(create.getByText('Un patient avec ce nom existe déja')).toBeVisible();
  await create.getByLabel('Nom du patient').fill(PATIENT);
  await create.getByLabel('Adresse Email').fill('agathe.serenite@exemple.fr');
  await create.getByRole('button', { name: 'Créer le patient' }).click();
  await expect(page).toHaveURL(/\/patient\/dossier\/[0-9a-f-]{36}$/);
  fileUrl = new URL(page.url()).pathname;
  idPatient = fileUrl.split('/')[3];
  await expect(page.getByRole('heading', { level: 1, name: PATIENT })).toBeVisible();

  // Two consultations through the panel, with different weights, the first with a PDF.
  await recordConsultation(page, { size: '170', weight: '72', diagnostic: 'Surcharge pondérale modérée', pdf: true });
  await recordConsultation(page, { size: '170', weight: '69.5', diagnostic: 'Perte de poids encourageante' });
});

test('as pr: switches tabs through the URL, opens a consultation, downloads its document, sees the curve', async ({ page }) => {
  expect(idPatient).not.toBe('');
  await signIn(page, 'pr');
  // Tabs follow the URL.
  await page.goto(`/patient/consultations/${idPatient}`);
  await expect(page.getByRole('tab', { name: /Consultations \(2\)/ })).toHaveAttribute('aria-selected', 'true');
  const entries = page.getByRole('button', { name: /^Ouvrir la consultation du / });
  await expect(entries).toHaveCount(2);
  // Newest first: the second consultation (69,5 kg) is on top.
  await expect(entries.first()).toContainText('69,5 kg');
  await expect(entries.last()).toContainText('IMC 24,91');
  await entries.last().click();
  await expect(page).toHaveURL(new RegExp(`/patient/consultations/${idPatient}/[0-9a-f-]{36}$`));
  const detail = page.getByRole('article');
  await expect(detail.getByText('Surcharge pondérale modérée')).toBeVisible();
  await expect(detail.getByText('24,91')).toBeVisible();
  // 'Modifier' opens this consultation in the consultation panel, in edit mode.
  await detail.getByRole('button', { name: 'Modifier' }).click();
  await expect(panel(page).getByLabel('Poids (Kg)')).toHaveValue('72');
  await expect(panel(page).getByText('Modification')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Fermer' }).click();
  await expect(panel(page)).toBeHidden();

  // Documents: listed with their consultation, downloaded through the authorised route.
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page).toHaveURL(`/patient/documents/${idPatient}`);
  const row = page.getByRole('row', { name: /bilan-sanguin\.pdf/ });
  await expect(row).toContainText('PDF');
  await expect(row).toContainText(`${Math.round(PDF.length / 1000)} ko`);
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Télécharger bilan-sanguin.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('bilan-sanguin.pdf');
  const bytes = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  expect(bytes.equals(PDF)).toBe(true);
  // In-page preview of the PDF.
  await row.getByRole('button', { name: 'Aperçu bilan-sanguin.pdf' }).click();
  const preview = page.getByRole('dialog', { name: 'Aperçu de bilan-sanguin.pdf' });
  await expect(preview.locator('iframe[title="bilan-sanguin.pdf"]')).toBeVisible();
  await preview.getByRole('button', { name: 'Fermer' }).click();

  // Measures: the weight curve joins the two weighings; latest value and its change.
  await page.goto(`/patient/mesures/${idPatient}`);
  await expect(page.getByRole('tab', { name: 'Mesures' })).toHaveAttribute('aria-selected', 'true');
  const weight = page.getByTestId('chart-Poids');
  await expect(weight.locator('.recharts-line-dots circle, .recharts-line-dot')).toHaveCount(2);
  await expect(weight.locator('.recharts-line-curve')).toHaveCount(1);
  await expect(page.getByText('69,5').first()).toBeVisible();
  await expect(page.getByText('-2,5 kg')).toBeVisible();
  await expect(page.getByTestId('chart-IMC').getByText('Corpulence normale')).toBeVisible();
  await expect(page.getByTestId('chart-IMC').getByText('Surpoids')).toBeVisible();
  await expectAccessible(page);
});

test('as pr in Arabic: Lucas Bernard’s phone reads 06 45 12 78 90 in order, and the file stays accessible', async ({ page }) => {
  await signIn(page, 'pr', { at: '/patients/list' });
  await searchPatients(page, 'lucas bernard');
  await page.getByRole('row', { name: /Lucas Bernard/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lucas Bernard' })).toBeVisible();
  await page.getByRole('button', { name: 'Choisir la langue' }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Where "06" and "90" are drawn: left to right, as written, though the page runs right to left.
  for (const text of ['06 45 12 78 90', 'lucas.bernard@exemple.fr']) {
    const element = page.locator('bdi', { hasText: text }).first();
    await expect(element).toBeVisible();
    const [first, last] = await element.evaluate((el) => {
      const node = el.firstChild!;
      const range = document.createRange();
      const left = (start: number, end: number) => {
        range.setStart(node, start);
        range.setEnd(node, end);
        return range.getBoundingClientRect().left;
      };
      const length = node.textContent!.length;
      return [left(0, 2), left(length - 2, length)];
    });
    expect(first).toBeLessThan(last);
  }
  await expectAccessible(page);
});

test('as pt: lands on their own file and leaves a notice on a consultation', async ({ page }) => {
  await signIn(page, 'pt', { at: '/patients/list' });
  await expect(page).toHaveURL(/\/patient\/dossier\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /Lucas Bernard/ })).toBeVisible();
  await expect(page.getByText('Mon dossier')).toBeVisible();
  // Read-only: no identity edit, no archive.
  await expect(page.getByRole('button', { name: 'Archiver' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Modifier' })).toHaveCount(0);

  await page.getByRole('tab', { name: /Consultations/ }).click();
  await page.getByRole('button', { name: /^Ouvrir la consultation du / }).first().click();
  const form = page.getByRole('form', { name: 'Votre avis sur cette consultation' });
  await expect(form.getByRole('button', { name: 'Envoyer mon avis' })).toBeDisabled();
  // The fourth star, clicked as a user does (its radio input is visually hidden).
  const star = await form.getByLabel('4 étoiles sur 5').getAttribute('id');
  await form.locator(`label[for="${star}"]`).click();
  await expect(form.getByLabel('4 étoiles sur 5')).toBeChecked();
  await form.getByLabel('Votre avis').fill('Médecin très à l’écoute, explications claires.');
  // Recommending is the patient's own choice: never pre-checked.
  const recommend = form.getByRole('checkbox', { name: 'Je recommande ce praticien' });
  await expect(recommend).not.toBeChecked();
  await recommend.check();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Envoyer mon avis' }).click();
  await expect(page.getByText('Merci, votre avis est enregistré.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Modifier mon avis' })).toBeVisible();
  await expect(form.getByText(/Modifiable jusqu’au \d\d\/\d\d\/\d{4}/)).toBeVisible();
});

test('as pr: sees the notice on the file and the organisation’s average on the list', async ({ page }) => {
  await signIn(page, 'pr', { at: '/patients/list' });
  await expect(page.getByTestId('notice-average')).toContainText('Avis patients : 4 / 5');
  await searchPatients(page, 'lucas');
  await page.getByRole('row', { name: /Lucas Bernard/ }).click();
  await expect(page.getByText('« Médecin très à l’écoute, explications claires. »')).toBeVisible();
});

test('as pr2: the file URL of a Cabinet Démo patient shows the not-found page', async ({ page }) => {
  expect(fileUrl).not.toBe('');
  await signIn(page, 'pr2', { at: fileUrl });
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('Sorry but we could not find the page you are looking for')).toBeVisible();
  await expect(page.getByText(PATIENT)).toHaveCount(0);
});
