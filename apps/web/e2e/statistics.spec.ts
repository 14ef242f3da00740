import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { serious, signIn } from './support.ts';

// As `pa`: /statistics from the menu, another period (kept in the URL), a chart's data table, a CSV export.
test('pa reads the practice statistics, changes the period, shows a table and exports it', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'pa');
  await page.getByRole('navigation').getByRole('link', { name: 'Statistiques du cabinet' }).click();
  await expect(page).toHaveURL(/\/statistics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statistiques du cabinet' })).toBeVisible();
  await expect(page.getByTestId('kpi-consultations')).toBeVisible();

  await page.getByRole('button', { name: 'Cette année' }).click();
  await expect(page).toHaveURL(/period=year/);
  const year = new Date().getFullYear();
  await expect(page.getByText(`du 01/01/${year} au 31/12/${year}`)).toBeVisible();

  const practitioners = page.getByTestId('chart-practitioners');
  await practitioners.getByRole('button', { name: 'Afficher le tableau' }).click();
  const table = practitioners.getByRole('table', { name: 'Consultations par praticien' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Praticien' })).toBeVisible();

  const download = page.waitForEvent('download');
  await practitioners.getByRole('button', { name: 'Exporter CSV : Consultations par praticien' }).click();
  expect((await download).suggestedFilename()).toMatch(new RegExp(`^statistiques-practitioners-${year}-01-01-${year}-12-31\\.csv$`));

  // Kept on reload: the filters are the URL.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Cette année' })).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('kpi-consultations')).toBeVisible({ timeout: 30_000 });
  expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
});

// As `pr`: the dashboard's cards from real data, each leading to its screen.
test('pr’s dashboard shows the last consultations and this month’s activity', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'pr');
  const recent = page.getByRole('region', { name: 'Dernières consultations enregistrées' });
  await expect(recent.getByText(/^Vu le \d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'L’activité du mois' }).getByText('Consultations')).toBeVisible();
  expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
  await page.getByRole('region', { name: 'L’activité du mois' }).getByRole('link', { name: 'Statistiques' }).click();
  await expect(page).toHaveURL(/\/statistics$/);
});
