import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { addDays, weekdayOf } from '@wellbe/shared/domain/zoned';
import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';
import { mondayIn } from './agenda.support.ts';
import { apiSession, seriousViolations, signIn } from './support.ts';

// The calendar in the user's language and the organisation's time zone: FullCalendar's own texts,
// weekday names and hours follow the interface language (fr, en, tr, ar; Arabic right to left with
// times and names kept whole and in order), and every time on the agenda screens is the practice's,
// whatever time zone the browser is in.
test.describe('the calendar follows the language and the practice’s time zone', () => {
  /** A 09:00–09:30 appointment of pr with Anaïs Chevalier on the Tuesday of `monday` (practice time). */
  async function bookTuesday(request: APIRequestContext, monday: string, time = '09:00') {
    const pr = await apiSession(request, 'pr');
    const [patient] = (await (await request.get('/api/agenda/patients', { params: { q: 'Chevalier' }, headers: pr.headers })).json()).data as { id: string; fullName: string }[];
    const types = (await (await request.get('/api/agenda/types', { headers: pr.headers })).json()).data as { id: string; label: string }[];
    const tuesday = addDays(monday, 1);
    const startsAt = zonedInstant(tuesday, time, 'Europe/Paris');
    const res = await request.post('/api/agenda/appointments', {
      headers: pr.headers,
      data: { practitionerId: pr.id, patientId: patient!.id, typeId: types.find((x) => x.label === 'Consultation')!.id, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 30 * 60_000).toISOString() },
    });
    expect(res.status(), await res.text()).toBe(201);
    return { tuesday, name: patient!.fullName };
  }

  /**
   * Where each needle is drawn inside the element (its text's box on screen, what a reader sees, not
   * the DOM order), and the element's own box.
   */
  function drawn(element: Locator, needles: string[]) {
    return element.evaluate((el, wanted) => {
      const boxes = wanted.map((needle) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf(needle);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + needle.length);
          const { left, right } = range.getBoundingClientRect();
          return { left, right };
        }
        return null;
      });
      const { left, right } = el.getBoundingClientRect();
      return { boxes, element: { left, right } };
    }, needles);
  }

  /** Whether `first` is drawn left of `second` (times in order, in Arabic too). */
  async function drawnInOrder(element: Locator, first: string, second: string) {
    const { boxes } = await drawn(element, [first, second]);
    return !!boxes[0] && !!boxes[1] && boxes[0].left < boxes[1].left;
  }

  /** Whether every letter of `text` is drawn inside the element (no first letters clipped). */
  async function drawnWhole(element: Locator, text: string) {
    const { boxes, element: box } = await drawn(element, [text]);
    return !!boxes[0] && boxes[0].right > boxes[0].left && boxes[0].left >= box.left - 1 && boxes[0].right <= box.right + 1;
  }

  for (const [language, texts] of [
    ['en', { region: 'Appointments calendar', today: 'Today', tuesday: /Tue/, dir: 'ltr' }],
    ['ar', { region: 'تقويم المواعيد', today: 'اليوم', tuesday: /الثلاثاء/, dir: 'rtl' }],
  ] as const) {
    test(`/agenda in ${language}: the calendar’s labels and weekdays in the language, times in order, names whole, no serious axe violation`, async ({ page, request }) => {
      test.setTimeout(180_000);
      const monday = mondayIn(language === 'en' ? 6 : 7);
      const { tuesday, name } = await bookTuesday(request, monday);
      const warnings: string[] = [];
      page.on('console', (m) => void (m.type() === 'warning' || m.type() === 'error' ? warnings.push(m.text()) : null));
      await signIn(page, 'pr', { at: `/agenda/moi/semaine/${monday}`, language });
      const calendar = page.getByRole('region', { name: texts.region });
      await expect(calendar).toHaveAttribute('aria-busy', 'false', { timeout: 45_000 });
      await expect(page.locator('html')).toHaveAttribute('dir', texts.dir);

      await expect(calendar.getByRole('button', { name: texts.today, exact: true })).toBeVisible();
      // Monday first in every language: Tuesday is the second day of the week.
      await expect(calendar.getByRole('columnheader').nth(1)).toHaveText(texts.tuesday);
      const sevenOClock = calendar.locator('[data-time="07:00:00"]').first();
      await expect(sevenOClock).toHaveText('07:00');
      expect(await drawnInOrder(sevenOClock, '07', '00')).toBe(true);

      const event = calendar.locator(`[role="cell"][data-date="${tuesday}"]`).getByRole('button', { name: new RegExp(`^09:00\\s?–\\s?09:30 ${name}`) });
      await expect(event).toBeVisible();
      expect(await drawnInOrder(event, '09:00', '09:30')).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`agenda-${language}.png`), fullPage: true });
      expect(await drawnWhole(event, name)).toBe(true);

      expect(await seriousViolations(page)).toEqual([]);
      expect(warnings.filter((w) => /navigate\(\)/.test(w))).toEqual([]);
    });
  }

  test('/agenda on a phone in Arabic, and the current week in French with the demo appointments: no serious axe violation, no navigate() warning', async ({ page }) => {
    test.setTimeout(180_000);
    const warnings: string[] = [];
    page.on('console', (m) => void (m.type() === 'warning' || m.type() === 'error' ? warnings.push(m.text()) : null));
    // The bare address redirects to the week of today, where the demo appointments are, named by
    // its Monday in the practice's calendar.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    await signIn(page, 'pr', { at: '/agenda' });
    await expect(page).toHaveURL(new RegExp(`/agenda/moi/semaine/${addDays(today, 1 - weekdayOf(today))}$`), { timeout: 45_000 });
    const calendar = page.locator('[role="region"][aria-busy]');
    await expect(calendar).toHaveAttribute('aria-busy', 'false', { timeout: 45_000 });
    await expect(calendar.getByRole('button', { name: /^\d{2}:\d{2} – \d{2}:\d{2} / }).first()).toBeVisible();
    await expect(calendar.getByRole('button', { name: 'Aujourd’hui' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('agenda-fr.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(warnings.filter((w) => /navigate\(\)/.test(w))).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('wellbe.language', 'ar'));
    await page.goto('/agenda');
    await expect(page).toHaveURL(/\/agenda\/moi\/jour\/\d{4}-\d{2}-\d{2}$/, { timeout: 45_000 });
    await expect(calendar).toHaveAttribute('aria-busy', 'false', { timeout: 45_000 });
    await expect(calendar.getByRole('button', { name: 'اليوم' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('agenda-ar-phone.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/appointment as a patient opens on the first week with a free slot, whatever the day', async ({ page, request }) => {
    test.setTimeout(180_000);
    // Manon Leroy is away from now until the Monday after next: this week and the next have no
    // free slot, whatever day the test runs, and the first week with one starts on that Monday.
    const di = await apiSession(request, 'di');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    const thisMonday = addDays(today, 1 - weekdayOf(today));
    const back = addDays(thisMonday, 14);
    const away = await request.post(`/api/agenda/settings/${di.id}/exceptions`, {
      headers: di.headers,
      data: { startsAt: new Date().toISOString(), endsAt: zonedInstant(back, '00:00', 'Europe/Paris').toISOString(), label: 'Congés' },
    });
    expect(away.status(), await away.text()).toBe(201);
    try {
      await signIn(page, 'pt', { at: '/appointment' });
      await page.getByRole('combobox', { name: 'Praticien' }).click({ timeout: 45_000 });
      await page.getByRole('option', { name: /Manon Leroy/ }).click();
      await page.getByRole('combobox', { name: 'Type de rendez-vous' }).click();
      await page.getByRole('option').first().click();
      await expect(page.getByText(`Semaine du ${back.split('-').reverse().join('/')}`)).toBeVisible();
      await expect(page.getByRole('group').first().getByRole('button').first()).toBeVisible();
      await expect(page.getByText('Aucun créneau libre cette semaine.')).toBeHidden();
      // The weeks before stay reachable, and say they have no slot.
      await page.getByRole('button', { name: 'Semaine précédente' }).click();
      await expect(page.getByText('Aucun créneau libre cette semaine.')).toBeVisible();
    } finally {
      await request.delete(`/api/agenda/settings/${di.id}/exceptions/${(await away.json()).data.id}`, { headers: di.headers });
    }
  });

  test.describe('with a browser on New York time', () => {
    test.use({ timezoneId: 'America/New_York' });

    test('the booking dialog, the saved appointment and its details show the practice’s time', async ({ page }) => {
      test.setTimeout(180_000);
      const monday = mondayIn(8);
      const tuesday = addDays(monday, 1);
      await signIn(page, 'pr', { at: `/agenda/moi/semaine/${monday}` });
      const lane = page.locator('[data-time="08:00:00"]').last();
      await expect(lane).toBeVisible({ timeout: 45_000 });
      await lane.scrollIntoViewIfNeeded();
      const col = (await page.locator(`[role="cell"][data-date="${tuesday}"]`).last().boundingBox())!;
      const row = (await lane.boundingBox())!;
      await page.mouse.click(col.x + col.width / 2, row.y + row.height / 2);
      const dialog = page.getByRole('dialog', { name: 'Nouveau rendez-vous' });
      await expect(dialog).toBeVisible();
      const frenchDay = tuesday.split('-').reverse().join('/');
      const start = dialog.getByRole('group', { name: /^Début/ });
      const [year, month, day] = tuesday.split('-');
      for (const [section, value] of [['Jour', day], ['Mois', month], ['Année', year], ['Heures', '08'], ['Minutes', '00']] as const) await expect(start.getByRole('spinbutton', { name: section })).toHaveText(value!);
      await dialog.getByLabel('Ou un titre (réunion, indisponibilité)').fill('Réunion d’équipe');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(dialog).toBeHidden();
      const event = page.getByRole('button', { name: /^08:00 – 08:15 Réunion d’équipe/ });
      await expect(event).toBeVisible();
      await event.click();
      await expect(page.getByRole('dialog', { name: 'Réunion d’équipe' }).getByText(`${frenchDay} 08:00 – 08:15`)).toBeVisible();
    });

    test('a patient’s next appointment shows the practice’s time on the dashboard and in “Mes rendez-vous”', async ({ page, request }) => {
      test.setTimeout(180_000);
      // Tomorrow 07:30 in Paris (always ahead, whatever the hour): Lucas Bernard's next appointment.
      const pr = await apiSession(request, 'pr');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
      const tomorrow = addDays(today, 1);
      const [lucas] = (await (await request.get('/api/agenda/patients', { params: { q: 'Lucas Bernard' }, headers: pr.headers })).json()).data as { id: string }[];
      const startsAt = zonedInstant(tomorrow, '07:30', 'Europe/Paris');
      const res = await request.post('/api/agenda/appointments', {
        headers: pr.headers,
        data: { practitionerId: pr.id, patientId: lucas!.id, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 20 * 60_000).toISOString() },
      });
      expect(res.status(), await res.text()).toBe(201);
      try {
        const when = `${tomorrow.split('-').reverse().join('/')} 07:30`;
        await signIn(page, 'pt');
        await expect(page.getByTestId('card-next-appointment').getByText(when)).toBeVisible({ timeout: 45_000 });
        await page.goto('/appointment');
        await page.getByRole('tab', { name: 'Mes rendez-vous' }).click({ timeout: 45_000 });
        await expect(page.getByRole('listitem').filter({ hasText: when })).toBeVisible();
      } finally {
        await request.post(`/api/agenda/appointments/${(await res.json()).data.id}/cancel`, { headers: pr.headers, data: { reason: 'Fin du test' } });
      }
    });
  });
});
