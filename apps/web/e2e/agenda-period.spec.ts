import { expect, test } from '@playwright/test';
import { addDays, weekdayOf } from '@wellbe/shared/domain/zoned';
import { observeShifts, seriousViolations, shiftsSoFar, signIn } from './support.ts';

// The agenda's own period bar (issue 31): its title is drawn, and its appointments asked for, from the
// address before FullCalendar's chunk has arrived; its arrows and today's button move the calendar,
// the address with it.

test('the period’s title is painted before FullCalendar; the arrows and « Aujourd’hui » move the week, the month, the address', async ({ page }) => {
  test.setTimeout(180_000);
  // FullCalendar's chunk held back until the title has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/calendar-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const periods: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/agenda/appointments') periods.push(`${url.searchParams.get('from')} → ${url.searchParams.get('to')}`);
  });
  await observeShifts(page);
  await signIn(page, 'pr', { at: '/agenda/moi/semaine/2027-03-03' });
  const calendar = page.getByRole('region', { name: 'Calendrier des rendez-vous' });
  await expect(calendar.getByRole('heading', { level: 2, name: '1–7 mars 2027' })).toBeVisible({ timeout: 45_000 });
  await expect(calendar.getByRole('columnheader')).toHaveCount(0);
  // The week's appointments are asked for from the address while FullCalendar's code is still on
  // its way: Monday to Monday at midnight in Paris (UTC+1 in March before the change).
  const week = '2027-02-28T23:00:00.000Z → 2027-03-07T23:00:00.000Z';
  await expect.poll(() => periods, { timeout: 45_000 }).toEqual([week]);
  release();

  // The calendar arrives on the week of the address, which now names its Monday; it shows the same
  // period, read once.
  await expect(calendar.getByRole('columnheader').first()).toHaveText(/01\/03/, { timeout: 45_000 });
  await expect(page).toHaveURL(/\/agenda\/moi\/semaine\/2027-03-01$/);
  await expect(calendar).toHaveAttribute('aria-busy', 'false');
  expect(periods).toEqual([week]);
  // The answer was there before the calendar: its grid is still painted only once laid out (a grid
  // painted as it measured itself moved the page by 0.22 on a desktop, 0.41 on a phone).
  expect(await shiftsSoFar(page)).toBeLessThan(0.02);
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
  // The days of February and April around March are readable (FullCalendar's faint grey was 2.5:1).
  await expect(calendar.getByRole('columnheader').first()).toBeVisible();
  expect(await seriousViolations(page, { include: '[role="region"][aria-label="Calendrier des rendez-vous"]' })).toEqual([]);

  // Today's week: the button takes the calendar there, and is then disabled.
  await page.getByRole('button', { name: 'Semaine' }).click();
  // The week is shown before « Aujourd’hui » is clicked, as a user sees it: clicked while the month
  // was still drawn, the button took the month's today (a CI run).
  await expect(page).toHaveURL(/\/agenda\/moi\/semaine\/2027-03-01$/);
  await expect(calendar.getByRole('heading', { level: 2, name: '1–7 mars 2027' })).toBeVisible();
  await expect(calendar.getByRole('columnheader').first()).toHaveText(/01\/03/);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const monday = addDays(today, 1 - weekdayOf(today));
  const todayButton = calendar.getByRole('button', { name: 'Aujourd’hui' });
  await expect(todayButton).toBeEnabled();
  await todayButton.click();
  await expect(page).toHaveURL(new RegExp(`/agenda/moi/semaine/${monday}$`));
  await expect(todayButton).toBeDisabled();
  await expect(calendar.getByRole('columnheader').first()).toHaveText(new RegExp(`${monday.slice(8, 10)}/${monday.slice(5, 7)}`));
});
