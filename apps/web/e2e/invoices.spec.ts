import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, todayIn } from '@wellbe/shared/domain/zoned';
import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';
import { apiSession, axeViolations, serious, signIn } from './support.ts';

// Facturation (fees and payments): pr finds an honoured appointment in the agenda, clicks its
// 'Facturer', records a partial card payment and the rest in cash, prints the receipt and exports
// the month's livre des recettes; pt downloads their invoice from 'Mes factures'. axe on each screen.

async function patientId(request: APIRequestContext, headers: Record<string, string>, session: { id: string; idOrganization: string }, q: string) {
  const res = await request.post('/api/patient', { headers, data: { action: 'list', Iduser: session.id, idOrganization: session.idOrganization, q } });
  return (await res.json()).data[0].idPatient as string;
}

/**
 * An appointment of pr with the patient three weeks ago at 09:00 (Paris), marked honoured (the
 * agenda's 'Honoré'): a past day whatever today's weekday or hour, clear of the demo's days (-3 to
 * +7) and of agenda.spec's past visits (two weeks back).
 */
async function honouredAppointment(request: APIRequestContext, patient: string) {
  const pr = await apiSession(request, 'pr');
  const day = addDays(todayIn('Europe/Paris', Date.now()), -21);
  const start = zonedInstant(day, '09:00', 'Europe/Paris').getTime();
  const created = await request.post('/api/agenda/appointments', {
    headers: pr.headers,
    data: { practitionerId: pr.id, patientId: patient, startsAt: new Date(start).toISOString(), endsAt: new Date(start + 30 * 60_000).toISOString(), pastVisit: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;
  const honoured = await request.post(`/api/agenda/appointments/${id}/status`, { headers: pr.headers, data: { status: 'honoré' } });
  expect(honoured.status(), await honoured.text()).toBe(200);
  return day;
}

async function noSeriousViolation(page: Page) {
  const violations = await axeViolations(page);
  expect(serious(violations), JSON.stringify(violations.map((v) => v.nodes.map((n) => [n.target, n.failureSummary])))).toEqual([]);
}

test('pr invoices an honoured appointment, takes a partial card payment and the rest in cash, prints the receipt, exports the month’s receipts book', async ({ page, request }) => {
  test.setTimeout(180_000);
  const pr = await apiSession(request, 'pr');
  const helene = await patientId(request, pr.headers, pr, 'helene martin');
  const day = await honouredAppointment(request, helene);
  await signIn(page, 'pr');
  // The agenda's day of the visit: the appointment opens, honoured, and its 'Facturer' leads to the form.
  await page.goto(`/agenda/moi/jour/${day}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: /^09:00 – 09:30 Hélène Martin/ }).click({ timeout: 45_000 });
  const details = page.getByRole('dialog', { name: 'Hélène Martin' });
  await expect(details.getByText('Honoré')).toBeVisible();
  await noSeriousViolation(page);
  await details.getByRole('button', { name: 'Facturer' }).click();
  await expect(page).toHaveURL(/\/facturation\?/);
  const form = page.getByRole('dialog', { name: 'Facturer' });
  await expect(form).toBeVisible({ timeout: 45_000 });
  await expect(form.getByLabel('Patient')).toHaveValue('Hélène Martin');
  await noSeriousViolation(page);
  await form.getByLabel('Libellé').fill('Consultation de suivi');
  await form.getByLabel('Prix unitaire (€)').fill('60,00');
  await form.getByRole('button', { name: 'Émettre la facture' }).click();

  const invoice = page.getByRole('dialog', { name: /^Facture \d{4}-\d{6}$/ });
  await expect(invoice).toBeVisible();
  await expect(invoice.getByTestId('invoice-balance')).toHaveText(/60,00\s€/);
  await invoice.getByLabel('Montant (€)').fill('25,00');
  await invoice.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(invoice.getByTestId('invoice-balance')).toHaveText(/35,00\s€/);
  await expect(invoice.getByLabel('Montant (€)')).toHaveValue('35,00');
  await invoice.getByLabel('Mode de paiement').click();
  await page.getByRole('option', { name: 'Espèces' }).click();
  await invoice.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(invoice.getByTestId('invoice-balance')).toHaveText(/0,00\s€/);
  await noSeriousViolation(page);

  const receipt = page.waitForEvent('download');
  await invoice.getByRole('button', { name: 'Imprimer le reçu' }).first().click();
  expect((await receipt).suggestedFilename()).toMatch(/^recu-\d{4}-\d{6}-\d{4}-\d{2}-\d{2}\.pdf$/);
  await invoice.getByRole('button', { name: 'Fermer' }).click();

  await page.getByRole('tab', { name: 'Livre des recettes' }).click();
  await expect(page.getByRole('table', { name: 'Livre des recettes' }).getByText('Hélène Martin').first()).toBeVisible();
  await noSeriousViolation(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter en CSV' }).click();
  const csv = fs.readFileSync((await (await download).path())!, 'utf8');
  expect(csv.startsWith('\uFEFFDate;Patient;Facture;Mode;Référence;Montant (€)')).toBe(true);
  expect(csv).toMatch(/Hélène Martin;\d{4}-\d{6};Carte bancaire;;25,00/);
  expect(csv).toMatch(/Hélène Martin;\d{4}-\d{6};Espèces;;35,00/);
});

test('pt downloads their invoice from Mes factures', async ({ page, request }) => {
  test.setTimeout(120_000);
  const pr = await apiSession(request, 'pr');
  const lucas = await patientId(request, pr.headers, pr, 'lucas bernard');
  const issued = await request.post('/api/invoices', { headers: pr.headers, data: { patientId: lucas, lines: [{ label: 'Bilan diététique', quantity: 1, unitPriceCents: 4500 }], issue: true } });
  expect(issued.status(), await issued.text()).toBe(201);
  const number = (await issued.json()).data.number as string;
  await signIn(page, 'pt', { at: '/mes-factures' });
  await expect(page.getByRole('heading', { level: 1, name: 'Mes factures' })).toBeVisible({ timeout: 45_000 });
  const row = page.getByRole('listitem').filter({ hasText: number });
  await expect(row).toBeVisible();
  await noSeriousViolation(page);
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Télécharger la facture' }).click();
  expect((await download).suggestedFilename()).toBe(`facture-${number}.pdf`);
});

test('pr adds an act to the price list and bills it from the Facturer dialog; on a phone the list fits the screen', async ({ page }) => {
  test.setTimeout(120_000);
  const label = `Bilan e2e ${Date.now()}`;
  await signIn(page, 'pr', { at: '/facturation?tab=acts' });
  await page.getByRole('button', { name: 'Nouvel acte' }).click({ timeout: 45_000 });
  const dialog = page.getByRole('dialog', { name: 'Nouvel acte' });
  await dialog.getByLabel('Libellé').fill(label);
  await dialog.getByLabel('Prix (€)').fill('45,50');
  await expect(dialog.getByText('TVA non applicable, article 261-4-1° du CGI')).toBeVisible();
  await noSeriousViolation(page);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  const row = page.getByRole('table', { name: 'Actes et tarifs' }).getByRole('row').filter({ hasText: label });
  await expect(row).toContainText(/45,50\s€/);
  await noSeriousViolation(page);

  await page.getByRole('button', { name: 'Nouvelle facture' }).click();
  const form = page.getByRole('dialog', { name: 'Facturer' });
  await form.getByLabel('Acte').click();
  await page.getByRole('option', { name: new RegExp(label) }).click();
  await expect(form.getByLabel('Prix unitaire (€)')).toHaveValue('45,50');

  // On a phone the price list fits the width: one row per act, its price under its label and its
  // buttons in sight (the table was cut by its card, the edit and archive buttons out of reach); the
  // page never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/facturation?tab=acts');
  const item = page.getByRole('list', { name: 'Actes et tarifs' }).getByRole('listitem').filter({ hasText: label });
  await expect(item).toContainText(/45,50\s€/, { timeout: 45_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await item.scrollIntoViewIfNeeded();
  await expect(item.getByRole('button', { name: `Modifier ${label}` })).toBeInViewport({ ratio: 1 });
  await noSeriousViolation(page);
});
