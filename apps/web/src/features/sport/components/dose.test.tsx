import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { useDoseText } from './dose.tsx';

const LINE = { sets: 3, reps: 12, durationS: null, loadKg: null, loadPct: null, restS: 30, tempo: '3-1-1' };

function Dose() {
  return <p data-testid="dose">{useDoseText()(LINE)}</p>;
}

textsInEachLanguage(['sport']);

describe('an exercise’s dose', () => {
  it('reads « 3 × 12 · repos 30 s » in French, nothing added', () => {
    render(<Dose />);
    expect(screen.getByTestId('dose').textContent).toBe('3 × 12 · repos 30 s · tempo 3-1-1');
  });

  // Arabic read « 12 × 3 » and « s 30 »: the figures are isolated left to right (U+2066 … U+2069).
  it('keeps its figures left to right in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    render(<Dose />);
    expect(screen.getByTestId('dose').textContent).toBe('\u20663 × 12\u2069 · راحة \u206630 ث\u2069 · إيقاع \u20663-1-1\u2069');
  });

  // The units were French in every language: « 3 × 1 min 30 s » in Turkish and Arabic.
  it('writes its durations with the units of each language', async () => {
    const timed = { ...LINE, reps: null, durationS: 90, restS: 3_900, tempo: '' };
    function Timed() {
      return <p data-testid="dose">{useDoseText()(timed)}</p>;
    }
    const expected: Record<string, string> = {
      fr: '3 × 1 min 30 s · repos 1 h 5 min',
      en: '3 × 1 min 30 s · rest 1 h 5 min',
      tr: '3 × 1 dk 30 sn · dinlenme 1 sa 5 dk',
      ar: '\u20663 × 1 د 30 ث\u2069 · راحة \u20661 س 5 د\u2069',
    };
    for (const [language, text] of Object.entries(expected)) {
      await act(() => i18n.changeLanguage(language));
      const { unmount } = render(<Timed />);
      expect(screen.getByTestId('dose').textContent, language).toBe(text);
      unmount();
    }
  });
});
