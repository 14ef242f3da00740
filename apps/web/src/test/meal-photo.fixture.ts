import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { i18nReady } from '../i18n/i18n.ts';
import type { DiaryEntry } from '@wellbe/shared/schemas/diary';
import { fakeApi } from './render.tsx';

// A meal entry with a photo, the photo route faked, and what a user checks: the thumbnail, then
// the photo opened larger (the patient's /journal and the file's 'Journal' tab share it).

export const meal: DiaryEntry = {
  id: '6f2c1a9e-8d3b-4c5a-9e7f-1b2c3d4e5f60',
  kind: 'meal',
  at: '2026-11-20T11:30:00.000Z',
  day: '2026-11-20',
  weightKg: null,
  intensity: null,
  location: null,
  meal: 'dejeuner',
  items: [],
  energyKcal: 520,
  proteinsG: 30,
  carbohydratesG: 60,
  fatG: 15,
  sessionId: null,
  activity: null,
  durationMin: null,
  activityIntensity: null,
  note: null,
  hasPhoto: true,
  comment: null,
  createdAt: '2026-11-20T11:31:00.000Z',
};
export const withoutPhoto: DiaryEntry = { ...meal, id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', hasPhoto: false };

let requests: ReturnType<typeof fakeApi> = [];

/** Fakes the API's photo route and the browser's object URLs for each test of the calling file. */
export function withMealPhotoApi() {
  beforeAll(async () => {
    await i18nReady;
  });
  beforeEach(() => stubMealPhoto());
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

function stubMealPhoto() {
  requests = fakeApi({ [`GET /api/diary/entries/${meal.id}/photo`]: () => new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), { headers: { 'content-type': 'image/png' } }) });
  URL.createObjectURL = vi.fn(() => 'blob:meal-photo');
  URL.revokeObjectURL = vi.fn();
}

export async function seesThePhoto() {
  const thumb = await screen.findByTestId('meal-photo');
  expect(thumb).toHaveAttribute('src', 'blob:meal-photo');
  expect(thumb).toHaveAttribute('alt', expect.stringContaining('Photo du repas du 20/11/2026'));
  // Only the meal with a photo asks for one.
  expect(requests.filter((r) => r.path.endsWith('/photo')).map((r) => r.path)).toEqual([`/api/diary/entries/${meal.id}/photo`]);
  await userEvent.click(screen.getByRole('button', { name: /Agrandir la photo du repas du 20\/11\/2026/ }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('img')).toHaveAttribute('src', 'blob:meal-photo');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
}
