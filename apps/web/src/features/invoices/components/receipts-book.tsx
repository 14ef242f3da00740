import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { can } from '@wellbe/shared/permissions';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateLocalization } from '../../../components/date-localization.tsx';
import { Ltr } from '../../../components/ltr.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { formatDate, todayInDisplayZone } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useReceiptsBook } from '../api/invoices.ts';
import { Money } from './money.tsx';
import { TableRegion } from './table-region.tsx';

/**
 * A day of the period, typed or picked as DD/MM/YYYY (the days are the practice's, computed in its zone).
 * While the typed date is incomplete the period keeps its last whole day, so no request goes out for half a date.
 */
function dayField(label: string, day: string, setDay: (day: string) => void) {
  return (
    <DatePicker
      label={label}
      format="DD/MM/YYYY"
      value={dayjs(day)}
      onChange={(v) => {
        if (v && v.isValid()) setDay(v.format('YYYY-MM-DD'));
      }}
      slotProps={{ textField: { size: 'small' } }}
    />
  );
}

/** The livre des recettes of a period (this month by default): every receipt in date order, totals per mode and month, CSV and PDF. */
export function ReceiptsBook() {
  const { t } = useTranslation('invoices');
  const { role } = useSession();
  const today = todayInDisplayZone();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const book = useReceiptsBook({ from, to });
  const fail = (err: Error) => notify(err.message, 'error');
  const file = (format: 'csv' | 'pdf') => downloadFile('/invoices/receipts-book', `livre-des-recettes.${format}`, { from, to, format }).catch(fail);
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <DateLocalization>
          {dayField(t('book.from'), from, setFrom)}
          {dayField(t('book.to'), to, setTo)}
        </DateLocalization>
        <Button variant="outlined" onClick={() => file('csv')}>
          {t('book.csv')}
        </Button>
        <Button variant="outlined" onClick={() => file('pdf')}>
          {t('book.pdf')}
        </Button>
        {can(role, 'invoices') && (
          <Button onClick={() => downloadFile('/invoices/accountant-export', 'export-comptable.csv', { from, to }).catch(fail)}>{t('book.accountant')}</Button>
        )}
      </Box>
      {book.data && book.data.rows.length === 0 && <Typography color="textSecondary">{t('book.empty')}</Typography>}
      {book.data && book.data.rows.length > 0 && (
        <>
          <TableRegion label={t('tabs.book')}>
            <Table size="small" aria-label={t('tabs.book')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('book.date')}</TableCell>
                  <TableCell>{t('columns.patient')}</TableCell>
                  <TableCell>{t('book.invoice')}</TableCell>
                  <TableCell>{t('book.mode')}</TableCell>
                  <TableCell align="right">{t('book.amount')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {book.data.rows.map((r) => (
                  <TableRow key={r.paymentId}>
                    <TableCell>
                      <Ltr>{formatDate(r.day)}</Ltr>
                    </TableCell>
                    <TableCell>{r.patient}</TableCell>
                    <TableCell>
                      <Ltr>{r.invoiceNumber}</Ltr>
                    </TableCell>
                    <TableCell>{t(`payment.modes.${r.mode}`)}</TableCell>
                    <TableCell align="right">
                      <Money cents={r.amountCents} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableRegion>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4, mt: 2 }}>
            <Box>
              <Typography variant="h3" sx={{ fontSize: '1rem' }}>
                {t('book.byMode')}
              </Typography>
              {(['cash', 'cheque', 'card', 'transfer'] as const).map((m) => (
                <Typography key={m}>
                  {t('common:labelled', { label: t(`payment.modes.${m}`) })} <Money cents={book.data.byMode[m]} />
                </Typography>
              ))}
            </Box>
            <Box>
              <Typography variant="h3" sx={{ fontSize: '1rem' }}>
                {t('book.byMonth')}
              </Typography>
              {book.data.byMonth.map((m) => (
                <Typography key={m.month}>
                  <Ltr>{`${m.month.slice(5)}/${m.month.slice(0, 4)}`}</Ltr> : <Money cents={m.totalCents} />
                </Typography>
              ))}
              <Typography sx={{ fontWeight: 700 }} data-testid="book-total">
                {t('common:labelled', { label: t('book.total') })} <Money cents={book.data.totalCents} />
              </Typography>
            </Box>
          </Box>
        </>
      )}
    </Box>
  );
}
