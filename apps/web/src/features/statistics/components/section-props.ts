import type { StatBucket, StatTable, Statistics } from '@wellbe/shared/schemas/statistics';

/** What each section of the statistics page receives from the page. */
export interface StatisticsSectionProps {
  data: Statistics;
  bucket: StatBucket;
  maskedNote: string;
  onExport: (table: StatTable) => void;
}
