import { expect, test } from '@playwright/test';
import { addDays, weekdayOf } from '@wellbe/shared/domain/zoned';
import { signIn } from './support.ts';

// The agenda's own period bar (issue 31): its title is drawn from the address before FullCalendar's
// chunk has arrived, and its arrows and today's button move the calendar, the address with it.

test('the period’s title is painted before FullCalendar; the arrows and « Aujourd’hui » move the week, the month, the address', async ({ page }) => {
  test.setTimeout(180_000);
  // FullCalendar's chunk held back until the title has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/calendar-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, 'pr', { at: '/agenda/moi/semaine/2027-03-03' });
  const calendar = page.getByRole('region', { name: 'Calendrier des rendez-vous' });
  await expect(calendar.getByRole('heading', { level: 2, name: '1–7 mars 2027' })).toBeVisible({ timeout: 45_000 });
  await expect(calendar.getByRole('columnheader')).toHaveCount(0);
  release();

  // The calendar arrives on the week of the address, which now names its Monday.
  await expect(calendar.getByRole('columnheader').first()).toHaveText(/01\/03/, { timeout: 45_000 });
  await expect(page).toHaveURL(/\/agenda\/moi\/semaine\/2027-03-01$/);
  await calendar.getByRole('button', { name: 'Suivant' }).click();
  await expect(page).toHaveURL(/\/agenda\/moi\/semaine\/2027-03-08$/);
  await expect(calendar.getByRole('heading', { level: 2, name: '8–14 mars 2027' })).toBeVisible();
  await expect(calendar.getByRole('columnheader').first()).toHaveText(/08\/03/);
  await calendar.getByRole('button', { name: 'Précédent' }).click();
  await calendar.getByRole('button', { name: 'Précédent' }).click();
  await expect(page).toHaveURL(/\/agenda\/moi\/semaine\/2027-02-22$/);
  await expect(calendar.getByRole('heading', { level: 2, name: '22–28 févr. 2027' })).toBeVisible();
  await expect(calendar.getByRole('columnheader').first()).toHaveText(/22\/02/);

  // The month view: its title and its next month.
  await page.getByRole('button', { name: 'Mois' }).click();
  await expect(calendar.getByRole('heading', { level: 2, name: 'février 2027' })).toBeVisible();
  await expect(page).toHaveURL(/\/agenda\/moi\/mois\/2027-02-01$/);
  await calendar.getByRole('button', { name: 'Suivant' }).click();
  await expect(page).toHaveURL(/\/agenda\/moi\/mois\/2027-03-01$/);
  await expect(calendar.getByRole('heading', { level: 2, name: 'mars 2027' })).toBeVisible();

  // Today's week: the button takes the calendar there, and is then disabled.
  await page.getByRole('button', { name: 'Semaine' }).click();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const monday = addDays(today, 1 - weekdayOf(today));
  const todayButton = calendar.getByRole('button', { name: 'Aujourd’hui' });
  await expect(todayButton).toBeEnabled();
  await todayButton.click();
  await expect(page).toHaveURL(new RegExp(`/agenda/moi/semaine/${monday}$`));
  await expect(todayButton).toBeDisabled();
  await expect(calendar.getByRole('columnheader').first()).toHaveText(new RegExp(`${monday.slice(8, 10)}/${monday.slice(5, 7)}`));
});
