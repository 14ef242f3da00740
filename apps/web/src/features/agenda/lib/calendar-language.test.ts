import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { HOURS, slotLabel } from './calendar-language.tsx';
import { readableOn } from './colours.ts';

// The text on an appointment block, a practitioner's column header or chip is readable on any
// colour an administrator picks (WCAG AA, 4.5:1), FullCalendar's default blue included.
describe('readableOn', () => {
  it('gives every colour a text colour of at least 4.5:1', () => {
    const colours = ['#1565c0', '#2e7d32', '#6a1b9a', '#c62828', '#ef6c00', '#00838f', '#4e342e', '#ad1457', '#3788d8', '#777777', '#767676', '#ffff00', '#000000', '#ffffff'];
    for (let grey = 0; grey < 256; grey += 5) colours.push(`#${grey.toString(16).padStart(2, '0').repeat(3)}`);
    for (const colour of colours) expect(getContrastRatio(colour, readableOn(colour)), colour).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps white where white is readable', () => {
    expect(readableOn('#1565c0')).toBe('#fff');
    expect(readableOn('#3788d8')).toBe('#000');
  });
});

// The time grid's labels are written without Intl (FullCalendar made an Intl format per label): the
// same text as the hours of the app in each of its languages, Arabic's Latin digits included, and
// midnight 00:00 (Intl's `hour12: false` wrote 24:00 in Arabic).
describe('slotLabel', () => {
  it('writes every quarter of the day as Intl writes 24-hour times in the four languages', () => {
    for (const locale of ['fr', 'en-GB', 'tr', 'ar-u-nu-latn']) {
      const format = new Intl.DateTimeFormat(locale, { hour: HOURS.hour, minute: HOURS.minute, hourCycle: 'h23', timeZone: 'UTC' });
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const date = { hour: Math.floor(minutes / 60), minute: minutes % 60 };
        expect(slotLabel({ date }), `${locale} ${minutes}`).toBe(format.format(Date.UTC(2026, 0, 1, date.hour, date.minute)));
      }
    }
  });
});
