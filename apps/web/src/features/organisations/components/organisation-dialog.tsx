import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, TextField } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { organisationSchema, type Organisation, type OrganisationInput } from '@wellbe/shared/schemas/organisations';
import { useCreateOrganisation, useUpdateOrganisation } from '../api/organisations-api.ts';

type FormValues = { name: string; address: string; phone: string; email: string; siret: string };

/** Create or edit an organisation: name, address, phone, email, SIRET (checksum checked here and on the server). */
export function OrganisationDialog({ organisation, onClose, onSaved }: { organisation: Organisation | null; onClose: () => void; onSaved: (o: Organisation, created: boolean) => void }) {
  const { t } = useTranslation('organisations');
  const titleId = useId();
  const create = useCreateOrganisation();
  const update = useUpdateOrganisation();
  const mutation = organisation ? update : create;
  const { register, handleSubmit, formState } = useForm<FormValues>({
    resolver: zodResolver(organisationSchema as unknown as z.ZodType<FormValues, FormValues>),
    defaultValues: {
      name: organisation?.name ?? '',
      address: organisation?.address ?? '',
      phone: organisation?.phone ?? '',
      email: organisation?.email ?? '',
      siret: organisation?.siret ?? '',
    },
    mode: 'onTouched',
  });
  const submit = handleSubmit((values) => {
    const body = values as unknown as OrganisationInput;
    if (organisation) update.mutate({ id: organisation.idOrganization, body }, { onSuccess: (a) => onSaved(a.data, false) });
    else create.mutate(body, { onSuccess: (a) => onSaved(a.data, true) });
  });
  const field = (name: keyof FormValues) => ({ ...register(name), error: !!formState.errors[name], helperText: formState.errors[name]?.message, fullWidth: true });

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{organisation ? t('form.titleEdit') : t('form.titleCreate')}</DialogTitle>
        <DialogContent>
          {mutation.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {mutation.error.message}
            </Alert>
          )}
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={12}>
              <TextField label={t('form.name')} required autoFocus {...field('name')} />
            </Grid>
            <Grid size={12}>
              <TextField label={t('form.address')} {...field('address')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('form.phone')} type="tel" {...field('phone')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('form.email')} type="email" {...field('email')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('form.siret')} inputMode="numeric" {...field('siret')} />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {organisation ? t('form.save') : t('form.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
