import { expect, test, type Locator, type Page } from '@playwright/test';
import { mondayIn } from './agenda.support.ts';
import { editor, panel, saveButton, seriousViolations, signIn } from './support.ts';

// Agenda and appointments (issue 15): `pr` books, drags and cancels in the week view; `pt` books online
// and sees it in 'Mes rendez-vous'; `ad`, whose /appointment is open, sees the request arrive
// live and confirms it. axe on /agenda and /appointment. The calendar's languages and time zones
// are in agenda-locale.spec.ts.

test('pr books in the week view, drags the appointment to another day, cancels with a reason; a consultation started from an appointment marks it honoured', async ({ page }) => {
  test.setTimeout(240_000);
  const monday = mondayIn(3);
  await signIn(page, 'pr', { at: `/agenda/moi/semaine/${monday}` });
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible({ timeout: 45_000 });
  const tuesdayDate = new Date(Date.parse(`${monday}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const tuesday = page.locator(`[role="cell"][data-date="${tuesdayDate}"]`).last();
  const lane = page.locator('[data-time="10:00:00"]').last();
  await expect(lane).toBeVisible({ timeout: 45_000 });
  // The week appears in place: FullCalendar's first measurements are not seen as a jump (CLS since
  // the load). Read once the calendar is painted (aria-busy false: its first answer and two frames
  // after) and two more frames have been rendered, so that a shift that painting caused is recorded.
  await expect(page.locator('[role="region"][aria-busy]')).toHaveAttribute('aria-busy', 'false', { timeout: 45_000 });
  const shifted = await page.evaluate(async () => {
    await new Promise((rendered) => requestAnimationFrame(() => requestAnimationFrame(rendered)));
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    // The buffered entries are handed to the observer at once: takeRecords reads them without waiting.
    const entries = observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
    observer.disconnect();
    return entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0);
  });
  expect(shifted).toBeLessThan(0.1);
  expect(await seriousViolations(page)).toEqual([]);

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
  await signIn(staff, 'ad', { at: '/appointment' });
  await expect(staff.getByRole('heading', { level: 2, name: /Demandes à confirmer/ })).toBeVisible({ timeout: 45_000 });
  expect(await seriousViolations(staff)).toEqual([]);

  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'pt', { at: '/appointment' });
  await expect(page.getByRole('tab', { name: 'Prendre rendez-vous' })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('combobox', { name: 'Praticien' }).click();
  await page.getByRole('option', { name: /Julien Moreau/ }).click();
  await page.getByRole('combobox', { name: 'Type de rendez-vous' }).click();
  await page.getByRole('option', { name: /^Consultation \(30 min\)/ }).click();
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Semaine suivante' }).click();
  const slot = page.getByRole('group').first().getByRole('button').first();
  await expect(slot).toBeVisible({ timeout: 30_000 });
  await slot.click();
  expect(await seriousViolations(page)).toEqual([]);
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
  const monday = mondayIn(-2);
  await signIn(page, 'pr', { at: `/agenda/moi/semaine/${monday}` });
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
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
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
