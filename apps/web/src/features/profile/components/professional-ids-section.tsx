import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { professionalIdsFormSchema, type ProfessionalIdsFormValues, type Profile } from '@wellbe/shared/schemas/profile';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useUpdateProfessionalIds } from '../api/update-professional-ids.ts';
import { translateMessage } from './messages.ts';

/** Roles that practise: their letterheads, invoices and Pro Santé Connect sign-in use these numbers. */
const PRACTISING_ROLES = new Set(['PA', 'PG', 'PR']);

/** /profile: the RPPS and ADELI numbers (issue 37), saved on their own like the phones. */
export function ProfessionalIdsSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const save = useUpdateProfessionalIds();
  const { control, handleSubmit, reset, formState } = useForm<ProfessionalIdsFormValues>({
    mode: 'onChange',
    resolver: zodResolver(professionalIdsFormSchema),
    defaultValues: { rpps: profile.rpps, adeli: profile.adeli },
  });
  if (!PRACTISING_ROLES.has(profile.role) && !profile.rpps && !profile.adeli) return null;

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ Iduser: profile.idUser, idOrganization: profile.idOrganization, rpps: values.rpps ?? '', adeli: values.adeli ?? '' });
      reset({ rpps: saved.rpps, adeli: saved.adeli });
      notify(t('professionalIds.saved'), 'success');
    } catch (err) {
      if (isApiError(err) && err.status === 401) return;
      notify(translateMessage(t, err instanceof Error ? err.message : String(err)) ?? '', 'error');
    }
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby="professional-ids-title" sx={{ mt: 3 }}>
      <CardContent component="form" noValidate onSubmit={(e) => void submit(e)}>
        <Typography id="professional-ids-title" variant="h6" component="h2">
          {t('professionalIds.title')}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t('professionalIds.help')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          {(['rpps', 'adeli'] as const).map((field) => (
            <Controller
              key={field}
              control={control}
              name={field}
              render={({ field: f, fieldState }) => (
                <TextField
                  id={`profile-${field}`}
                  name={f.name}
                  label={t(`professionalIds.${field}`)}
                  value={f.value ?? ''}
                  onChange={f.onChange}
                  onBlur={f.onBlur}
                  inputRef={f.ref}
                  error={!!fieldState.error}
                  helperText={translateMessage(t, fieldState.error?.message) ?? ' '}
                  fullWidth
                  slotProps={{ htmlInput: { dir: 'ltr', inputMode: field === 'rpps' ? 'numeric' : 'text', autoComplete: 'off' } }}
                />
              )}
            />
          ))}
          <Button type="submit" variant="outlined" disabled={!formState.isValid || save.isPending} sx={{ mt: 1, flexShrink: 0 }}>
            {save.isPending ? t('saving') : t('professionalIds.save')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
