import { zodResolver } from '@hookform/resolvers/zod';
import { Grid, MenuItem, TextField } from '@mui/material';
import { CONTACT_ADDRESS_TYPES, CONTACT_EMAIL_TYPES, CONTACT_PHONE_TYPES, CONTACT_PROFESSIONS, contactInputSchema, type Contact, type ContactInput } from '@wellbe/shared/schemas/contacts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog, fieldProps } from '../../../components/form-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { useContactMutations } from '../api/save-contact.ts';
import { ContactListField, type ContactFormValues } from './contact-list-field.tsx';

type FormValues = ContactFormValues;

/** Add or edit a contact; the rules (email, French or international phone, RPPS key) are the server's, from packages/shared. */
export function ContactFormDialog({ contact, onClose, onSaved }: { contact: Contact | null; onClose: () => void; onSaved: (c: Contact) => void }) {
  const { t } = useTranslation('contacts');
  const { create, update } = useContactMutations();
  const mutation = contact ? update : create;
  const { register, handleSubmit, control, formState } = useForm<FormValues>({
    resolver: zodResolver(contactInputSchema as unknown as z.ZodType<FormValues, FormValues>),
    defaultValues: {
      name: contact?.name ?? '',
      lastName: contact?.lastName ?? '',
      nickname: contact?.nickname ?? '',
      company: contact?.company ?? '',
      jobTitle: contact?.jobTitle ?? '',
      profession: contact?.profession ?? 'autre',
      email: contact?.email ?? '',
      phone: contact?.phone ?? '',
      address: contact?.address ?? '',
      prefix: contact?.prefix ?? '',
      // One empty row to fill for a new contact; empty rows are dropped on saving.
      emails: contact?.emails.length ? contact.emails : [{ value: '', type: 'work' }],
      phones: contact?.phones.length ? contact.phones : [{ value: '', type: 'work' }],
      street: contact?.street ?? '',
      postalCode: contact?.postalCode ?? '',
      city: contact?.city ?? '',
      region: contact?.region ?? '',
      country: contact?.country ?? '',
      addressType: contact?.addressType ?? 'work',
      url: contact?.url ?? '',
      birthday: contact?.birthday ?? '',
      rpps: contact?.rpps ?? '',
      notes: contact?.notes ?? '',
      avatar: contact?.avatar ?? '',
    },
    mode: 'onTouched',
  });
  const field = fieldProps(register, formState.errors);
  /** A list to pick from, each option labelled by `<labels>.<value>`. */
  const select = (name: 'profession' | 'addressType', options: readonly string[], labels: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field: f }) => (
        <TextField select label={t(`fields.${name}`)} fullWidth {...f}>
          {options.map((o) => (
            <MenuItem key={o} value={o}>
              {t(`${labels}.${o}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  const submit = handleSubmit((values) => {
    const emails = values.emails.filter((e) => e.value.trim());
    const phones = values.phones.filter((p) => p.value.trim());
    // The first of each list is the preferred one: the SPEC's `email` and `phone`.
    const input = { ...values, emails, phones, email: emails[0]?.value ?? '', phone: phones[0]?.value ?? '' } as unknown as ContactInput;
    const done = (saved: Contact) => {
      notify(t(contact ? 'toast.saved' : 'toast.created'), 'success');
      onSaved(saved);
    };
    if (contact) update.mutate({ id: contact.id, input }, { onSuccess: done });
    else create.mutate(input, { onSuccess: done });
  });
  return (
    <FormDialog
      title={contact ? t('form.editTitle') : t('form.newTitle')}
      busy={mutation.isPending}
      error={mutation.error?.message}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.save')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <Grid size={{ xs: 12, sm: 2 }}>
        <TextField label={t('fields.prefix')} {...field('prefix')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField label={t('fields.name')} required autoFocus {...field('name')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('fields.lastName')} {...field('lastName')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {select('profession', CONTACT_PROFESSIONS, 'professions')}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('fields.jobTitle')} {...field('jobTitle')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('fields.company')} {...field('company')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('fields.nickname')} {...field('nickname')} />
      </Grid>
      <ContactListField name="emails" types={CONTACT_EMAIL_TYPES} control={control} register={register} errors={formState.errors} />
      <ContactListField name="phones" types={CONTACT_PHONE_TYPES} control={control} register={register} errors={formState.errors} />
      {/* An address typed on one line (before the parts existed) stays editable as such. */}
      {contact?.address && !contact.street && !contact.city && !contact.postalCode ? (
        <Grid size={12}>
          <TextField label={t('fields.address')} {...field('address')} />
        </Grid>
      ) : (
        <>
          <Grid size={{ xs: 12, sm: 8 }}>
            <TextField label={t('fields.street')} autoComplete="street-address" {...field('street')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            {select('addressType', CONTACT_ADDRESS_TYPES, 'types')}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField label={t('fields.postalCode')} autoComplete="postal-code" {...field('postalCode')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField label={t('fields.city')} autoComplete="address-level2" {...field('city')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField label={t('fields.country')} autoComplete="country-name" {...field('country')} />
          </Grid>
        </>
      )}
      <Grid size={12}>
        <TextField label={t('fields.url')} type="url" {...field('url')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('fields.birthday')} type="date" slotProps={{ inputLabel: { shrink: true } }} {...field('birthday')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('fields.rpps')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} {...field('rpps')} />
      </Grid>
      <Grid size={12}>
        <TextField label={t('fields.notes')} multiline minRows={3} {...field('notes')} />
      </Grid>
    </FormDialog>
  );
}
