import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { DieteticsTab } from './dietetics-tab.tsx';

// The file's 'Diététique' tab names the program's goal (stored as 'rééquilibrage') in the reader's language.

textsInEachLanguage(['patients', 'dietetics']);
afterEach(() => vi.unstubAllGlobals());

const OVERVIEW = {
  program: { id: 'p1', name: 'Rééquilibrage alimentaire — 2 semaines', goal: 'rééquilibrage', startDate: '2026-11-23', endDate: '2026-12-06' },
  days: [],
  weights: [],
  targetKcal: null,
};

describe('the file’s dietetics tab', () => {
  for (const [language, line] of [
    ['fr', 'Rééquilibrage alimentaire — 2 semaines (Rééquilibrage), du 23/11/2026 au 06/12/2026'],
    ['en', 'Rééquilibrage alimentaire — 2 semaines (Rebalancing), from 23/11/2026 to 06/12/2026'],
  ] as const) {
    it(`names the program’s goal in ${language}`, async () => {
      fakeApi({ 'GET /api/dietetics/patients/pa1/overview': { success: true, data: OVERVIEW } });
      await act(() => i18n.changeLanguage(language));
      renderAs('PR', <Suspense fallback="…"><DieteticsTab idPatient="pa1" /></Suspense>);
      expect(await screen.findByTestId('diet-program')).toHaveTextContent(line);
    });
  }

  // Each day's bar is named with its energy: the unit was a French « kcal » in every language.
  it('names a day’s energy with the unit of the reader’s language', async () => {
    fakeApi({ 'GET /api/dietetics/patients/pa1/overview': { success: true, data: { ...OVERVIEW, days: [{ day: '2026-11-23', energyKcal: 1800 }] } } });
    await act(() => i18n.changeLanguage('ar'));
    renderAs('PR', <Suspense fallback="…"><DieteticsTab idPatient="pa1" /></Suspense>);
    await screen.findByTestId('diet-program');
    expect(document.querySelector('[aria-label$="1800 كيلوكالوري"]')).not.toBeNull();
  });
});
