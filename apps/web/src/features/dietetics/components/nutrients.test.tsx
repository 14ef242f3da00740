import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { NutrientLine, TargetChips } from './nutrients.tsx';

const TOTALS = { energyKcal: 810, proteinsG: 48.4, carbohydratesG: 150, fatG: 40, fibresG: 12 };
const TARGETS = { energyKcal: 950, proteinsG: 101, carbohydratesG: 338, fatG: 105, fibresG: 30 };
const STATUS = { energyKcal: 'red', proteinsG: 'red', carbohydratesG: 'red', fatG: 'red' } as const;

textsInEachLanguage(['dietetics']);

/** The texts of the left-to-right isolates inside `element`. */
const isolated = (element: HTMLElement) => [...element.querySelectorAll('bdi[dir="ltr"]')].map((b) => b.textContent);

// In Arabic a value and its unit ran right to left around its label: « kcal 0 :الطاقة ». Each one is
// isolated left to right (components/ltr.tsx), so it reads « الطاقة: 0 kcal ».
describe('nutrients in a right-to-left page', () => {
  it('isolates each chip’s value, its target and its unit', async () => {
    await act(() => i18n.changeLanguage('ar'));
    render(<TargetChips totals={TOTALS} targets={TARGETS} status={STATUS} known />);
    expect(isolated(screen.getByTestId('day-totals'))).toEqual(['810 / 950 kcal', '48 / 101 g', '150 / 338 g', '40 / 105 g']);
  });

  it('isolates each macronutrient’s grams in a meal’s line, the French text unchanged', () => {
    const { container } = render(<NutrientLine n={TOTALS} />);
    expect(isolated(container)).toEqual(['48,4 g', '150 g', '40 g', '12 g']);
    expect(container.textContent).toBe('810 kcal · P 48,4 g · G 150 g · L 40 g · F 12 g');
  });
});
