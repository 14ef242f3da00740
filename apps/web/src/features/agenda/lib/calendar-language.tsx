import type FullCalendar from '@fullcalendar/react';
import arLocale from '@fullcalendar/react/locales/ar';
import enGbLocale from '@fullcalendar/react/locales/en-gb';
import frLocale from '@fullcalendar/react/locales/fr';
import trLocale from '@fullcalendar/react/locales/tr';
import { useTheme } from '@mui/material';
import { useMemo, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr.tsx';

type CalendarProps = ComponentProps<typeof FullCalendar>;

// FullCalendar in the interface language (its buttons, weekday and month names), with British
// English for `en` (Monday first, like the practice's week). Arabic keeps the Latin digits every
// other date of the app is written in (DD/MM/YYYY), hence its `nu-latn` numbering.
const LOCALES = { fr: frLocale, en: enGbLocale, tr: trLocale, ar: { ...arLocale, code: 'ar-u-nu-latn' } } as const;

/** Hours as the practice writes them in every language: 09:00, never 9am or "09 h". */
export const HOURS = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/**
 * A time grid's slot label: HH:MM of the slot's wall-clock time in the calendar's zone, what HOURS
 * writes in the four languages (calendar-language.test.ts; midnight 00:00, where `hour12: false`
 * wrote 24:00 in Arabic), without Intl. FullCalendar makes a new
 * formatter from a format object for each label it draws, and each built its Intl format: 448 on a
 * phone's first load of the day view, 150 ms at Lighthouse's 4× (issue 31); a function is called as it is.
 */
export function slotLabel({ date }: { date: { hour: number; minute: number } }): string {
  return `${String(date.hour).padStart(2, '0')}:${String(date.minute).padStart(2, '0')}`;
}

/** Marks Intl puts around numbers in Arabic; inside an isolate they would only reorder them. */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * A day header ("mar. 19/01", "الثلاثاء، 19/01") with its numeric date isolated left to right, as
 * every DD/MM/YYYY of the app: in Arabic it reads 19/01, not 01/19. A date written in words is left as is.
 */
function isolateNumbers(parts: { type: string; value: string }[], text: string): ReactNode {
  const numeric = (p: { type: string; value: string }) => (p.type === 'day' || p.type === 'month' || p.type === 'year') && /^\d+$/.test(p.value);
  let first = -1;
  let last = -1;
  parts.forEach((p, i) => {
    if (!numeric(p)) return;
    if (first < 0) first = i;
    last = i;
  });
  if (first < 0) return text;
  const join = (slice: { value: string }[]) => slice.map((p) => p.value).join('');
  // One span: FullCalendar lays the header's children out as a column, which would break the line.
  return (
    <span>
      {join(parts.slice(0, first))}
      <Ltr>{join(parts.slice(first, last + 1)).replace(BIDI_MARKS, '')}</Ltr>
      {join(parts.slice(last + 1))}
    </span>
  );
}

/**
 * What every calendar of the agenda needs to follow the language: locale, direction, the toolbar's
 * texts from our bundles, and 24-hour times. In Arabic (right to left) times and time ranges are
 * isolated left to right ("09:00 – 09:30", not "09:30 – 09:00"), and a title takes its direction
 * from its own text, so a Latin name starts at the left edge and is never clipped at its first letters.
 */
export function useCalendarLanguage(): Partial<CalendarProps> {
  const { t, i18n } = useTranslation('agenda');
  const direction = useTheme().direction;
  const language = (i18n.language ?? 'fr').slice(0, 2);
  return useMemo<Partial<CalendarProps>>(
    () => ({
      locale: LOCALES[language as keyof typeof LOCALES] ?? frLocale,
      direction,
      todayText: t('calendar.today'),
      prevText: t('calendar.previous'),
      nextText: t('calendar.next'),
      noEventsText: t('calendar.noEvents'),
      // The buttons' accessible names hold their visible words (WCAG 2.5.3): not "This Week" for "Today".
      todayHint: t('calendar.today'),
      prevHint: t('calendar.previous'),
      nextHint: t('calendar.next'),
      slotHeaderFormat: slotLabel,
      eventTimeFormat: HOURS,
      slotHeaderContent: (arg) => <Ltr>{arg.text}</Ltr>,
      dayHeaderContent: (arg) => isolateNumbers(arg.textParts, arg.text),
      eventContent: (arg) => (
        <>
          {arg.timeText && (
            <div className={arg.timeClass}>
              <Ltr>{arg.timeText}</Ltr>
            </div>
          )}
          <div className={arg.titleClass} dir="auto" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {arg.event.title || '\u00a0'}
          </div>
        </>
      ),
    }),
    [language, direction, t],
  );
}
