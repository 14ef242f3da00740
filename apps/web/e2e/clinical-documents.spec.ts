import { expect, test, type Browser, type Page } from '@playwright/test';
import { editor, expectAccessible, panel, saveButton, searchPatients, signIn } from './support.ts';

// Clinical documents in Chromium against the real server on a fresh demo database: pr (Julien
// Moreau) saves a visit of Lucas Bernard from the consultation panel, writes its ordonnance from
// the panel's 'Documents', prints the signed PDF and opens its
// verification page without signing in; pt (Lucas Bernard) opens it from their space.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

async function pageFor(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** Clicks a button that fetches a signed PDF (then shown in a new tab) and answers the response's headers. */
async function pdfFrom(page: Page, click: () => Promise<void>): Promise<Record<string, string>> {
  const answer = page.waitForResponse((r) => /\/api\/clinical-documents\/[^/]+\/pdf$/.test(r.url()) && r.status() === 200);
  await click();
  return (await answer).allHeaders();
}

let verifyUrl = '';
let number = '';

test('pr writes an ordonnance from the consultation panel, prints it and opens its verification page', async ({ browser }) => {
  const page = await pageFor(browser);
  await signIn(page, 'pr', { at: '/patients/list' });
  await searchPatients(page, 'lucas');
  await page.getByRole('row', { name: /Lucas Bernard/ }).click();
  await expect(page.getByRole('link', { name: 'Ordonnances, certificats et courriers' })).toBeVisible();
  // The visit is saved from the panel, then its 'Documents' button (it stays after the 2 s alert).
  await page.getByRole('button', { name: 'Consultation', exact: true }).click();
  await editor(page, 'Diagnostic').fill('Angine bactérienne');
  await saveButton(page).click();
  const choice = page.getByRole('dialog', { name: 'Choisissez un patient' });
  await expect(choice.getByLabel('Choix du patient')).toHaveValue('Lucas Bernard');
  await choice.getByRole('button', { name: 'Enregistrer' }).click();
  await panel(page).getByRole('link', { name: 'Documents' }).click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}\?fromConsultation=[0-9a-f-]{36}$/);
  await expect(panel(page)).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Rédiger un document' })).toBeVisible();
  await expectAccessible(page);

  // The BDPM suggests the medicine as it is typed; picking one fills its name and form.
  await page.getByRole('combobox', { name: 'Ligne 1' }).pressSequentially('amoxicilline 1 g');
  await page.getByRole('option', { name: /^AMOXICILLINE .*1 g, comprimé/ }).first().click();
  await expect(page.getByRole('combobox', { name: 'Ligne 1' })).toHaveValue(/^AMOXICILLINE .*1 g, comprimé/);
  await expect(page.getByRole('textbox', { name: 'Forme' })).toHaveValue(/comprimé/);
  await page.getByRole('textbox', { name: 'Posologie' }).fill('1 comprimé matin et soir');
  await page.getByRole('textbox', { name: 'Durée' }).fill('6 jours');
  await page.getByRole('button', { name: 'Émettre le document signé' }).click();
  const issued = page.getByRole('status').filter({ hasText: 'émis et signé' });
  await expect(issued).toBeVisible();
  number = (await issued.textContent())!.match(/N° (\d{4}-\d{5})/)![1];

  const pdf = await pdfFrom(page, () => issued.getByRole('button', { name: 'Imprimer' }).click());
  expect(pdf['content-type']).toBe('application/pdf');
  expect(pdf['content-disposition']).toContain(`ordonnance-${number}.pdf`);
  await expect(page.getByRole('list', { name: 'Ordonnances, certificats et courriers' }).getByText(`N° ${number}`)).toBeVisible();

  verifyUrl = (await issued.getByRole('link', { name: 'Page de vérification' }).getAttribute('href'))!;
  expect(verifyUrl).toMatch(/\/verify\/[A-Za-z0-9_-]{22,}$/);
  await page.context().close();

  // Anyone holding the paper: no sign-in.
  const guest = await pageFor(browser);
  await guest.goto(new URL(verifyUrl).pathname);
  await expect(guest.getByText('Document authentique et en vigueur.')).toBeVisible();
  await expect(guest.getByText('Julien Moreau')).toBeVisible();
  await expect(guest.getByText('L. B.')).toBeVisible();
  await expect(guest.getByText('Amoxicilline')).toHaveCount(0);
  await expectAccessible(guest);
  await guest.goto('/verify/faux-jeton-de-verification-0000');
  await expect(guest.getByText('Ce lien de vérification ne correspond à aucun document.')).toBeVisible();
  await guest.context().close();
});

test('pt opens the ordonnance from their space', async ({ browser }) => {
  const page = await pageFor(browser);
  await signIn(page, 'pt', { at: '/mes-documents' });
  const row = page.getByRole('listitem').filter({ hasText: `N° ${number}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Ordonnance');
  await expect(row).toContainText('Valide');
  await expectAccessible(page);
  const pdf = await pdfFrom(page, () => row.getByRole('button', { name: /Ouvrir le PDF/ }).click());
  expect(pdf['content-type']).toBe('application/pdf');
  await page.context().close();
});
