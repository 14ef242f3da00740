import { useTranslation } from 'react-i18next';
import { STAT_SECRET, type StatCount } from '@wellbe/shared/schemas/statistics';

/**
 * A count of /statistics as read: the number, "< 5", or the word for a count hidden so that no
 * "< 5" can be computed back from the totals (issue 29), in the reader's language.
 */
export function useCountLabel(): (c: StatCount) => number | string {
  const { t } = useTranslation('statistics');
  return (c) => (c === STAT_SECRET ? t('secret') : c);
}
