import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Divider, List, ListItem, ListItemText, Typography, useMediaQuery, useTheme } from '@mui/material';
import { can } from '@wellbe/shared/permissions';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '@wellbe/shared/domain/money';
import { Ltr, WithLtr } from '../../../components/ltr.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useCreditNote, useInvoice } from '../api/invoices.ts';
import { Money } from './money.tsx';
import { PaymentForm } from './payment-form.tsx';

/** One invoice: its lines and totals, the PDF, its payments (each with its receipt), a payment form and the credit note. */
export function InvoiceDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('invoices');
  const titleId = useId();
  const { role } = useSession();
  const { data: invoice } = useInvoice(id);
  const credit = useCreditNote(id);
  const writer = can(role, 'invoicesWrite');
  // On a phone the whole screen: its lines, payments and payment form no longer scroll in a box under the actions.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const fail = (err: Error) => notify(err.message, 'error');
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>{invoice ? <WithLtr text={(number) => t('detail.title', { number })} value={invoice.number ?? t('status.draft')} /> : t('form.title')}</DialogTitle>
      <DialogContent>
        {!invoice ? (
          <CircularProgress aria-label={t('form.title')} />
        ) : (
          <>
            <Typography>
              <bdi>{invoice.patient.fullName}</bdi> — <bdi>{invoice.practitioner.fullName}</bdi>
            </Typography>
            <Typography variant="h3" sx={{ fontSize: '1rem', mt: 2 }}>
              {t('detail.lines')}
            </Typography>
            <List dense>
              {invoice.lines.map((l) => (
                <ListItem key={l.id} disableGutters>
                  <ListItemText primary={l.label} secondary={<Ltr>{`${l.quantity} × ${formatEuros(l.unitPriceCents)}`}</Ltr>} />
                  <Money cents={l.totalCents} />
                </ListItem>
              ))}
            </List>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'start', columnGap: 3, rowGap: 0.5 }}>
              <span>{t('detail.total')}</span>
              <Money cents={invoice.totalCents} />
              <span>{t('detail.paid')}</span>
              <Money cents={invoice.paidCents} />
              {invoice.creditedCents > 0 && <span>{t('detail.credited')}</span>}
              {invoice.creditedCents > 0 && <Money cents={invoice.creditedCents} />}
              <strong>{t('detail.balance')}</strong>
              <strong data-testid="invoice-balance">
                <Money cents={invoice.balanceCents} />
              </strong>
            </Box>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {invoice.vatMention}
            </Typography>
            <Divider sx={{ my: 2 }} />
            <Typography variant="h3" sx={{ fontSize: '1rem' }}>
              {t('detail.payments')}
            </Typography>
            {invoice.payments.length === 0 && <Typography color="textSecondary">{t('detail.noPayment')}</Typography>}
            <List dense>
              {invoice.payments.map((p) => (
                <ListItem key={p.id} disableGutters sx={{ gap: 2, flexWrap: 'wrap' }}>
                  <ListItemText primary={<Money cents={p.amountCents} />} secondary={<>{t(`payment.modes.${p.mode}`)} — <Ltr>{formatDateTime(p.paidAt)}</Ltr></>} />
                  <Button size="small" onClick={() => downloadFile(`/invoices/${invoice.id}/payments/${p.id}/receipt`, 'recu.pdf').catch(fail)}>
                    {t('detail.receipt')}
                  </Button>
                </ListItem>
              ))}
            </List>
            {writer && invoice.status === 'issued' && invoice.balanceCents > 0 && <PaymentForm invoiceId={invoice.id} balanceCents={invoice.balanceCents} />}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {invoice?.number && <Button onClick={() => downloadFile(`/invoices/${id}/pdf`, 'facture.pdf').catch(fail)}>{t('detail.pdf')}</Button>}
        {writer && invoice && invoice.status !== 'draft' && invoice.creditedCents < invoice.totalCents && (
          <Button disabled={credit.isPending} onClick={() => credit.mutate({}, { onSuccess: (r) => notify(t('detail.creditDone', { number: r.creditNote.number }), 'success'), onError: fail })}>
            {t('detail.creditNote')}
          </Button>
        )}
        <Button onClick={onClose}>{t('detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
