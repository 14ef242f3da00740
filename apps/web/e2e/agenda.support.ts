import { expect, type Page } from '@playwright/test';
import { fillSignIn } from './support.ts';

// What the agenda's journeys share (agenda.spec.ts, agenda-locale.spec.ts).

/** Signs in, waiting longer than support's signIn: the machine running these may be busy. */
export async function signIn(page: Page, username: string) {
  await page.goto('/login');
  await fillSignIn(page, username);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
}

/** The Monday `weeks` weeks from now (YYYY-MM-DD), clear of the demo week. */
export function mondayIn(weeks: number): string {
  const d = new Date(Date.now() + weeks * 7 * 86_400_000);
  const w = d.getUTCDay();
  d.setUTCDate(d.getUTCDate() + (w === 1 ? 0 : (8 - w) % 7));
  return d.toISOString().slice(0, 10);
}
