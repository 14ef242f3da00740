import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSession, observeShifts, shiftsSoFar, signIn } from './support';

// What a new user saw on a desk and on a phone (390 × 844): buttons drawn over the text beside them,
// actions squeezed into columns of one word a line, the floating 'Consultation' button over the page.

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };

async function box(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const b = await locator.boundingBox();
  if (!b) throw new Error('not drawn');
  return b;
}

/** Whether two drawn boxes share any pixel. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await box(a), await box(b)];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

for (const [size, viewport] of [
  ['desk', DESK],
  ['phone', PHONE],
] as const) {
  test(`${size}: 'Déconnecter cette session' is drawn beside or under its session's dates, never over them`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // A second session of pr, so that the list has a session to end.
    const other = await apiSession(page.request, 'pr');
    await signIn(page, 'pr', { at: '/profile' });
    const rows = page.getByTestId('session-row').filter({ has: page.getByRole('button', { name: 'Déconnecter cette session' }) });
    await expect(rows.first()).toBeVisible();
    for (const row of (await rows.all()).slice(0, 3)) {
      expect(await overlap(row.getByRole('button', { name: 'Déconnecter cette session' }), row.locator('.MuiListItemText-root'))).toBe(false);
    }
    await page.request.post('/api/auth/logout', { headers: other.headers });
  });

  test(`${size}: the program builder's '+ Ajouter' never covers a long exercise name`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'pr', { at: '/program/sportif/list' });
    await page.getByRole('button', { name: 'Nouveau programme' }).click();
    const items = page.getByRole('list', { name: 'Exercices trouvés' }).getByRole('listitem');
    await expect(items.first()).toBeVisible();
    // The library opens on names such as 'Auto-massage des ischio-jambiers au rouleau'.
    for (const item of (await items.all()).slice(0, 4)) {
      expect(await overlap(item.getByRole('button', { name: /^Ajouter / }), item.locator('.MuiListItemText-root'))).toBe(false);
    }
  });
}

// Lucas Bernard's file: consultations, measures with a pain score and a notice card (the demo data),
// the right column's full height (an empty file hid its cards' shift: CLS 0.024 on a desk).
async function openFile(page: Page) {
  const pr = await apiSession(page.request, 'pr');
  const list = await (await page.request.get(`/api/patients?pageSize=1&q=${encodeURIComponent('Lucas Bernard')}`, { headers: pr.headers })).json();
  await page.request.post('/api/auth/logout', { headers: pr.headers });
  await page.goto(`/patient/dossier/${list.data[0].idPatient}`);
  await expect(page.getByRole('tab', { name: 'Dossier' })).toBeVisible();
}

for (const [size, viewport] of [
  ['desk', DESK],
  ['phone', PHONE],
] as const) {
  test(`${size}: nothing of the patient file moves while it is drawn (on a phone its title first, then its tabs and cards)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'pr');
    // Every layout shift of the file's load, as Lighthouse sums them (CLS). Its actions, drawn after its
    // title, narrowed it beside them and moved its lines (0.008).
    await observeShifts(page);
    await openFile(page);
    await expect(page.getByRole('heading', { name: 'Identité' })).toBeVisible();
    expect(await shiftsSoFar(page)).toBeLessThan(0.001);
  });
}

test('phone: the patient file’s actions keep one line each, and the Consultation button is a round icon', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'pr');
  await openFile(page);
  const heights: number[] = [];
  for (const name of ['Mes notes sur ce dossier', 'Exporter (FHIR)', 'Inviter le patient', 'Archiver']) heights.push((await box(page.getByRole('main').getByRole('link', { name }).or(page.getByRole('main').getByRole('button', { name })))).height);
  // A small button of one line is 36 px high; squeezed side by side they were 2 to 4 lines.
  expect(heights.every((h) => h < 48)).toBe(true);
  const launcher = await box(page.getByRole('button', { name: 'Consultation', exact: true }));
  expect(launcher.width).toBeLessThanOrEqual(64);
  // The page keeps room at its bottom: scrolled to the end, its last card is above the button.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const cards = page.getByRole('main').locator('.MuiCard-root');
  expect(await overlap(cards.last(), page.getByRole('button', { name: 'Consultation', exact: true }))).toBe(false);
});

test('phone: the patient file’s tabs show an arrow to the ones past the screen’s edge; a desk, where they all fit, none', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'pr');
  await openFile(page);
  const tabs = page.getByRole('tablist', { name: 'Sections du dossier' });
  const journal = tabs.getByRole('tab', { name: 'Journal' });
  // Eight tabs, three on a phone's width: without an arrow nothing told that five more were there.
  await expect(journal).not.toBeInViewport();
  // The arrows on either side of the tabs: back, disabled at the start, and forward.
  const arrows = page.locator('.MuiTabs-root', { has: tabs }).locator('.MuiTabs-scrollButtons');
  const [back, forward] = [arrows.first(), arrows.last()];
  await expect(back).toHaveClass(/Mui-disabled/);
  await expect(forward).toBeVisible();
  await expect(forward).not.toHaveClass(/Mui-disabled/);
  // Each press scrolls the tabs by their width (animated): pressed until « Journal » is all shown.
  await expect(async () => {
    if (!(await forward.getAttribute('class'))?.includes('Mui-disabled')) await forward.click();
    await expect(journal).toBeInViewport({ ratio: 1, timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(back).not.toHaveClass(/Mui-disabled/);
  await page.setViewportSize(DESK);
  await expect(page.locator('.MuiTabs-scrollButtons').filter({ visible: true })).toHaveCount(0);
});

test('a 1366 px laptop: the patient file’s actions stay on the screen and its title keeps its lines', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'pr');
  await openFile(page);
  const main = page.getByRole('main');
  // Beside the title they ran past the screen's right edge (« Archiver » cut), and the birth date wrapped.
  for (const name of ['Mes notes sur ce dossier', 'Ordonnances, certificats et courriers', 'Exporter (FHIR)', 'Inviter le patient', 'Archiver']) {
    const action = await box(main.getByRole('link', { name }).or(main.getByRole('button', { name })));
    expect(action.x + action.width, name).toBeLessThanOrEqual(1366);
  }
  const born = await box(main.getByText(/^Date de naissance : \d{2}\/\d{2}\/\d{4}/));
  expect(born.height).toBeLessThan(30);
});
