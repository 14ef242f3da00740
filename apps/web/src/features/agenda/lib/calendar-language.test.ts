import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { readableOn } from './calendar-language.tsx';

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
