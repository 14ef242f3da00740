import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { addDays, weekdayOf } from '@wellbe/shared/domain/zoned';
import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';
import { apiSession, editor, fillSignIn, panel, saveButton, serious } from './support.ts';

// Agenda and appointments (issue 15): `pr` books, drags and cancels in the week view; `pt` books online
// and sees it in 'Mes rendez-vous'; `ad`, whose /appointment is open, sees the request arrive
// live and confirms it. axe on /agenda and /appointment.

/** Signs in, waiting longer than support's signIn: the machine running these may be busy. */
async function signIn(page: Page, username: string) {
  await page.goto('/login');
  await fillSignIn(page, username);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
}

/** The Monday `weeks` weeks from now (YYYY-MM-DD), clear of the demo week. */
function mondayIn(weeks: number): string {
  const d = new Date(Date.now() + weeks * 7 * 86_400_000);
  const w = d.getUTCDay();
  d.setUTCDate(d.getUTCDate() + (w === 1 ? 0 : (8 - w) % 7));
  return d.toISOString().slice(0, 10);
}

test('pr books in the week view, drags the appointment to another day, cancels with a reason; a consultation started from an appointment marks it honoured', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'pr');
  const monday = mondayIn(3);
  await page.goto(`/agenda/moi/semaine/${monday}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible({ timeout: 45_000 });
  const tuesdayDate = new Date(Date.parse(`${monday}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const tuesday = page.locator(`[role="cell"][data-date="${tuesdayDate}"]`).last();
  const lane = page.locator('[data-time="10:00:00"]').last();
  await expect(lane).toBeVisible({ timeout: 45_000 });
  // The week appears in place: FullCalendar's first measurements are not seen as a jump (CLS since the load).
  const shifted = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 500);
      }),
  );
  expect(shifted).toBeLessThan(0.1);
  expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

  // A click on Tuesday 10:00 opens the booking dialog.
  await book(page, tuesday, lane, 'Hélène Martin');
  const booked = page.getByRole('button', { name: /^10:00 – 10:30 Hélène Martin · Consultation/ });
  await expect(booked).toBeVisible();

  // Dragged to Wednesday 10:30: the server takes the move (a refused overlap would snap back).
  const wednesdayDate = new Date(Date.parse(`${tuesdayDate}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const target = page.locator('[data-time="10:30:00"]').last();
  await booked.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const from = (await booked.boundingBox())!;
  const col = (await page.locator(`[role="cell"][data-date="${wednesdayDate}"]`).last().boundingBox())!;
  const to = (await target.boundingBox())!;
  // Grabbed in its first quarter hour (10:00), dropped in Wednesday's 10:30 slot.
  await page.mouse.move(from.x + from.width / 2, from.y + 4);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 8, from.y + 12, { steps: 4 });
  await page.mouse.move(col.x + col.width / 2, to.y + to.height / 2, { steps: 12 });
  // The calendar has taken the drag: its copy of the appointment under the pointer shows the new time.
  await expect(page.getByText(/10:30 – 11:00/).first()).toBeVisible();
  await page.mouse.up();
  await expect(page.getByText(/^(Rendez-vous déplacé|Attention : ce rendez-vous est en dehors des horaires de travail\.)$/)).toBeVisible();
  const event = page.getByRole('button', { name: /^10:30 – 11:00 Hélène Martin · Consultation/ });
  await expect(event).toBeVisible();
  await page.reload();
  await expect(event).toBeVisible({ timeout: 45_000 });
  await expect(page.locator(`[role="cell"][data-date="${wednesdayDate}"]`).last().getByRole('button', { name: /Hélène Martin/ })).toBeVisible();

  // Its details, then the cancel with the 'Confirmation' dialog and a reason.
  await event.click();
  const details = page.getByRole('dialog', { name: 'Hélène Martin' });
  await expect(details.getByText('Confirmé')).toBeVisible();
  await details.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(confirm.getByRole('button', { name: 'Annuler le rendez-vous' })).toBeDisabled();
  await confirm.getByLabel('Motif').fill('Patiente hospitalisée');
  await confirm.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
  await expect(page.getByRole('button', { name: /Hélène Martin · Consultation/ })).toHaveCount(0);
  // The closing dialogs' backdrops would take the next click on the grid.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Time of consultation: a booking at 11:00 (a patient no other journey counts on), started from
  // its details. The panel is hers, dated at the appointment; saving it marks the appointment honoured.
  await book(page, tuesday, page.locator('[data-time="11:00:00"]').last(), 'Anaïs Chevalier');
  await page.getByRole('button', { name: /^11:00 – 11:30 Anaïs Chevalier · Consultation/ }).click();
  await page.getByRole('dialog', { name: 'Anaïs Chevalier' }).getByRole('button', { name: 'Démarrer la consultation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anaïs Chevalier' })).toBeVisible({ timeout: 45_000 });
  const frenchDay = tuesdayDate.split('-').reverse().join('/');
  await expect(panel(page).getByText(`Rendez-vous du ${frenchDay} 11:00`)).toBeVisible({ timeout: 45_000 });
  await editor(page, 'Diagnostic').fill('Contrôle tensionnel');
  await saveButton(page).click();
  const choose = page.getByRole('dialog', { name: 'Choisissez un patient' });
  await expect(choose.getByLabel('Choix du patient')).toHaveValue('Anaïs Chevalier');
  await choose.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(panel(page).getByRole('alert').filter({ hasText: 'Consultation créer avec succès' })).toBeVisible();
  await page.goto(`/agenda/moi/semaine/${monday}`);
  await page.getByRole('button', { name: /^11:00 – 11:30 Anaïs Chevalier · Consultation/ }).click({ timeout: 45_000 });
  await expect(page.getByRole('dialog', { name: 'Anaïs Chevalier' }).getByText('Honoré')).toBeVisible();
});

/** Clicks the day's column at the lane's time and books the patient for a 30-minute consultation. */
async function book(page: Page, day: Locator, lane: Locator, fullName: string) {
  await lane.scrollIntoViewIfNeeded();
  const colBox = (await day.boundingBox())!;
  const laneBox = (await lane.boundingBox())!;
  await page.mouse.click(colBox.x + colBox.width / 2, laneBox.y + laneBox.height / 2);
  const dialog = page.getByRole('dialog', { name: 'Nouveau rendez-vous' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Patient' }).fill(fullName.split(' ')[0]!);
  await page.getByRole('option', { name: fullName }).click();
  await dialog.getByRole('combobox', { name: 'Type de rendez-vous' }).click();
  await page.getByRole('option', { name: /^Consultation \(30 min\)/ }).click();
  await expect(dialog.getByLabel('Durée (min)')).toHaveValue('30');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
}

test('pt books online; ad sees the request arrive live and confirms it', async ({ browser }) => {
  test.setTimeout(240_000);
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'ad');
  await staff.goto('/appointment');
  await expect(staff.getByRole('heading', { level: 2, name: /Demandes à confirmer/ })).toBeVisible({ timeout: 45_000 });
  expect(serious((await new AxeBuilder({ page: staff }).analyze()).violations)).toEqual([]);

  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'pt');
  await page.goto('/appointment');
  await expect(page.getByRole('tab', { name: 'Prendre rendez-vous' })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('combobox', { name: 'Praticien' }).click();
  await page.getByRole('option', { name: /Julien Moreau/ }).click();
  await page.getByRole('combobox', { name: 'Type de rendez-vous' }).click();
  await page.getByRole('option', { name: /^Consultation \(30 min\)/ }).click();
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Semaine suivante' }).click();
  const slot = page.getByRole('group').first().getByRole('button').first();
  await expect(slot).toBeVisible({ timeout: 30_000 });
  await slot.click();
  expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
  await page.getByRole('button', { name: /^Confirmer le rendez-vous du \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/ }).click();
  await expect(page.getByText('Demande de rendez-vous envoyée')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Mes rendez-vous', selected: true })).toBeVisible();
  await expect(page.getByText('Demandé').first()).toBeVisible();

  // The staff screen updates without reload (real time) and confirms.
  const request = staff.getByRole('button', { name: 'Confirmer Lucas Bernard' });
  await expect(request.first()).toBeVisible({ timeout: 15_000 });
  await request.first().click();
  await expect(staff.getByText('Rendez-vous confirmé')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Mes rendez-vous' }).click();
  await expect(page.getByText('Confirmé').first()).toBeVisible();
});

// The past is booked only on purpose: a slot clicked in a past week is refused in the dialog (said
// once: no toast repeating it) until « Enregistrer une visite passée » is ticked; the dialog offers
// the practitioner's own types only (no 'Bilan diététique' for a general practitioner).
test('pr records a past visit only on purpose; the refusal is said once, in the dialog', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'pr');
  const monday = mondayIn(-2);
  await page.goto(`/agenda/moi/semaine/${monday}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible({ timeout: 45_000 });
  const tuesday = page.locator(`[role="cell"][data-date="${new Date(Date.parse(`${monday}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)}"]`).last();
  const dialog = page.getByRole('dialog', { name: 'Nouveau rendez-vous' });
  const refusal = 'Ce rendez-vous commence dans le passé. Pour consigner une visite déjà faite, cochez « Enregistrer une visite passée ».';
  const pastVisit = dialog.getByRole('checkbox', { name: 'Enregistrer une visite passée' });

  /** Opens the dialog on Tuesday at `time` for Zoé Laurent, a 30-minute consultation. */
  const open = async (time: string) => {
    const row = page.locator(`[data-time="${time}:00"]`).last();
    await row.scrollIntoViewIfNeeded();
    const [col, at] = [(await tuesday.boundingBox())!, (await row.boundingBox())!];
    await page.mouse.click(col.x + col.width / 2, at.y + at.height / 2);
    await dialog.getByRole('combobox', { name: 'Patient' }).fill('Zoé');
    await page.getByRole('option', { name: 'Zoé Laurent' }).click();
    await dialog.getByRole('combobox', { name: 'Type de rendez-vous' }).click();
    await expect(page.getByRole('option', { name: /^Consultation courte/ })).toBeVisible();
    await expect(page.getByRole('option', { name: /Bilan diététique/ })).toHaveCount(0);
    await page.getByRole('option', { name: /^Consultation \(30 min\)/ }).click();
  };

  // Ticked: recorded (no mail), drawn in the past week.
  await expect(page.locator('[data-time="10:00:00"]').last()).toBeVisible({ timeout: 45_000 });
  await open('10:00');
  await pastVisit.check();
  expect(serious((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations)).toEqual([]);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^10:00 – 10:30 Zoé Laurent · Consultation/ })).toBeVisible();

  // Not ticked: refused in the dialog, and only there (the toaster is up since the save above).
  await open('11:00');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(refusal);
  expect(await page.getByText(refusal).count()).toBe(1);
  await pastVisit.check();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^11:00 – 11:30 Zoé Laurent · Consultation/ })).toBeVisible();
});

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

  /** Signs in (the sign-in form is French), then switches the interface language as the menu would. */
  async function signInIn(page: Page, username: string, language: string) {
    await signIn(page, username);
    await page.evaluate((l) => localStorage.setItem('wellbe.language', l), language);
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
      await signInIn(page, 'pr', language);
      await page.goto(`/agenda/moi/semaine/${monday}`);
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

      expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
      expect(warnings.filter((w) => /navigate\(\)/.test(w))).toEqual([]);
    });
  }

  test('/agenda on a phone in Arabic, and the current week in French with the demo appointments: no serious axe violation, no navigate() warning', async ({ page }) => {
    test.setTimeout(180_000);
    const warnings: string[] = [];
    page.on('console', (m) => void (m.type() === 'warning' || m.type() === 'error' ? warnings.push(m.text()) : null));
    await signIn(page, 'pr');
    // The bare address redirects to the week of today, where the demo appointments are, named by
    // its Monday in the practice's calendar.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    await page.goto('/agenda');
    await expect(page).toHaveURL(new RegExp(`/agenda/moi/semaine/${addDays(today, 1 - weekdayOf(today))}$`), { timeout: 45_000 });
    const calendar = page.locator('[role="region"][aria-busy]');
    await expect(calendar).toHaveAttribute('aria-busy', 'false', { timeout: 45_000 });
    await expect(calendar.getByRole('button', { name: /^\d{2}:\d{2} – \d{2}:\d{2} / }).first()).toBeVisible();
    await expect(calendar.getByRole('button', { name: 'Aujourd’hui' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('agenda-fr.png'), fullPage: true });
    expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
    expect(warnings.filter((w) => /navigate\(\)/.test(w))).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('wellbe.language', 'ar'));
    await page.goto('/agenda');
    await expect(page).toHaveURL(/\/agenda\/moi\/jour\/\d{4}-\d{2}-\d{2}$/, { timeout: 45_000 });
    await expect(calendar).toHaveAttribute('aria-busy', 'false', { timeout: 45_000 });
    await expect(calendar.getByRole('button', { name: 'اليوم' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('agenda-ar-phone.png'), fullPage: true });
    expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
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
      await signIn(page, 'pt');
      await page.goto('/appointment');
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
      await signIn(page, 'pr');
      await page.goto(`/agenda/moi/semaine/${monday}`);
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
