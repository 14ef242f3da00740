import { DEFAULT_TIME_ZONE } from '@wellbe/shared/domain/dates';
import { todayIn } from '@wellbe/shared/domain/zoned';

// lib/intl-warm.ts: makes the formatters the first screens use (the organisation zone's parts of
// packages/shared's zoned.ts, numbers in French and in the page's language) so that the
// process-wide locale and zone data is loaded here, off the main thread, then closes.

export interface IntlWarmRequest {
  /** The page's language (its <html lang>). */
  locale: string;
}

// (`self` is typed as a window by the app's DOM types: its onmessage and close() are the same here.)
self.onmessage = (event: MessageEvent<IntlWarmRequest>) => {
  const { locale } = event.data;
  try {
    // The organisation's zone is not known yet: the default one (the data loaded is the same).
    todayIn(DEFAULT_TIME_ZONE, Date.now());
    new Intl.NumberFormat('fr-FR').format(1.5);
    if (locale !== 'fr') new Intl.NumberFormat(locale).format(1.5);
  } finally {
    self.close();
  }
};
