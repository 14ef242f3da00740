import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Result, RunOptions } from 'axe-core';
import { GREETING_NAME_STORAGE_KEY, LANGUAGE_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@wellbe/shared/boot';
import { greetingName } from '../src/lib/greeting-name.ts';
import { e2eDataDir } from './data-dir.ts';

// What every journey needs: the demo password, signing in, the mails the server wrote, the
// consultation panel, and the accessibility verdict (DESIGN §7).
export const DEMO_PASSWORD = 'Demo-Wellbe-2026!';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * Where the running journey's server writes its mails without SMTP: each Playwright project has its
 * own server, on its own port and data folder (playwright.config.ts).
 */
export function mailDir(): string {
  return path.join(e2eDataDir(root, new URL(test.info().project.use.baseURL!).port), 'mail');
}

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

/**
 * Signs in as a returning user finds the app: the token a sign-in gave is in the browser's storage
 * and the page `at` (/dashboard unless said) opens. Every role goes through the sign-in form in the
 * journeys about it (shell: pr, rh, de, pa, ad, pg and a registered user; chat: pt; security,
 * teleconsultation): going through it before every journey cost about 1.4 s each (the form's page,
 * then the dashboard behind the next page the journey opened). A journey that starts elsewhere says
 * where: loading the dashboard only to leave it cost the renderer a whole screen.
 * The API call shares the page's cookies, so the server knows the browser as it would after the form.
 */
export async function signIn(page: Page, username: string, { at = '/dashboard', password = DEMO_PASSWORD, language }: { at?: string; password?: string; language?: string } = {}) {
  const res = await page.request.post('/api/user', { data: { action: 'login', Username: username, Password: password } });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = (await res.json()) as { data: { access_token: string; firstName?: string | null; displayName: string } };
  const token = data.access_token;
  // Any page of the origin holds its storage: the health check's is the cheapest to open.
  await page.goto('/api/health');
  // With the token, the interface language as the menu leaves it (the sign-in form itself is French).
  const stored: [string, string][] = [[TOKEN_STORAGE_KEY, token], ...(language ? [[LANGUAGE_STORAGE_KEY, language] as [string, string]] : [])];
  await page.evaluate((entries) => entries.forEach(([key, value]) => localStorage.setItem(key, value)), stored);
  await page.goto(at);
  // A journey opening another page checks what it shows: it may send the user on (a patient's
  // /patients/list opens their own file, a file of another practice the 404 page).
  if (at === '/dashboard') await expect(page).toHaveURL(/\/dashboard$/);
  // Back once the app has its session, not only its URL: the token's check answers later on a
  // loaded machine, and a journey that read what the session stores (the name the frame greets
  // with) raced it (first-title.spec lost a CI run to it).
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), GREETING_NAME_STORAGE_KEY), { message: 'session de l’application' }).toBe(greetingName({ data }));
}

/**
 * Types a search in /patients/list and waits until the table shows its answer. The previous rows
 * stay on screen while the debounced request runs: a row clicked before the answer is replaced
 * under the click, which then does nothing.
 */
export async function searchPatients(page: Page, query: string) {
  // The answer first: the URL changes before React renders the search (the router's update is a
  // transition), and 'aria-busy' read in between still describes the old rows (a CI run clicked
  // Lucas Bernard's place in the unfiltered list). After the answer, not busy means shown.
  const answered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/patients' && url.searchParams.get('q') === query.trim();
  });
  await page.getByLabel('Rechercher un patient').fill(query);
  await answered;
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(query).replace(/%20/g, '(\\+|%20)')}(&|$)`));
  await expect(page.getByRole('table', { name: 'Liste des patients' })).toHaveAttribute('aria-busy', 'false');
}

/** The newest .eml whose file name ends with `suffix`, decoded from quoted-printable; undefined if none. */
export function newestMail(suffix: string): string | undefined {
  const dir = mailDir();
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(suffix)).sort() : [];
  if (!files.length) return undefined;
  const raw = fs.readFileSync(path.join(dir, files.at(-1)!), 'utf8');
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Whether an axe violation is serious or critical (DESIGN §7: there must be none). */
const isSerious = (v: { impact?: string | null }) => v.impact === 'serious' || v.impact === 'critical';

/** The ids of the serious or critical axe violations. */
export const serious = (violations: { id: string; impact?: string | null }[]) => violations.filter(isSerious).map((v) => v.id);

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
type AxeWindow = { axe?: { configure(spec: object): void; run(context: unknown, options: RunOptions): Promise<{ violations: Result[] }> } };

/**
 * axe-core's violations on the page, or within the elements `include` selects. axe runs in the page
 * as @axe-core/playwright's legacy mode runs it (same-origin frames included), loaded once per page:
 * its default mode loaded axe twice and finished each run in a new blank page, 2.4–2.9 s a check
 * of /patients/list against 0.6–0.9 s here, with the same verdict (0 violations, 46 rules passed).
 */
export async function axeViolations(page: Page, { include, options }: { include?: string; options?: RunOptions } = {}): Promise<Result[]> {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => !(window as AxeWindow).axe)) await frame.evaluate(axeSource);
      await frame.evaluate(() => (window as AxeWindow).axe!.configure({ allowedOrigins: ['<same_origin>'] }));
    } catch {
      // A sandboxed preview runs no script: axe leaves that frame aside, as @axe-core/playwright does.
    }
  }
  return page.evaluate(
    async ({ include, options }) => (await (window as AxeWindow).axe!.run(include ? { include: [include] } : document, { ...options, resultTypes: ['violations'] })).violations,
    { include, options },
  );
}

/** The ids of the serious or critical violations on the page (or within `include`). */
export async function seriousViolations(page: Page, scope?: { include?: string; options?: RunOptions }) {
  return serious(await axeViolations(page, scope));
}

/** No serious or critical axe violation on the page, each named with where it is (DESIGN §7). */
export async function expectAccessible(page: Page) {
  const violations = await axeViolations(page);
  expect(violations.filter(isSerious).map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

/**
 * axe as pa11y sees the colours: decorative initials (avatars, aria-hidden) are checked too, and a
 * one-letter text is not left aside as "too short" (the chat's initials were 1.73:1).
 */
export async function seriousWithInitials(page: Page) {
  await page.evaluate(() => document.querySelectorAll('.MuiAvatar-root[aria-hidden]').forEach((avatar) => avatar.removeAttribute('aria-hidden')));
  // axe.run takes a check's options ("temporarily modifying them"); its RunOptions type omits them.
  const shortTextsToo = { checks: { 'color-contrast': { options: { ignoreLength: true } } } } as unknown as RunOptions;
  return seriousViolations(page, { options: shortTextsToo });
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
