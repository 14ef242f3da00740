import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../i18n/i18n.ts';
import { setDisplayTimeZone } from '../../lib/format.ts';
import { renderAs } from '../../test/render.tsx';
import { FileTitle } from './components/file-title.tsx';

// The file's title says the patient's age on today's date in the practice's calendar, whatever the
// browser's clock says: a practice on Kiritimati (UTC+14) is already on the birthday at 00:30 while a
// browser in Europe or in UTC still reads the day before (a zone no test machine is in).

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  vi.useRealTimers();
  setDisplayTimeZone('Europe/Paris');
});

const identity = (birthDate: string) => ({ FullName: 'Lucas Bernard', birthDate, PhoneNumber: '06 45 12 78 90', Email: 'lucas@example.org' }) as Parameters<typeof FileTitle>[0]['identity'];

describe('the patient file’s title', () => {
  // 29/11/2026 00:30 on Kiritimati is 28/11 10:30 in UTC; an hour earlier the birthday has not begun there.
  it.each([
    ['from the practice’s midnight', '2026-11-28T10:30:00Z', '(36 ans)'],
    ['not before it', '2026-11-28T09:30:00Z', '(35 ans)'],
  ])('counts the birthday %s', async (_when, now, age) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    setDisplayTimeZone('Pacific/Kiritimati');
    renderAs('PR', <FileTitle identity={identity('1990-11-29')} isOwnFile={false} />);
    expect(await screen.findByText(/Date de naissance/)).toHaveTextContent(age);
  });
});
