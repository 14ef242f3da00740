import { Box, GlobalStyles, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SportProgram } from '@wellbe/shared/schemas/sport';
import { formatDate } from '../../../lib/format.ts';
import { PrintLetterhead } from '../../../components/print-letterhead.tsx';
import { useDoseText } from './dose.tsx';

/**
 * The program for the patient as a clean A4 page in French, with the practice's letterhead: one
 * exercise per row with its dose and its instructions. The browser's print gives the PDF.
 */
export function PrintProgram({ program }: { program: SportProgram }) {
  const { t } = useTranslation('sport');
  const dose = useDoseText();
  return (
    <Box data-testid="print-program" lang="fr" dir="ltr" sx={{ bgcolor: '#fff', color: '#000', p: { xs: 1, md: 3 }, maxWidth: '210mm', mx: 'auto' }}>
      <GlobalStyles
        styles={{
          '@page': { size: 'A4 portrait', margin: '12mm' },
          '@media print': {
            'header, nav, aside, footer, .MuiDrawer-root, .MuiAppBar-root, .MuiFab-root, [data-print-hide]': { display: 'none !important' },
            'main, body': { margin: '0 !important', padding: '0 !important', background: '#fff !important' },
            tr: { breakInside: 'avoid' },
          },
        }}
      />
      <PrintLetterhead printLabel={t('print.print')} />
      <Typography variant="h1" sx={{ fontSize: 22, mb: 0.5 }}>
        {program.name}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {program.patient ? t('print.for', { name: program.patient.FullName }) + ' · ' : ''}
        {program.startDate ? t('print.from', { from: formatDate(program.startDate), to: formatDate(program.endDate) }) + ' · ' : ''}
        {t('print.rhythm', { weeks: program.weeks, perWeek: program.sessionsPerWeek })}
      </Typography>
      {program.description && <Typography sx={{ mb: 2 }}>{program.description}</Typography>}
      {program.sessions.map((s) => (
        <Box key={s.id} component="section" sx={{ mb: 2 }}>
          <Typography variant="h2" sx={{ fontSize: 17, fontWeight: 700, mb: 0.5 }}>
            {s.name}
          </Typography>
          <Table size="small" sx={{ '& td, & th': { color: '#000', borderColor: '#999', verticalAlign: 'top' } }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '30%' }}>{t('print.exercise')}</TableCell>
                <TableCell sx={{ width: '22%' }}>{t('print.dose')}</TableCell>
                <TableCell>{t('print.instructions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {s.exercises.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>
                    <strong lang={e.exercise.translated ? 'fr' : 'en'}>{e.exercise.name}</strong>
                    {e.notes && <div>{e.notes}</div>}
                  </TableCell>
                  <TableCell>{dose(e)}</TableCell>
                  <TableCell>
                    <ol style={{ margin: 0, paddingInlineStart: 18 }} lang={e.exercise.translated ? 'fr' : 'en'}>
                      {e.exercise.instructions.map((step, i) => (
                        <li key={i}>{step}</li>
                      ))}
                    </ol>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ))}
      <Typography variant="body2" sx={{ mt: 2, borderTop: '1px solid #999', pt: 1 }}>
        {t('print.footer')}
      </Typography>
    </Box>
  );
}
