import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { DayTotals } from './day-totals.tsx';

const DAY = { day: '2026-12-01', energyKcal: 1210, proteinsG: 48.4, carbohydratesG: 150, fatG: 40, targets: { energyKcal: 2700, proteinsG: 101, carbohydratesG: 338, fatG: 105 } };

textsInEachLanguage(['diary', 'dietetics']);

// A label and its value: French sets a space before the colon, English, Turkish and Arabic do not
// (common `labelled`). The French one was written into the code and showed in every language.
describe('the day’s totals against the target', () => {
  for (const [language, proteins] of [
    ['fr', 'Protéines : 48 / 101 g'],
    ['en', 'Proteins: 48 / 101 g'],
  ] as const) {
    it(`writes each macronutrient as its language does (${language}: « ${proteins} »)`, async () => {
      await act(() => i18n.changeLanguage(language));
      render(<DayTotals day={DAY} />);
      expect(await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === proteins)).toBeInTheDocument();
    });
  }

  // The gram's symbol was a French « g » in every language: it is the dietetics texts' unit (« غ »),
  // after the figures, which stay isolated left to right.
  it('writes the grams in Arabic with the Arabic unit, the figures left to right', async () => {
    await act(() => i18n.changeLanguage('ar'));
    render(<DayTotals day={DAY} />);
    const figures = await screen.findByText('48 / 101');
    expect(figures.tagName).toBe('BDI');
    expect(figures).toHaveAttribute('dir', 'ltr');
    expect(figures.parentElement?.textContent).toMatch(/48 \/ 101 غ$/);
  });
});
