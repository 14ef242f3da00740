import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, frFR, trTR, type PickersLocaleText } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import ar from 'dayjs/locale/ar';
import enGb from 'dayjs/locale/en-gb';
import fr from 'dayjs/locale/fr';
import tr from 'dayjs/locale/tr';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { arPickers } from './pickers-ar.ts';

// A picker given `timezone` (the organisation's) shows and returns that zone's wall-clock time
// whatever the browser's zone: MUI X needs dayjs's utc and timezone plugins for it.
dayjs.extend(utc);
dayjs.extend(timezone);

const ownTexts = (locale: typeof frFR): Partial<PickersLocaleText> => locale.components.MuiLocalizationProvider.defaultProps.localeText;
// MUI X has no Arabic texts: ours (pickers-ar.ts).
const TEXTS = { fr: ownTexts(frFR), en: ownTexts(enUS), tr: ownTexts(trTR), ar: arPickers } as const;

/**
 * The calendar's names (months, days) in the interface language, with what SPEC §1 fixes for all:
 * DD/MM/YYYY and 24-hour times (French formats), weeks from Monday (Arabic's starts on Saturday),
 * Western digits. Each language had French names before ("1 déc. 2026" read in English).
 */
function pickerLocale(base: ILocale, name: string): string {
  dayjs.locale({ ...base, name, formats: fr.formats, weekStart: 1, preparse: undefined, postformat: undefined } as ILocale, undefined, true);
  return name;
}
const LOCALES = { fr: 'fr', en: pickerLocale(enGb, 'wellbe-en'), tr: pickerLocale(tr, 'wellbe-tr'), ar: pickerLocale(ar, 'wellbe-ar') } as const;

/**
 * Every date picker of the app: dates typed and shown as DD/MM/YYYY (SPEC §1), with the pickers'
 * own texts (mask JJ/MM/AAAA, buttons, labels) and the calendar's names in the interface language.
 */
export function DateLocalization({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = (i18n.language?.slice(0, 2) ?? 'fr') as keyof typeof TEXTS;
  const texts = TEXTS[language] ?? TEXTS.fr;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={LOCALES[language] ?? 'fr'} localeText={texts}>
      {children}
    </LocalizationProvider>
  );
}
