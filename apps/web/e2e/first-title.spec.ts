import { expect, test, type Locator, type Page } from '@playwright/test';
import { GREETING_NAME_STORAGE_KEY, LANGUAGE_STORAGE_KEY } from '@wellbe/shared/boot';
import { signIn } from './support';

// The page's title painted from the HTML (issue 31, app/first-titles.ts): before any script the
// server's frame shows the page's name in the user's language, and the page's own h1, drawn by React
// later, has the same text in the same place and size — the title does not jump nor change when the
// app takes over. Both are compared by their text's box (the h1 of a page may be wider than its text).

const textBox = (heading: Locator) =>
  heading.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const rect = [...range.getClientRects()].find((r) => r.width > 0)!;
    return { x: Math.round(rect.x), y: Math.round(rect.y), width: Math.round(rect.width), height: Math.round(rect.height) };
  });

/** The title of the server's HTML, the app's code refused: its text and its box, once Roboto is there. */
async function titleBeforeScripts(page: Page, path: string) {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(path);
  const title = page.locator('.wb-shell-h1');
  await expect(title).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const text = await title.innerText();
  const box = await textBox(title);
  await page.unroute('**/assets/*.js');
  return { text, box };
}

// `settled`: the address the page moves on to (/agenda opens on its full address): the title is
// compared once the page is there.
const PAGES: { role: string; path: string; title: string; settled?: RegExp }[] = [
  { role: 'pt', path: '/messaging', title: 'Messagerie' },
  { role: 'pt', path: '/appointment', title: 'Rendez-vous' },
  { role: 'pt', path: '/program/sportif/today', title: 'Mon programme sportif' },
  { role: 'pt', path: '/dietetiques/mon-menu', title: 'Mon menu du jour' },
  { role: 'pr', path: '/agenda', title: 'Agenda', settled: /\/agenda\/moi\/jour\/\d{4}-\d{2}-\d{2}$/ },
  // A page with its own padding (app/first-titles.ts `inset`).
  { role: 'pr', path: '/patients/list', title: 'Dossiers patients' },
];

for (const { role, path, title, settled } of PAGES) {
  test(`${role} ${path} on a phone: « ${title} » painted from the HTML, where the page then draws it`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, role);
    const before = await titleBeforeScripts(page, path);
    expect(before.text).toBe(title);
    await page.goto(path);
    if (settled) await expect(page).toHaveURL(settled, { timeout: 15_000 });
    const heading = page.getByRole('heading', { level: 1, name: title, exact: true });
    await expect(heading).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.wb-shell')).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
    expect(await textBox(heading)).toEqual(before.box);
  });
}

test('an Arabic user on a desktop: the title of the HTML in Arabic, right to left, where the page draws it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'pt');
  await page.evaluate((key) => localStorage.setItem(key, 'ar'), LANGUAGE_STORAGE_KEY);
  // The program of the day: a centred column of 720 px (app/first-titles.ts `column`).
  const before = await titleBeforeScripts(page, '/program/sportif/today');
  expect(before.text).toBe('برنامجي الرياضي');
  // Right to left: the title ends where its column does.
  const column = (await page.locator('.wb-shell-column').boundingBox())!;
  expect(Math.abs(before.box.x + before.box.width - (column.x + column.width))).toBeLessThanOrEqual(1);
  await page.goto('/program/sportif/today');
  const heading = page.getByRole('heading', { level: 1, name: 'برنامجي الرياضي' });
  await expect(heading).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.wb-shell')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  expect(await textBox(heading)).toEqual(before.box);
});

test('a page without a declared title keeps the grey block: no title but its own', async ({ page }) => {
  await signIn(page, 'pr');
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/user');
  await expect(page.locator('.wb-shell-title')).toBeVisible();
  await expect(page.locator('.wb-shell-h1')).toHaveCount(0);
});

// The patient's first notice on /dashboard (app/first-titles.ts FIRST_NOTICES), their screen's
// largest text: painted from the HTML for the role of the stored token, then drawn by the page in
// the same place and size (phones whose greeting card puts its avatar above or beside the text, a desktop).
for (const [width, height] of [
  [360, 740],
  [412, 823],
  [1440, 900],
]) {
  test(`pt /dashboard at ${width} px: « Vos données » painted from the HTML, where the page then draws it`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, 'pt');
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/dashboard');
    const message = page.locator('.wb-notice-message');
    await expect(message).toBeVisible();
    // The HTML holds the four languages; the French one shows.
    expect(await message.innerText()).toBe('Vos données : téléchargez votre dossier et voyez qui l’a consulté.');
    await page.evaluate(() => document.fonts.ready);
    const before = await textBox(message);
    await page.unroute('**/assets/*.js');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /^Bonjour/ })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.wb-shell')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Mes données' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(await textBox(message)).toEqual(before);
  });
}

/** The box of an element's whole text (the frame's greeting is made of several text nodes). */
const wholeTextBox = (element: Locator) =>
  element.evaluate((e) => {
    const range = document.createRange();
    range.selectNodeContents(e);
    const rect = range.getBoundingClientRect();
    return { x: Math.round(rect.x), y: Math.round(rect.y), width: Math.round(rect.width), height: Math.round(rect.height) };
  });

// A practitioner's largest text on /dashboard is their greeting: painted from the HTML with the name
// the session stored (shared boot.ts), where the page then draws it; not the patient's notice.
for (const { width, height, language, greeting } of [
  { width: 390, height: 844, language: 'fr', greeting: 'Bonjour Julien' },
  { width: 1440, height: 900, language: 'ar', greeting: 'مرحبًا Julien' },
]) {
  test(`pr /dashboard at ${width} px in ${language}: « ${greeting} » painted from the HTML, where the page then draws it`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, 'pr');
    await page.evaluate(([key, lang]) => localStorage.setItem(key, lang), [LANGUAGE_STORAGE_KEY, language]);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/dashboard');
    const frame = page.locator('.wb-shell-greeting-h1');
    await expect(frame).toBeVisible();
    expect(await frame.innerText()).toBe(greeting);
    await expect(page.locator('.wb-notice')).toBeHidden();
    await page.evaluate(() => document.fonts.ready);
    const before = await wholeTextBox(frame);
    await page.unroute('**/assets/*.js');
    await page.goto('/dashboard');
    const heading = page.getByRole('heading', { level: 1, name: greeting, exact: true });
    await expect(heading).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.wb-shell')).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
    expect(await wholeTextBox(heading)).toEqual(before);
  });
}

test('after signing out, the frame of /dashboard greets nobody: the name is forgotten with the session', async ({ page }) => {
  await signIn(page, 'pr');
  expect(await page.evaluate((key) => localStorage.getItem(key), GREETING_NAME_STORAGE_KEY)).toBe('Julien');
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), GREETING_NAME_STORAGE_KEY)).toBeNull();
});
