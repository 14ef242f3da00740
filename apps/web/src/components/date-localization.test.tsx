import { act, render, screen } from '@testing-library/react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { textsInEachLanguage } from '../test/texts.ts';
import { DateLocalization } from './date-localization.tsx';

// Every language types and reads dates as DD/MM/YYYY (SPEC §1), and names the months in its own
// words: the pickers said "1 déc. 2026" in English and Arabic.

textsInEachLanguage(['common']);

function Picker() {
  return (
    <DateLocalization>
      <DatePicker label="Date" value={dayjs('2026-12-01T12:00:00')} onChange={() => undefined} />
    </DateLocalization>
  );
}

describe('the date pickers in each language', () => {
  for (const [language, month] of [
    ['fr', 'déc.'],
    ['en', 'Dec'],
    ['ar', 'ديسمبر'],
  ] as const) {
    it(`${language}: 01/12/2026 in the field, the month as « ${month} » and Western digits`, async () => {
      await act(() => i18n.changeLanguage(language));
      render(<Picker />);
      const field = screen.getByRole('group', { name: 'Date' });
      expect(field.textContent?.replace(/[\u2066-\u2069\u200e\u200f]/g, '')).toContain('01/12/2026');
      const open = screen.getByRole('button', { name: /2026/ });
      expect(open.getAttribute('aria-label')).toContain(month);
      expect(open.getAttribute('aria-label')).toMatch(/\b1 /);
    });
  }
});

describe('the pickers’ own texts', () => {
  // MUI X has no Arabic: its English texts showed (« Choose date, selected date is … »).
  for (const [language, open] of [
    ['fr', 'Choisir la date, la date sélectionnée est'],
    ['en', 'Choose date, selected date is'],
    ['ar', 'اختيار التاريخ، التاريخ المختار هو'],
  ] as const) {
    it(`${language}: the button that opens the calendar is named « ${open} … »`, async () => {
      await act(() => i18n.changeLanguage(language));
      render(<Picker />);
      expect(screen.getByRole('button', { name: /2026/ }).getAttribute('aria-label')).toContain(open);
    });
  }
});
