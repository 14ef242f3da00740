import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signIn } from './support.ts';

// The patient's diaries in Chromium against the real server on a fresh demo database: pt (Lucas
// Bernard) logs a meal from the Ciqual table and a pain entry on a 390 px phone; di sees the meal
// diary against his dietetic target in his file; pr sees the pain curve beside the consultations
// and comments the entry, which the patient then reads.

test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** A meal's photo: a 1 px PNG (the server types it by its bytes). */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** DESIGN §7: no serious or critical accessibility violation. */
async function openLucasDiary(page: Page) {
  await page.goto('/patients/list');
  await page.getByRole('row', { name: /Lucas Bernard/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lucas Bernard' })).toBeVisible();
  await page.getByRole('tab', { name: 'Journal' }).click();
  await expect(page.getByTestId('diary-summary')).toBeVisible();
}

test('as pt on a 390 px phone: logs a meal from Ciqual and a pain entry', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'pt');
  await page.getByRole('link', { name: 'Ouvrir mon journal' }).click();
  await expect(page.getByRole('heading', { name: 'Mon journal', level: 1 })).toBeVisible();
  await expect(page.getByTestId('day-energy')).toContainText('sur un objectif de');
  await expectAccessible(page);

  // A lunch of 150 g of apple, found by typing without its accents or its exact words.
  const form = page.getByRole('form', { name: 'Repas' });
  await form.getByRole('searchbox', { name: 'Chercher un aliment' }).fill('pomme crue');
  await form.getByRole('list', { name: 'Aliments trouvés' }).getByRole('button', { name: /^Pomme, chair et peau, crue/ }).first().click();
  await form.getByRole('textbox', { name: 'Grammes' }).fill('150');
  await form.locator('input[type=file]').setInputFiles({ name: 'repas.png', mimeType: 'image/png', buffer: PHOTO });
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Entrée enregistrée.')).toBeVisible();
  await expect(page.getByTestId('diary-entry').first()).toContainText(/Déjeuner : Pomme, chair et peau, crue.* — \d+ kcal/);
  // The photo, uploaded once the meal is saved, shows as a thumbnail of the entry.
  await expect(page.getByTestId('diary-entry').first().getByTestId('meal-photo')).toBeVisible();
  await expect(page.getByTestId('day-energy')).not.toContainText(/^0 kcal/);

  // Pain: 6/10, lower back.
  await page.getByRole('tab', { name: 'Douleur' }).click();
  const pain = page.getByRole('form', { name: 'Douleur' });
  await pain.getByRole('combobox', { name: /^Intensité/ }).click();
  await page.getByRole('option', { name: 'Intensité : 6/10' }).click();
  await expect(pain.getByRole('combobox', { name: /^Intensité/ })).toContainText('Intensité : 6/10');
  await pain.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('diary-entry').first()).toContainText('Douleur 6/10 (Lombaire)');
  await expectAccessible(page);
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('as di: sees the meal diary against the target', async ({ page }) => {
  await signIn(page, 'di');
  await openLucasDiary(page);
  await expect(page.getByTestId('diary-summary')).toContainText(/Énergie moyenne : \d+ kcal par jour \(objectif \d+ kcal\)/);
  await expect(page.getByRole('img', { name: /Énergie mangée par jour face à l’objectif de \d+ kcal/ })).toBeVisible();
  await expect(page.getByTestId('file-diary-entry').filter({ hasText: 'Pomme, chair et peau, crue' })).toBeVisible();
  await expect(page.getByTestId('file-diary-entry').filter({ hasText: 'Pomme, chair et peau, crue' }).getByTestId('meal-photo')).toBeVisible();
  await expectAccessible(page);
});

test('as pr: sees the pain curve beside the consultations and comments the entry; the patient reads it', async ({ page, browser }) => {
  await signIn(page, 'pr');
  await openLucasDiary(page);
  await expect(page.getByRole('img', { name: /Douleur notée par le patient, avec \d+ consultations?/ })).toBeVisible();
  await expect(page.getByTestId('diary-pain-chart').locator('.recharts-line')).toHaveCount(1);
  await expectAccessible(page);
  const entry = page.getByTestId('file-diary-entry').filter({ hasText: 'Douleur 6/10 (Lombaire)' });
  await entry.getByRole('button', { name: /^Commenter/ }).click();
  await entry.getByRole('textbox', { name: 'Commentaire pour le patient' }).fill('Pensez aux étirements du matin.');
  await entry.getByRole('button', { name: 'Envoyer' }).click();
  await expect(entry).toContainText('Pensez aux étirements du matin.');

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(phone, 'pt', { at: '/journal' });
  await expect(phone.getByTestId('diary-entry').filter({ hasText: 'Douleur 6/10' })).toContainText('Pensez aux étirements du matin.');
  await phone.close();
});
