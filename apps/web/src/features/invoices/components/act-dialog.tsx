import { FormControlLabel, Grid, MenuItem, Switch, TextField } from '@mui/material';
import { centsToDecimalComma, eurosInputToCents, VAT_EXEMPT_MENTION } from '@wellbe/shared/domain/money';
import type { Act } from '@wellbe/shared/schemas/invoices';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useSession } from '../../../lib/session.ts';
import { useAppointmentTypeChoices, useSaveAct } from '../api/invoices.ts';

/** An amount field: the text as typed ("25,50") and what it means in integer cents (null while unreadable). */
interface Typed {
  text: string;
  cents: number | null;
}
const typed = (text: string): Typed => ({ text, cents: eurosInputToCents(text) });
const shown = (cents: number | null | undefined): Typed => (cents == null ? { text: '', cents: null } : { text: centsToDecimalComma(cents), cents });
const ltrDecimal = { htmlInput: { inputMode: 'decimal' as const, dir: 'ltr' } };

/**
 * Create or edit an act of the price list. A health act is VAT exempt (the invoice then carries
 * the CGI mention); a non-health service carries a rate, typed in percent with two decimals at most,
 * which is the same grammar as euros and cents: "5,5" % is 550 basis points.
 */
export function ActDialog({ act, onClose }: { act: Act | null; onClose: () => void }) {
  const { t } = useTranslation('invoices');
  const { user } = useSession();
  const save = useSaveAct(act?.id ?? null);
  const [label, setLabel] = useState(act?.label ?? '');
  const [code, setCode] = useState(act?.code ?? '');
  const [price, setPrice] = useState<Typed>(shown(act?.priceCents));
  const [duration, setDuration] = useState(act?.durationMinutes ? String(act.durationMinutes) : '');
  const [vat, setVat] = useState<'exempt' | 'rate'>(act?.vatRateBp ? 'rate' : 'exempt');
  const [rate, setRate] = useState<Typed>(shown(act?.vatRateBp));
  const [personal, setPersonal] = useState(act ? act.practitionerId != null && act.practitionerId === user?.id : false);
  const types = useAppointmentTypeChoices();
  const [typeId, setTypeId] = useState(act?.appointmentTypeId ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!label.trim()) return setError(t('acts.labelRequired'));
    if (price.cents == null) return setError(t('form.amountInvalid'));
    if (vat === 'rate' && (rate.cents == null || rate.cents === 0 || rate.cents > 10_000)) return setError(t('acts.rateInvalid'));
    const minutes = duration.trim() ? Number(duration) : undefined;
    if (minutes !== undefined && !(Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440)) return setError(t('acts.durationInvalid'));
    save.mutate(
      { label: label.trim(), code: code.trim() || undefined, priceCents: price.cents, durationMinutes: minutes, vatRateBp: vat === 'rate' ? rate.cents : null, personal, appointmentTypeId: typeId || null },
      { onSuccess: onClose, onError: (err) => setError(err.message) },
    );
  };
  // The invoice's legal mention (CGI art. 261-4-1°) is printed in French whatever the reader's
  // language: it stays French here too, marked lang="fr" (screen readers, hyphenation) and isolated
  // (<bdi>) so it keeps its own direction in Arabic.
  const vatHelper = vat === 'exempt' ? <bdi lang="fr">{VAT_EXEMPT_MENTION}</bdi> : undefined;
  return (
    <FormDialog title={act ? t('acts.editTitle') : t('acts.newTitle')} busy={save.isPending} error={error} cancelLabel={t('form.cancel')} submitLabel={t('acts.save')} onClose={onClose} onSubmit={submit}>
      <Grid size={{ xs: 12, sm: 8 }}>
        <TextField label={t('form.label')} value={label} onChange={(e) => setLabel(e.target.value)} fullWidth required />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField label={t('acts.code')} value={code} onChange={(e) => setCode(e.target.value)} fullWidth slotProps={{ htmlInput: { dir: 'ltr', maxLength: 20 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('acts.price')} value={price.text} onChange={(e) => setPrice(typed(e.target.value))} fullWidth required slotProps={ltrDecimal} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('acts.duration')} value={duration} onChange={(e) => setDuration(e.target.value)} fullWidth slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField select label={t('acts.vat')} value={vat} onChange={(e) => setVat(e.target.value as 'exempt' | 'rate')} fullWidth helperText={vatHelper}>
          <MenuItem value="exempt">{t('acts.vatExempt')}</MenuItem>
          <MenuItem value="rate">{t('acts.vatRate')}</MenuItem>
        </TextField>
      </Grid>
      {vat === 'rate' && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('acts.rate')} value={rate.text} onChange={(e) => setRate(typed(e.target.value))} fullWidth required slotProps={ltrDecimal} />
        </Grid>
      )}
      <Grid size={12}>
        <TextField select label={t('acts.appointmentType')} value={typeId} onChange={(e) => setTypeId(e.target.value)} fullWidth helperText={t('acts.appointmentTypeHelp')}>
          <MenuItem value="">{t('acts.noAppointmentType')}</MenuItem>
          {(types.data ?? []).filter((ty) => ty.active || ty.id === typeId).map((ty) => (
            <MenuItem key={ty.id} value={ty.id}>
              {ty.label}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={12}>
        <FormControlLabel control={<Switch checked={personal} onChange={(e) => setPersonal(e.target.checked)} />} label={t('acts.personal')} />
      </Grid>
    </FormDialog>
  );
}
