import { Grid, TextField } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { organisationSchema, type Organisation, type OrganisationInput } from '@wellbe/shared/schemas/organisations';
import { FormDialog, fieldProps } from '../../../components/form-dialog.tsx';
import { useCreateOrganisation, useUpdateOrganisation } from '../api/organisations-api.ts';

type FormValues = { name: string; address: string; phone: string; email: string; siret: string };

/** Create or edit an organisation: name, address, phone, email, SIRET (checksum checked here and on the server). */
export function OrganisationDialog({ organisation, onClose, onSaved }: { organisation: Organisation | null; onClose: () => void; onSaved: (o: Organisation, created: boolean) => void }) {
  const { t } = useTranslation('organisations');
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
  const field = fieldProps(register, formState.errors);

  return (
    <FormDialog
      title={organisation ? t('form.titleEdit') : t('form.titleCreate')}
      busy={mutation.isPending}
      error={mutation.error?.message}
      cancelLabel={t('form.cancel')}
      submitLabel={organisation ? t('form.save') : t('form.create')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
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
    </FormDialog>
  );
}
