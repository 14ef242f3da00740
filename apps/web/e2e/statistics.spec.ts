import { expect, test } from '@playwright/test';
import { apiSession, seriousViolations, signIn } from './support.ts';

/** Today in the demo organisation's time zone (Europe/Paris) at `time`, as an instant. */
function todayInParisAt(time: string): string {
  const now = new Date();
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now);
  const zone = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Paris', timeZoneName: 'longOffset' }).formatToParts(now).find((p) => p.type === 'timeZoneName')!.value;
  return new Date(`${day}T${time}:00${zone.replace('GMT', '') || 'Z'}`).toISOString();
}

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

  // Dietetics and sport figures from their areas.
  await expect(page.getByRole('region', { name: 'Programmes sportifs' }).getByText('Taux d’adhésion')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Programmes diététiques' }).getByText('Programmes attribués')).toBeVisible();

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
  expect(await seriousViolations(page)).toEqual([]);
});

// As `pr`: the dashboard's cards from real data, each leading to its screen.
test('pr’s dashboard shows the last consultations, this month’s activity and starts a consultation from today’s appointments', async ({ page, request }) => {
  test.setTimeout(90_000);
  // The demo's confirmed appointments of today are over by 17:00 (honoré) and there are none at the
  // weekend: the journey books its own, early in the morning (the first free slot of a few, for a retry).
  const pr = await apiSession(request, 'pr');
  const found = await request.post('/api/patient', { headers: pr.headers, data: { action: 'list', Iduser: pr.id, idOrganization: pr.idOrganization, q: 'zoe laurent' } });
  const patientId = (await found.json()).data[0].idPatient as string;
  let booked = 0;
  for (const time of ['07:00', '07:20', '07:40', '08:00', '08:20']) {
    const startsAt = todayInParisAt(time);
    const endsAt = new Date(Date.parse(startsAt) + 20 * 60_000).toISOString();
    // Once the morning is over, the slot is recorded as a past visit (a plain booking of the past is refused).
    const pastVisit = Date.parse(startsAt) < Date.now();
    booked = (await request.post('/api/agenda/appointments', { headers: pr.headers, data: { practitionerId: pr.id, patientId, startsAt, endsAt, pastVisit } })).status();
    if (booked === 201) break;
  }
  expect(booked).toBe(201);
  await signIn(page, 'pr');
  const recent = page.getByRole('region', { name: 'Dernières consultations enregistrées' });
  await expect(recent.getByText(/^Vu le \d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'L’activité du mois' }).getByText('Consultations')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('region', { name: 'L’activité du mois' }).getByRole('link', { name: 'Statistiques' }).click();
  await expect(page).toHaveURL(/\/statistics$/);

  // Today's appointments: a confirmed one starts the consultation in the patient's file.
  await page.goto('/dashboard');
  const start = page.getByRole('region', { name: 'Mes rendez-vous du jour' }).getByRole('link', { name: /^Démarrer la consultation/ }).first();
  await expect(start).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Patients à suivre' })).toBeVisible();
  const name = (await start.getAttribute('aria-label'))!.replace(/^Démarrer la consultation : /, '');
  await start.click();
  await expect(page).toHaveURL(/\/patient\/dossier\/[0-9a-f-]+/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText(/^Rendez-vous du \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible({ timeout: 45_000 });
});

// As `ad`: the administration's cards (accounts, today's load and requests), each leading to its screen.
test('ad’s dashboard shows the organisation’s accounts and today’s agenda load', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'ad');
  const accounts = page.getByRole('region', { name: 'Comptes de l’organisation' });
  await expect(accounts.getByText('Invitations en attente')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'La charge du jour' }).getByTestId('count-requests')).toHaveText(/demandes? de rendez-vous à confirmer/);
  expect(await seriousViolations(page)).toEqual([]);
  await accounts.getByRole('link', { name: 'Utilisateurs' }).click();
  await expect(page).toHaveURL(/\/user$/);
});

// As `pt`: the next appointment and the unread messages.
test('pt’s dashboard shows the next appointment', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'pt');
  const next = page.getByRole('region', { name: 'Mon prochain rendez-vous' });
  await expect(next.getByText(/^\d{2}\/\d{2}\/\d{4}/).or(next.getByText('Aucun rendez-vous à venir.'))).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Mes messages' }).getByText('Messages non lus')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mon menu du jour' }).or(page.getByRole('region', { name: 'Ma séance du jour' })).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await next.getByRole('link', { name: 'Mes rendez-vous' }).click();
  await expect(page).toHaveURL(/\/appointment$/);
});
