import { Grid, MenuItem, TextField } from '@mui/material';
import { eurosInputToCents } from '@wellbe/shared/domain/money';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { PatientPicker, type PickedPatient } from '../../../components/patient-picker.tsx';
import { notify } from '../../../lib/notify.ts';
import { useActs, useAppointmentOf, useCreateInvoice } from '../api/invoices.ts';
import { Money } from './money.tsx';

export interface InvoiceStart {
  patient: PickedPatient | null;
  appointmentId?: string;
  consultationId?: string;
}

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** 'Facturer': one line (an act of the price list or a free label), issued at once with its number. */
export function NewInvoiceDialog({ start, onClose, onIssued }: { start: InvoiceStart; onClose: () => void; onIssued: (id: string) => void }) {
  const { t } = useTranslation('invoices');
  const acts = useActs();
  const create = useCreateInvoice();
  const [patient, setPatient] = useState<PickedPatient | null>(start.patient);
  const [actId, setActId] = useState('');
  const [label, setLabel] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const [discount, setDiscount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const appointment = useAppointmentOf(start.appointmentId);
  const [prefilled, setPrefilled] = useState(false);
  const pickAct = (id: string) => {
    setActId(id);
    const act = acts.data?.find((a) => a.id === id);
    if (act) {
      setLabel(act.label);
      setPrice(euros(act.priceCents));
    }
  };
  // Invoicing an appointment: its type's default act fills the line once, as if picked; still changeable.
  const typeId = appointment.data?.typeId;
  const defaultAct = typeId ? acts.data?.find((a) => a.appointmentTypeId === typeId) : undefined;
  useEffect(() => {
    if (prefilled || !defaultAct || actId || label) return;
    setPrefilled(true);
    setActId(defaultAct.id);
    setLabel(defaultAct.label);
    setPrice(euros(defaultAct.priceCents));
  }, [prefilled, defaultAct, actId, label]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const unitPriceCents = eurosInputToCents(price);
    const discountCents = discount ? eurosInputToCents(discount) : 0;
    if (!patient) return setError(t('form.patientRequired'));
    if (unitPriceCents == null || discountCents == null) return setError(t('form.amountInvalid'));
    const line = { actId: actId || undefined, label, quantity: Number(quantity), unitPriceCents, discountCents: discountCents || undefined };
    create.mutate(
      { patientId: patient.idPatient, appointmentId: start.appointmentId, consultationId: start.consultationId, lines: [line], issue: true },
      {
        onSuccess: (invoice) => {
          notify(t('created', { number: invoice.number }), 'success');
          onIssued(invoice.id);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <FormDialog title={t('form.title')} busy={create.isPending} error={error} cancelLabel={t('form.cancel')} submitLabel={t('form.issue')} onClose={onClose} onSubmit={submit}>
      <Grid size={12}>
        {start.patient ? (
          <TextField label={t('form.patient')} value={start.patient.FullName} fullWidth slotProps={{ input: { readOnly: true } }} />
        ) : (
          <PatientPicker value={patient} onChange={setPatient} fullWidth label={t('form.patient')} noOptionsText={t('form.noPatient')} />
        )}
      </Grid>
      <Grid size={12}>
        <TextField select label={t('form.act')} value={actId} onChange={(e) => pickAct(e.target.value)} fullWidth>
          <MenuItem value="">{t('form.freeAct')}</MenuItem>
          {(acts.data ?? []).map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.label} — <Money cents={a.priceCents} />
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={12}>
        <TextField label={t('form.label')} value={label} onChange={(e) => setLabel(e.target.value)} fullWidth required />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField label={t('form.quantity')} value={quantity} onChange={(e) => setQuantity(e.target.value)} fullWidth slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField label={t('form.unitPrice')} value={price} onChange={(e) => setPrice(e.target.value)} fullWidth required slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField label={t('form.discount')} value={discount} onChange={(e) => setDiscount(e.target.value)} fullWidth slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }} />
      </Grid>
    </FormDialog>
  );
}
