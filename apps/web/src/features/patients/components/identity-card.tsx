import { Alert, Box, Button, Card, CardContent, CardHeader, MenuItem, Stack, TextField, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { zodResolver } from '@hookform/resolvers/zod';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { patientIdentitySchema, SEXES, type PatientFile, type PatientIdentity } from '@wellbe/shared/schemas/patient-files';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useUpdateIdentity } from '../api/patient-writes.ts';
import { DateLocalization } from '../../../components/date-localization.tsx';
import { Ltr } from '../../../components/ltr.tsx';

type Identity = PatientFile['identity'];

/** `ltr`: a phone, email, address or date, kept in its own order in a right-to-left page. */
function Field({ label, value, wide = false, ltr = false }: { label: string; value: string | null; wide?: boolean; ltr?: boolean }) {
  const { t } = useTranslation('patients');
  return (
    <Box sx={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line', color: value ? 'text.primary' : 'text.secondary', fontStyle: value ? undefined : 'italic' }}>
        {value ? ltr ? <Ltr>{value}</Ltr> : value : t('identity.none')}
      </Typography>
    </Box>
  );
}

function IdentityForm({ identity, onDone }: { identity: Identity; onDone: () => void }) {
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

/** Identity of the file: read, or edited with dps write under the duplicate rules (SPEC §5, §6). */
export function IdentityCard({ identity, canWrite }: { identity: Identity; canWrite: boolean }) {
  const { t } = useTranslation('patients');
  const [editing, setEditing] = useState(false);
  return (
    <Card variant="outlined">
      <CardHeader
        title={t('identity.title')}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        action={
          canWrite &&
          !editing && (
            <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              {t('identity.edit')}
            </Button>
          )
        }
        sx={{ pb: 0 }}
      />
      <CardContent>
        {editing ? (
          <IdentityForm identity={identity} onDone={() => setEditing(false)} />
        ) : (
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
            <Field label={t('identity.fullName')} value={identity.FullName} />
            <Field label={t('identity.phone')} value={identity.PhoneNumber} ltr />
            <Field label={t('identity.email')} value={identity.Email} ltr />
            <Field label={t('identity.birthDate')} value={formatDate(identity.birthDate)} ltr />
            <Field label={t('identity.sex')} value={identity.sex ? t(`identity.sexes.${identity.sex}`) : null} />
            <Field label={t('identity.address')} value={identity.address} ltr />
            <Field label={t('identity.notes')} value={identity.notes} wide />
          </Box>
        )}
        {!editing && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
            {t('identity.createdOn', { date: formatDate(identity.createdAt) })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
