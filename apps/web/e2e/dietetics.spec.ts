import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signIn } from './support.ts';

// Dietetics in Chromium against the real server on a fresh demo database: the demo dietitian
// searches the Ciqual table, builds a recipe, plans a patient's day against the computed target,
// assigns a program and opens the printable week; the patient reads their menu of the day.

test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** DESIGN §7: no serious or critical accessibility violation. */
function isoDay(d: Date) {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Adds a line to the open recipe dialog or a meal through its search box and quantity. */
async function addLine(page: Page, scope: ReturnType<Page['getByTestId']> | ReturnType<Page['getByRole']>, search: string, option: RegExp, quantity: string) {
  await scope.getByRole('combobox', { name: /Ajouter un aliment/ }).fill(search);
  await page.getByRole('option', { name: option }).first().click();
  await scope.locator('input[id$="-quantity"]').fill(quantity);
  await scope.getByRole('button', { name: 'Ajouter', exact: true }).click();
}

test('as di: searches a food, builds a recipe, plans a day against the target, assigns a program, prints the week', async ({ page }) => {
  await signIn(page, 'di');
  // The deliberate menu entry for dietitians (SPEC §2 shows it to developers only).
  await page.getByRole('link', { name: 'Diététique', exact: true }).click();
  await expect(page).toHaveURL(/\/dietetiques\/menu\/\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('heading', { name: 'Menus diététiques' })).toBeVisible();
  await expect(page.getByText(/Source : ANSES, Table de composition nutritionnelle des aliments Ciqual 2025/)).toBeVisible();
  await expectAccessible(page);

  // The food table: "pômme" typed with an accent still finds the raw apple, ranked first among "Pomme…".
  await page.goto('/formules');
  await page.getByRole('tab', { name: 'Aliments' }).click();
  await page.getByTestId('food-search').fill('pômme');
  const results = page.getByTestId('food-results');
  await expect(results.getByRole('cell', { name: 'Pomme, chair et peau, crue', exact: true })).toBeVisible();
  await expectAccessible(page);
  // Ligatures are folded like accents: "oeuf", as a keyboard types it, finds the eggs written "Œuf".
  await page.getByTestId('food-search').fill('oeuf');
  await expect(results.getByRole('cell', { name: 'Œuf, dur', exact: true })).toBeVisible();

  // A recipe: 300 g of apple (54 kcal/100 g) + 20 g of sugar (399 kcal/100 g), 2 portions → 121 kcal each.
  await page.getByRole('tab', { name: 'Formules' }).click();
  await page.getByRole('button', { name: 'Nouvelle formule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle formule' });
  await dialog.getByRole('textbox', { name: 'Nom' }).fill('Compote maison sans cuisson');
  await dialog.getByRole('textbox', { name: 'Portions' }).fill('2');
  await addLine(page, dialog, 'pomme chair peau', /^Pomme, chair et peau, crue/, '300');
  await addLine(page, dialog, 'sucre blanc', /^Sucre, blanc/, '20');
  await expect(dialog.getByText('Sucre, blanc — 20 g')).toBeVisible();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('textbox', { name: 'Rechercher une formule' }).fill('compote maison');
  // The search's answer first, as a user reads it: a click on the unfiltered list as it was being
  // replaced reached no row (a CI run: no dialog opened).
  await expect(page.getByRole('table', { name: 'Formules' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Compote maison sans cuisson' }).click();
  const detail = page.getByRole('dialog', { name: 'Modifier la formule' });
  await expect(detail.getByTestId('recipe-per-portion')).toContainText('121 kcal');
  await expectAccessible(page);
  await detail.getByRole('button', { name: 'Annuler' }).click();

  // Plan a day for Hélène Martin (woman, 49 years, 69,8 kg, 164 cm: a computed target).
  const day = isoDay(new Date(Date.now() + 21 * 24 * 3600 * 1000));
  await page.goto(`/dietetiques/menu/${day}`);
  await page.getByRole('combobox', { name: 'Choix du patient' }).fill('helene');
  await page.getByRole('option', { name: 'Hélène Martin' }).click();
  await expect(page.getByTestId('target-basis')).toContainText('Mifflin-St Jeor');
  const lunch = page.getByTestId('meal-lunch');
  await addLine(page, lunch, 'compote maison', /Compote maison sans cuisson/, '1');
  await expect(lunch.getByText(/Compote maison sans cuisson — 1 portion/)).toBeVisible();
  const breakfast = page.getByTestId('meal-breakfast');
  await addLine(page, breakfast, 'pain baguette', /^Pain, pain français, baguette/, '100');
  await expect(breakfast.getByText(/Pain, pain français, baguette — 100 g/)).toBeVisible();
  const energy = page.getByTestId('day-totals').getByText(/^Énergie : [\d\s]+ \/ [\d\s]+ kcal$/);
  await expect(energy).toBeVisible();
  // Far below a whole day's need: red against the target.
  await expect(page.getByTestId('day-totals').locator('[data-status]').first()).toHaveAttribute('data-status', 'red');
  // Reloadable: the date and the patient are in the address.
  await page.reload();
  await expect(page.getByTestId('meal-lunch').getByText(/Compote maison sans cuisson/)).toBeVisible();
  await expectAccessible(page);

  // Assign the demo program to Hélène from a Monday: its 14 days of menus are created.
  const start = new Date(Date.now() + 35 * 24 * 3600 * 1000);
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  await page.goto('/program/dietetiques/menu');
  await page.getByRole('button', { name: /Rééquilibrage alimentaire — 2 semaines/ }).click();
  await expect(page.getByRole('textbox', { name: 'Nom du programme' })).toHaveValue('Rééquilibrage alimentaire — 2 semaines');
  const assign = page.getByRole('region', { name: 'Attribuer à un patient' });
  await assign.getByRole('combobox', { name: 'Choix du patient' }).fill('helene');
  await page.getByRole('option', { name: 'Hélène Martin' }).click();
  await assign.getByLabel('Date de début').fill(isoDay(start));
  await assign.getByRole('button', { name: 'Attribuer', exact: true }).click();
  await expect(assign.getByText(/14 jours de menus créés pour Hélène Martin/)).toBeVisible();
  await expectAccessible(page);
  await assign.getByRole('link', { name: 'Voir les menus' }).click();
  await expect(page.getByTestId('meal-breakfast').getByText(/Porridge aux pommes/)).toBeVisible();

  // The printable week: letterhead, the patient, every day, the Ciqual attribution.
  await page.goto(`${page.url()}&print=1`);
  const sheet = page.getByTestId('print-week');
  await expect(sheet.getByText('Cabinet Démo')).toBeVisible();
  await expect(sheet.getByRole('heading', { name: /^Menus de la semaine du/ })).toBeVisible();
  await expect(sheet.getByText('Pour Hélène Martin')).toBeVisible();
  await expect(sheet.getByRole('row')).toHaveCount(8);
  await expect(sheet.getByText(/Ciqual 2025/)).toBeVisible();
  await expectAccessible(page);

  // A date out of range in the address: the page says so.
  await page.goto('/dietetiques/menu/2101-01-01');
  await expect(page.getByText(/Date invalide : l’adresse doit contenir une date AAAA-MM-JJ entre 1900 et 2100/)).toBeVisible();
});

test('as pt: reads today’s menu of their program, read-only', async ({ page }) => {
  await signIn(page, 'pt');
  await page.getByRole('link', { name: /Mon menu du jour/ }).click();
  await expect(page).toHaveURL(/\/dietetiques\/mon-menu$/);
  await expect(page.getByRole('heading', { name: 'Mon menu du jour' })).toBeVisible();
  await expect(page.getByTestId('my-program')).toContainText('Rééquilibrage alimentaire — 2 semaines');
  await expect(page.getByTestId('my-meal-breakfast').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ajouter', exact: true })).toHaveCount(0);
  await expectAccessible(page);
  // The dietitian's screens stay closed to a patient.
  await page.goto('/formules');
  await expect(page).not.toHaveURL(/\/formules$/);
});
