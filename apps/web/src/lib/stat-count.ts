import { useTranslation } from 'react-i18next';
// The domain module, not the statistics schemas: those build zod schemas, and this runs on the
// dashboard's first screen, which loads no zod (bundle-budget.test.ts).
import { STAT_SECRET, type StatCount } from '@wellbe/shared/domain/disclosure';

/**
 * A count of /statistics as read: the number, "< 5", or the word for a count hidden so that no
 * "< 5" can be computed back from the totals (issue 29), in the reader's language. The word is a
 * common text: the dashboard's cards show such counts without loading the statistics texts.
 */
export function useCountLabel(): (c: StatCount) => number | string {
  const { t } = useTranslation('common');
  return (c) => (c === STAT_SECRET ? t('statSecret') : c);
}
