import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { AvailabilitySection } from './availability-section.tsx';

textsInEachLanguage(['agenda']);

const RULE = { rrule: 'FREQ=WEEKLY;BYDAY=WE', since: '2026-03-04', start: '09:00', end: '12:00' };

describe('a recurring availability’s line', () => {
  // Arabic read « 12:00–09:00 »: the range is isolated left to right (U+2066 … U+2069) in the
  // translation, as the bidi algorithm turns the dash between two numbers to the sentence's side.
  it('keeps its time range left to right in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    render(<AvailabilitySection rules={[RULE]} disabled onChange={async () => true} />);
    expect(screen.getByRole('listitem').textContent).toContain('\u206609:00–12:00\u2069');
  });

  it('adds nothing in French', () => {
    render(<AvailabilitySection rules={[RULE]} disabled onChange={async () => true} />);
    expect(screen.getByRole('listitem').textContent).toContain('09:00–12:00');
    expect(screen.getByRole('listitem').textContent).not.toMatch(/[\u2066\u2069]/);
  });
});
