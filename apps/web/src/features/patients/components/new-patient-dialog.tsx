import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { patientCreateSchema, type PatientCreate } from '@wellbe/shared/schemas/patients';
import { translateMessage } from '../../../lib/messages.ts';
import { useCreatePatient } from '../api/patient-writes.ts';
import { PATIENT_KEYS } from '../../../lib/patient-messages.ts';

/** 'Nouveau patient': the same fields, rules and messages as the consultation panel (SPEC §5). */
export function NewPatientDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (idPatient: string) => void }) {
  const { t } = useTranslation('patients');
  const titleId = useId();
  const create = useCreatePatient();
  const { register, handleSubmit, watch, formState } = useForm<PatientCreate>({
    resolver: zodResolver(patientCreateSchema),
    defaultValues: { FullName: '', PhoneNumber: '', Email: '' },
    mode: 'onTouched',
  });
  const [name, phone, email] = watch(['FullName', 'PhoneNumber', 'Email']);
  // SPEC §5: create is disabled while the name, phone or email is empty.
  const incomplete = !name.trim() || !phone.trim() || !email.trim();
  const submit = handleSubmit((values) => create.mutate(values, { onSuccess: (answer) => onCreated(answer.idPatient) }));

  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{t('create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {create.isError && <Alert severity="error">{translateMessage(t, PATIENT_KEYS, create.error.message)}</Alert>}
            <TextField label={t('create.fullName')} required autoFocus {...register('FullName')} error={!!formState.errors.FullName} helperText={translateMessage(t, PATIENT_KEYS, formState.errors.FullName?.message)} />
            <TextField label={t('create.phone')} required type="tel" {...register('PhoneNumber')} error={!!formState.errors.PhoneNumber} helperText={translateMessage(t, PATIENT_KEYS, formState.errors.PhoneNumber?.message)} />
            <TextField label={t('create.email')} required type="email" {...register('Email')} error={!!formState.errors.Email} helperText={translateMessage(t, PATIENT_KEYS, formState.errors.Email?.message)} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('create.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={incomplete || create.isPending}>
            {t('create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
