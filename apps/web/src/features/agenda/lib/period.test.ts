import { describe, expect, it } from 'vitest';
import { periodHolds, periodStart, periodTitle, reportsAddress, shiftPeriod, shownDays, splitDayRange } from './period.ts';

describe('the period a view shows', () => {
  it('starts on the day, its week’s Monday, its month’s first day', () => {
    expect(periodStart('jour', '2026-11-29')).toBe('2026-11-29');
    // A Sunday belongs to the week that started the Monday before (Monday first, every language).
    expect(periodStart('semaine', '2026-11-29')).toBe('2026-11-23');
    expect(periodStart('liste', '2026-11-30')).toBe('2026-11-30');
    expect(periodStart('mois', '2026-11-29')).toBe('2026-11-01');
  });

  it('lays out the days FullCalendar shows: the day, the week, six whole weeks around the month', () => {
    expect(shownDays('jour', '2026-12-31')).toEqual({ first: '2026-12-31', end: '2027-01-01' });
    expect(shownDays('semaine', '2026-12-06')).toEqual({ first: '2026-11-30', end: '2026-12-07' });
    expect(shownDays('liste', '2026-12-01')).toEqual({ first: '2026-11-30', end: '2026-12-07' });
    // December 2026 starts on a Tuesday: from Monday 30 November, 42 days.
    expect(shownDays('mois', '2026-12-15')).toEqual({ first: '2026-11-30', end: '2027-01-11' });
    // March 2027 starts on a Monday: from the 1st.
    expect(shownDays('mois', '2027-03-15')).toEqual({ first: '2027-03-01', end: '2027-04-12' });
    // February 2021 starts on a Monday and has 28 days: still six weeks, as FullCalendar draws it.
    expect(shownDays('mois', '2021-02-10')).toEqual({ first: '2021-02-01', end: '2021-03-15' });
  });

  it('moves by one period, across months and years', () => {
    expect(shiftPeriod('jour', '2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftPeriod('semaine', '2026-11-29', -1)).toBe('2026-11-16');
    expect(shiftPeriod('semaine', '2026-12-30', 1)).toBe('2027-01-04');
    expect(shiftPeriod('mois', '2026-12-15', 1)).toBe('2027-01-01');
    expect(shiftPeriod('mois', '2027-01-31', -1)).toBe('2026-12-01');
    expect(shiftPeriod('mois', '2026-03-31', -1)).toBe('2026-02-01');
    // 0: the period's own first day (today's button).
    expect(shiftPeriod('semaine', '2026-11-26', 0)).toBe('2026-11-23');
  });

  it('holds its days and no other (today’s button is disabled inside it)', () => {
    expect(periodHolds('semaine', '2026-11-23', '2026-11-29')).toBe(true);
    expect(periodHolds('semaine', '2026-11-23', '2026-11-30')).toBe(false);
    expect(periodHolds('semaine', '2026-11-23', '2026-11-22')).toBe(false);
    expect(periodHolds('jour', '2026-11-29', '2026-11-29')).toBe(true);
    expect(periodHolds('jour', '2026-11-29', '2026-11-30')).toBe(false);
    expect(periodHolds('mois', '2026-11-10', '2026-11-30')).toBe(true);
    expect(periodHolds('mois', '2026-11-10', '2026-12-01')).toBe(false);
  });

  it('takes FullCalendar’s report of its period only when it is about the address’s own period', () => {
    // The calendar's first report: the address named a Wednesday, its week starts on the Monday.
    expect(reportsAddress('semaine', '2027-03-03', { view: 'semaine', start: '2027-03-01' })).toBe(true);
    expect(reportsAddress('mois', '2027-03-01', { view: 'mois', start: '2027-03-01' })).toBe(true);
    // « Semaine » clicked on the month of March before the month's calendar reported its period.
    expect(reportsAddress('semaine', '2027-03-01', { view: 'mois', start: '2027-03-01' })).toBe(false);
    // « Suivant » clicked twice: the report of the week in between comes after the address moved on.
    expect(reportsAddress('semaine', '2027-03-15', { view: 'semaine', start: '2027-03-08' })).toBe(false);
    expect(reportsAddress('jour', '2027-03-02', { view: 'jour', start: '2027-03-01' })).toBe(false);
  });
});

describe('its title, as FullCalendar wrote it', () => {
  it('says the day, the week and the month in French', () => {
    expect(periodTitle('jour', '2026-11-29', 'fr')).toBe('29 novembre 2026');
    expect(periodTitle('semaine', '2026-11-26', 'fr')).toBe('23–29 nov. 2026');
    expect(periodTitle('liste', '2026-12-01', 'fr')).toBe('30 nov.\u2009–\u20096 déc. 2026');
    expect(periodTitle('semaine', '2026-12-30', 'fr')).toBe('28 déc. 2026\u2009–\u20093 janv. 2027');
    expect(periodTitle('mois', '2026-11-29', 'fr')).toBe('novembre 2026');
  });

  it('follows the interface language, Arabic with the Latin digits of every date of the app', () => {
    expect(periodTitle('jour', '2026-11-29', 'en')).toBe('29 November 2026');
    expect(periodTitle('mois', '2026-11-29', 'tr')).toBe('Kasım 2026');
    expect(periodTitle('jour', '2026-11-29', 'ar')).toMatch(/^29 .+ 2026$/);
    expect(periodTitle('semaine', '2026-11-29', 'ar')).toMatch(/^23[\s\u2009]*–[\s\u2009]*29 /);
  });

  it('cuts out a range of days, which is isolated left to right', () => {
    expect(splitDayRange('23–29 نوفمبر 2026')).toEqual(['', '23–29', ' نوفمبر 2026']);
    expect(splitDayRange('23\u2009–\u200929 Nov 2026')).toEqual(['', '23\u2009–\u200929', ' Nov 2026']);
    // Two months: no range of days to keep whole (each date stands on its own).
    expect(splitDayRange('30 nov. – 6 déc. 2026')).toEqual(['30 nov. – 6 déc. 2026', '', '']);
    expect(splitDayRange('29 novembre 2026')).toEqual(['29 novembre 2026', '', '']);
  });
});
