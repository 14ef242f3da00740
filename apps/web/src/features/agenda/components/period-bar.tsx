import { Box, Button, IconButton, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslation } from 'react-i18next';
import { weekdayOf } from '@wellbe/shared/domain/zoned';
import { FLIP_IN_RTL } from '../../../components/flip-in-rtl.ts';
import { Ltr } from '../../../components/ltr.tsx';
import { formatDate } from '../../../lib/format.ts';
import { periodHolds, periodTitle, shiftPeriod, splitDayRange } from '../lib/period.ts';
import type { ViewName } from '../lib/period.ts';

/**
 * The calendar's own toolbar: the period before, after, today's, and the period's title (the
 * screen's largest text). Drawn by the page from the address alone, where FullCalendar's toolbar
 * waited for FullCalendar's chunk (~65 KB) and its first render: on a phone the title is painted
 * with the page and the grid follows (issue 31). `columns`: the day view of several practitioners,
 * whose buttons say « Jour précédent », « Jour suivant ».
 */
export function PeriodBar({ view, date, today, columns, onDate }: { view: ViewName; date: string; today: string; columns: boolean; onDate: (day: string) => void }) {
  const { t, i18n } = useTranslation('agenda');
  const labels = columns ? 'columns' : 'calendar';
  // The columns' day as they always wrote it (« dimanche 29/11/2026 »), a single calendar's period as FullCalendar did.
  const [before, range, after] = columns ? [`${t(`days.${weekdayOf(date)}`)} `, formatDate(date), ''] : splitDayRange(periodTitle(view, date, (i18n.language ?? 'fr').slice(0, 2)));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
      <IconButton aria-label={t(`${labels}.previous`)} onClick={() => onDate(shiftPeriod(view, date, -1))}>
        <ChevronLeftIcon sx={FLIP_IN_RTL} />
      </IconButton>
      <IconButton aria-label={t(`${labels}.next`)} onClick={() => onDate(shiftPeriod(view, date, 1))}>
        <ChevronRightIcon sx={FLIP_IN_RTL} />
      </IconButton>
      <Button size="small" variant="outlined" onClick={() => onDate(shiftPeriod(view, today, 0))} disabled={periodHolds(view, date, today)}>
        {t(`${labels}.today`)}
      </Button>
      <Typography variant="h2" sx={{ fontSize: { xs: '1.3rem', sm: '1.5rem' }, flex: '1 1 auto', textAlign: 'center', minWidth: 'max-content' }}>
        {before}
        {range && <Ltr>{range}</Ltr>}
        {after}
      </Typography>
    </Box>
  );
}
