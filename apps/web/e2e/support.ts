import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2eDataDir } from './data-dir.ts';

// What every journey needs: the demo password, signing in, the mails the server wrote, the
// consultation panel, and the accessibility verdict (DESIGN §7).
export const DEMO_PASSWORD = 'Demo-Wellbe-2026!';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Without SMTP the e2e server writes its mails here (one data folder per E2E_PORT). */
export const mailDir = path.join(e2eDataDir(root, process.env.E2E_PORT ?? 3210), 'mail');

/** Fills and sends the sign-in form already on screen; the caller says where it should lead. */
export async function fillSignIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Nom d’utilisateur').fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Signs in through the API (data a journey prepares without clicking): the user's ids and auth header. */
export async function apiSession(request: APIRequestContext, username: string) {
  const res = await request.post('/api/user', { data: { action: 'login', Username: username, Password: DEMO_PASSWORD } });
  const body = await res.json();
  return { id: body.id as string, idOrganization: body.data.idOrganization as string, headers: { authorization: `Bearer ${body.data.access_token}` } };
}

type ApiSession = Awaited<ReturnType<typeof apiSession>>;

/** A consultation written through the API by `session` for the first patient its search `q` finds: both ids. */
export async function apiConsultation(request: APIRequestContext, session: ApiSession, q: string, consultationCreate: Record<string, unknown>) {
  const list = await request.post('/api/patient', { headers: session.headers, data: { action: 'list', Iduser: session.id, idOrganization: session.idOrganization, q } });
  const idPatient = (await list.json()).data[0].idPatient as string;
  const idConsultation = randomUUID();
  const created = await request.post('/api/consultation', {
    headers: session.headers,
    data: { action: 'createBySpeciality', idPatient, Iduser: session.id, idOrganization: session.idOrganization, idConsultation, consultationCreate },
  });
  expect(created.status()).toBe(200);
  return { idPatient, idConsultation };
}

/** Signs in from /login; the app goes to / and then /dashboard: waits for the end of the redirects. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await fillSignIn(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Types a search in /patients/list and waits until the table shows its answer. The previous rows
 * stay on screen while the debounced request runs: a row clicked before the answer is replaced
 * under the click, which then does nothing.
 */
export async function searchPatients(page: Page, query: string) {
  await page.getByLabel('Rechercher un patient').fill(query);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(query).replace(/%20/g, '(\\+|%20)')}(&|$)`));
  await expect(page.getByRole('table', { name: 'Liste des patients' })).toHaveAttribute('aria-busy', 'false');
}

/** The newest .eml whose file name ends with `suffix`, decoded from quoted-printable; undefined if none. */
export function newestMail(suffix: string): string | undefined {
  const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith(suffix)).sort() : [];
  if (!files.length) return undefined;
  const raw = fs.readFileSync(path.join(mailDir, files.at(-1)!), 'utf8');
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The ids of the serious or critical axe violations (DESIGN §7: there must be none). */
export const serious = (violations: { id: string; impact?: string | null }[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);

/** No serious or critical axe violation on the page, each named with where it is (DESIGN §7). */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

/**
 * axe as pa11y sees the colours: decorative initials (avatars, aria-hidden) are checked too, and a
 * one-letter text is not left aside as "too short" (the chat's initials were 1.73:1).
 */
export async function seriousWithInitials(page: Page) {
  await page.evaluate(() => document.querySelectorAll('.MuiAvatar-root[aria-hidden]').forEach((avatar) => avatar.removeAttribute('aria-hidden')));
  // axe.run takes a check's options ("temporarily modifying them"); its RunOptions type omits them.
  const shortTextsToo = { checks: { 'color-contrast': { options: { ignoreLength: true } } } } as unknown as Parameters<AxeBuilder['options']>[0];
  const { violations } = await new AxeBuilder({ page }).options(shortTextsToo).analyze();
  return serious(violations);
}

export const panel = (page: Page) => page.getByRole('dialog', { name: /^Consultation/ });
export const saveButton = (page: Page) => panel(page).getByRole('button', { name: 'Enregistrer', exact: true });
export const editor = (page: Page, name: string) => panel(page).getByRole('textbox', { name, exact: true });

/** Sums every layout shift of the page's life, as Lighthouse does (not those right after an input). */
export async function observeShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.shifts += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts summed so far, after two frames for the last one to be reported. */
export async function shiftsSoFar(page: Page): Promise<number> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { shifts: number }).shifts);
}
