import { Button, Grid, IconButton, MenuItem, Stack, TextField } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { CONTACT_LIMITS, type ContactInput } from '@wellbe/shared/schemas/contacts';
import { Controller, useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldProps } from '../../../components/form-dialog.tsx';

/** The form's values: text fields as strings, the emails and phones as lists with their types. */
export type ContactFormValues = Omit<Record<keyof ContactInput, string>, 'emails' | 'phones'> & Pick<ContactInput, 'emails' | 'phones'>;

/**
 * Every email or every phone of a contact, each with its type (as a vCard carries them); the first
 * is the preferred one, shown in the list and sent as `email` / `phone`.
 */
export function ContactListField({
  name,
  types,
  control,
  register,
  errors,
}: {
  name: 'emails' | 'phones';
  types: readonly string[];
  control: Control<ContactFormValues>;
  register: UseFormRegister<ContactFormValues>;
  errors: FieldErrors<ContactFormValues>;
}) {
  const { t } = useTranslation('contacts');
  const { fields, append, remove } = useFieldArray({ control, name });
  const field = fieldProps(register, errors);
  const label = t(name === 'emails' ? 'fields.email' : 'fields.phone');
  return (
    <>
      {fields.map((item, i) => (
        <Grid size={12} key={item.id}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField label={i ? `${label} ${i + 1}` : label} type={name === 'emails' ? 'email' : 'tel'} {...field(`${name}.${i}.value`)} />
            <Controller
              name={`${name}.${i}.type`}
              control={control}
              render={({ field: f }) => (
                <TextField select label={t('fields.type')} sx={{ minWidth: 130 }} {...f}>
                  {types.map((type) => (
                    <MenuItem key={type} value={type}>
                      {t(`types.${type}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <IconButton aria-label={t('form.remove', { field: i ? `${label} ${i + 1}` : label })} onClick={() => remove(i)} sx={{ mt: 1 }}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        </Grid>
      ))}
      <Grid size={12}>
        <Button size="small" disabled={fields.length >= CONTACT_LIMITS.listMax} onClick={() => append({ value: '', type: 'work' })}>
          {t(name === 'emails' ? 'form.addEmail' : 'form.addPhone')}
        </Button>
      </Grid>
    </>
  );
}
