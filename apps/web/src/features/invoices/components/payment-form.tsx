import { Alert, Box, Button, MenuItem, TextField } from '@mui/material';
import { eurosInputToCents, PAYMENT_MODES, type PaymentMode } from '@wellbe/shared/domain/money';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { useAddPayment } from '../api/invoices.ts';

/** 'Enregistrer un paiement': an amount (partial or the rest), a mode, the cheque's number and bank. */
export function PaymentForm({ invoiceId, balanceCents }: { invoiceId: string; balanceCents: number }) {
  const { t } = useTranslation('invoices');
  const pay = useAddPayment(invoiceId);
  const [amount, setAmount] = useState((balanceCents / 100).toFixed(2).replace('.', ','));
  const [mode, setMode] = useState<PaymentMode>('card');
  const [reference, setReference] = useState('');
  const [bank, setBank] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amountCents = eurosInputToCents(amount);
    if (!amountCents) return setError(t('form.amountInvalid'));
    setError(null);
    pay.mutate(
      { amountCents, mode, reference: reference || undefined, bank: mode === 'cheque' ? bank || undefined : undefined },
      {
        onSuccess: (r) => {
          notify(t('payment.done'), 'success');
          setAmount((r.invoice.balanceCents / 100).toFixed(2).replace('.', ','));
          setReference('');
          setBank('');
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('payment.title')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mt: 1 }}>
      {error && (
        <Alert severity="error" sx={{ width: '100%' }}>
          {error}
        </Alert>
      )}
      <TextField size="small" label={t('payment.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }} sx={{ width: 140 }} />
      <TextField size="small" select label={t('payment.mode')} value={mode} onChange={(e) => setMode(e.target.value as PaymentMode)} sx={{ width: 170 }}>
        {PAYMENT_MODES.map((m) => (
          <MenuItem key={m} value={m}>
            {t(`payment.modes.${m}`)}
          </MenuItem>
        ))}
      </TextField>
      {mode !== 'cash' && <TextField size="small" label={t('payment.reference')} value={reference} onChange={(e) => setReference(e.target.value)} sx={{ width: 170 }} />}
      {mode === 'cheque' && <TextField size="small" label={t('payment.bank')} value={bank} onChange={(e) => setBank(e.target.value)} sx={{ width: 170 }} />}
      <Button type="submit" variant="contained" disabled={pay.isPending}>
        {t('payment.submit')}
      </Button>
    </Box>
  );
}
