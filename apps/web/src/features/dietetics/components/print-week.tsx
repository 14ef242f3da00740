import { Box, GlobalStyles, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { MEALS } from '@wellbe/shared/domain/dietetics';
import type { MenuWeek, ResolvedLine } from '@wellbe/shared/schemas/dietetics';
import { formatDate } from '../../../lib/format.ts';
import { PrintLetterhead } from '../../../components/print-letterhead.tsx';
import { Quantity, useNumber } from './nutrients.tsx';

function LineText({ line }: { line: ResolvedLine }) {
  return (
    <Box component="li" sx={{ mb: 0.25 }}>
      {line.name}{' '}
      <span style={{ color: '#555' }}>
        (<Quantity line={line} />)
      </span>
    </Box>
  );
}

/**
 * The week's menu for the patient, as a clean A4 page (landscape) with the practice's letterhead:
 * the browser's print (or "save as PDF") gives the document; the app's chrome is hidden in print.
 */
export function PrintWeek({ week }: { week: MenuWeek }) {
  const { t } = useTranslation('dietetics');
  const num = useNumber();
  const from = week.days[0].day;
  const to = week.days[week.days.length - 1].day;
  return (
    <Box data-testid="print-week" sx={{ bgcolor: '#fff', color: '#000', p: { xs: 1, md: 3 }, maxWidth: '297mm', mx: 'auto' }}>
      <GlobalStyles
        styles={{
          '@page': { size: 'A4 landscape', margin: '12mm' },
          '@media print': {
            'header, nav, aside, footer, .MuiDrawer-root, .MuiAppBar-root, .MuiFab-root, [data-print-hide]': { display: 'none !important' },
            'main, body': { margin: '0 !important', padding: '0 !important', background: '#fff !important' },
          },
        }}
      />
      <PrintLetterhead printLabel={t('print.print')} />
      <Typography variant="h1" sx={{ fontSize: 22, mb: 0.5 }}>
        {t('print.title', { from: formatDate(from), to: formatDate(to) })}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('print.for', { name: week.patient.FullName })}</Typography>
      <Table size="small" sx={{ '& td, & th': { border: '1px solid #bbb', verticalAlign: 'top', fontSize: 12, p: 0.75 } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('print.day')}
            </TableCell>
            {MEALS.map((m) => (
              <TableCell key={m} component="th" scope="col">
                {t(`meals.${m}`)}
              </TableCell>
            ))}
            <TableCell component="th" scope="col">
              {t('nutrients.energy')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {week.days.map((d, k) => (
            <TableRow key={d.day}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {t(`weekdays.${k}`)} {formatDate(d.day)}
              </TableCell>
              {MEALS.map((m) => (
                <TableCell key={m}>
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {d.meals[m].items.map((l, i) => (
                      <LineText key={i} line={l} />
                    ))}
                  </Box>
                </TableCell>
              ))}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('units.kcal', { n: num(d.totals.energyKcal, 0) })}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {week.targets.basis !== 'missing' && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('print.target', { kcal: num(week.targets.energyKcal, 0) })}
        </Typography>
      )}
      <Typography variant="caption" component="p" sx={{ mt: 2, color: '#444' }}>
        {t('ciqualSource')}
      </Typography>
    </Box>
  );
}
