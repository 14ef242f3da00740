import { describe, expect, it } from 'vitest';
import { CONSULTATION_BODY_LIMIT, RICH_TEXT_MAX } from '../schemas/consultations.ts';
import { applyAnalgesicRule, hasDieteticFields, isBlankRichText, isConsultationEmpty, isDay, PAIN_START_MESSAGES, painStartDay, painStartError } from './consultation.ts';

describe('emptiness rule (SPEC §5)', () => {
  it('ignores date, pain location and intensity, analgesic, efficacy and the pain start date', () => {
    expect(isConsultationEmpty({})).toBe(true);
    const ignored = { dolorLocation: 'Dorsal', dolorIntensity: '3-4', antalgesicTreatment: 'Oui', treatmentEfficacy: 'Oui', startEradiationDate: '2026-01-02', ConsultationDate: 'x' };
    expect(isConsultationEmpty(ignored as never)).toBe(true);
  });

  it('counts an empty editor as empty and any text as content', () => {
    expect(isConsultationEmpty({ ConsultationNote: '<p></p>', Diagnostic: '<p> &nbsp;</p>' })).toBe(true);
    expect(isConsultationEmpty({ Diagnostic: '<p>Lombalgie</p>' })).toBe(false);
  });

  it('counts a size, a weight, a prevention or a dietetic text', () => {
    expect(isConsultationEmpty({ Size: 170 })).toBe(false);
    expect(isConsultationEmpty({ Weight: '' })).toBe(true);
    expect(isConsultationEmpty({ prevention2: 'Marche quotidienne' })).toBe(false);
    expect(isConsultationEmpty({ snack: '  ' })).toBe(true);
    expect(isConsultationEmpty({ dislikes: 'Endives' })).toBe(false);
  });
});

describe('analgesic rule (SPEC §4)', () => {
  it('blanks the name and resets efficacy for Non and Non renseigné', () => {
    for (const antalgesicTreatment of ['Non', 'Non renseigné']) {
      expect(applyAnalgesicRule({ antalgesicTreatment, treatmentName: 'Paracétamol', treatmentEfficacy: 'Oui' })).toEqual({
        antalgesicTreatment,
        treatmentName: '',
        treatmentEfficacy: 'Non renseigné',
      });
    }
  });

  it('keeps name and efficacy for Oui', () => {
    const values = { antalgesicTreatment: 'Oui', treatmentName: 'Paracétamol', treatmentEfficacy: 'Non' };
    expect(applyAnalgesicRule(values)).toEqual(values);
  });
});

describe('pain start date (SPEC §5)', () => {
  const today = new Date(2026, 10, 21, 9, 30);
  it('keeps a valid YYYY-MM-DD day', () => {
    expect(painStartDay('2026-03-04', today)).toBe('2026-03-04');
    expect(painStartDay(new Date(2025, 0, 31), today)).toBe('2025-01-31');
  });

  it('falls back to today when invalid or missing', () => {
    expect(painStartDay('2026-02-30', today)).toBe('2026-11-21');
    expect(painStartDay('04/03/2026', today)).toBe('2026-11-21');
    expect(painStartDay(null, today)).toBe('2026-11-21');
    expect(painStartDay(new Date('nope'), today)).toBe('2026-11-21');
    expect(isDay('2024-02-29')).toBe(true);
  });
});

describe('dietetic fields (SPEC §7)', () => {
  it('are sent for every specialist but 1', () => {
    expect(hasDieteticFields(1)).toBe(false);
    expect(hasDieteticFields(2)).toBe(true);
    expect(hasDieteticFields(null)).toBe(false);
  });
});

describe('isBlankRichText', () => {
  it('reads tags, spaces and entities like the editor shows them', () => {
    expect(isBlankRichText('<p></p>')).toBe(true);
    expect(isBlankRichText('<p>&nbsp; &#160;</p><br/>')).toBe(true);
    expect(isBlankRichText(null)).toBe(true);
    expect(isBlankRichText('<p>x</p>')).toBe(false);
    expect(isBlankRichText('<p a="1<2">&amp;</p>')).toBe(false);
    // An unclosed '<' is text, as a browser shows it.
    expect(isBlankRichText('<p></p>< ')).toBe(false);
    expect(isBlankRichText('a < b')).toBe(false);
  });

  it('reads a note full of unclosed "<" as large as a request may carry, in one pass', () => {
    // The shape that made /<[^>]*>/g quadratic: a 198 kB note of '<' with no '>' took 4.5 s. The
    // results are what the regular expression gave. The last one is a whole consultation body at
    // its limit: quadratic, it would not finish within the test's time.
    const size = RICH_TEXT_MAX - 10;
    expect(size).toBeLessThan(RICH_TEXT_MAX);
    expect(isBlankRichText('<'.repeat(size))).toBe(false);
    expect(isBlankRichText('<p>' + '<'.repeat(size) + '></p>')).toBe(true);
    expect(isBlankRichText('<'.repeat(size) + '>x')).toBe(false);
    expect(isBlankRichText('<'.repeat(CONSULTATION_BODY_LIMIT))).toBe(false);
    expect(isConsultationEmpty({ ConsultationNote: '<'.repeat(size), Diagnostic: '<'.repeat(size), HealthCareCategory: '<'.repeat(size) })).toBe(false);
  });
});

describe('pain start date', () => {
  const today = new Date(2026, 10, 23);
  it('refuses a future day, a day before birth and a day before 1900, with French messages', () => {
    expect(painStartError('2026-11-24', { today })).toBe(PAIN_START_MESSAGES.future);
    expect(painStartError('1990-05-01', { birthDate: '1992-03-04', today })).toBe(PAIN_START_MESSAGES.beforeBirth);
    expect(painStartError('1800-01-01', { today })).toBe(PAIN_START_MESSAGES.tooOld);
    expect(painStartError('2026-02-30', { today })).toBe(PAIN_START_MESSAGES.invalid);
  });
  it('accepts today, a past day after birth, and an empty day', () => {
    expect(painStartError('2026-11-23', { today })).toBeUndefined();
    expect(painStartError('1992-03-04', { birthDate: '1992-03-04', today })).toBeUndefined();
    expect(painStartError('', { today })).toBeUndefined();
  });
});
