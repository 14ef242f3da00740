import { Alert, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { patientIdentitySchema, SEXES, type PatientFile, type PatientIdentity } from '@wellbe/shared/schemas/patient-files';
import { notify } from '../../../lib/notify.ts';
import { useUpdateIdentity } from '../api/patient-writes.ts';
import { DateLocalization } from '../../../components/date-localization.tsx';

type Identity = PatientFile['identity'];

/** The identity's edit form (SPEC §5, §6), its own chunk: react-hook-form, zod and the date picker load when « Modifier » is pressed, not with the file (issue 31). */
export function IdentityForm({ identity, onDone }: { identity: Identity; onDone: () => void }) {
  const { t } = useTranslation('patients');
  const update = useUpdateIdentity(identity.idPatient);
  const { register, handleSubmit, formState, watch, control } = useForm<PatientIdentity>({
    resolver: zodResolver(patientIdentitySchema) as never,
    defaultValues: {
      FullName: identity.FullName,
      PhoneNumber: identity.PhoneNumber,
      Email: identity.Email,
      birthDate: identity.birthDate ?? '',
      sex: identity.sex ?? '',
      address: identity.address ?? '',
      notes: identity.notes ?? '',
    },
  });
  const e = formState.errors;
  const submit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        notify(t('identity.saved'), 'success');
        onDone();
      },
    }),
  );
  return (
    <Box component="form" onSubmit={(ev) => void submit(ev)} noValidate>
      <Stack spacing={2}>
        {update.isError && <Alert severity="error">{update.error.message}</Alert>}
        <TextField label={t('identity.fullName')} required {...register('FullName')} error={!!e.FullName} helperText={e.FullName?.message} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <TextField label={t('identity.phone')} required type="tel" {...register('PhoneNumber')} error={!!e.PhoneNumber} helperText={e.PhoneNumber?.message} />
          <TextField label={t('identity.email')} required type="email" {...register('Email')} error={!!e.Email} helperText={e.Email?.message} />
          <Controller
            control={control}
            name="birthDate"
            render={({ field }) => (
              // SPEC §1: dates as DD/MM/YYYY, whatever the browser's locale.
              <DateLocalization>
                <DatePicker
                  label={t('identity.birthDate')}
                  format="DD/MM/YYYY"
                  disableFuture
                  minDate={dayjs('1900-01-01')}
                  value={field.value ? dayjs(field.value) : null}
                  onChange={(v) => field.onChange(v && v.isValid() ? v.format('YYYY-MM-DD') : '')}
                  slotProps={{ textField: { error: !!e.birthDate, helperText: e.birthDate?.message }, field: { clearable: true } }}
                />
              </DateLocalization>
            )}
          />
          <TextField select label={t('identity.sex')} value={watch('sex') ?? ''} {...register('sex')}>
            <MenuItem value="">{t('identity.none')}</MenuItem>
            {SEXES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`identity.sexes.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <TextField label={t('identity.address')} {...register('address')} />
        <TextField label={t('identity.notes')} multiline minRows={3} {...register('notes')} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onDone} disabled={update.isPending}>
            {t('identity.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {t('identity.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
