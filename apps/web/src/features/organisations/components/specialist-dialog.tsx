import { FormControlLabel, Grid, Switch, TextField } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GENERAL_SPECIALIST_ID, SPECIALIST_LANGUAGES, specialistCreateSchema, type JobSpecialist, type SpecialistCreate } from '@wellbe/shared/schemas/specialists';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useCreateSpecialist, useUpdateSpecialist } from '../api/organisations-api.ts';

/** A job speciality: its label in the four languages and whether the dietetic fields apply. */
export function SpecialistDialog({ specialist, onClose, onSaved }: { specialist: JobSpecialist | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['organisations', 'common']);
  const create = useCreateSpecialist();
  const update = useUpdateSpecialist();
  const mutation = specialist ? update : create;
  // SPEC §7: id 1 is the general profile, without dietetic fields.
  const general = specialist?.id === GENERAL_SPECIALIST_ID;
  const { register, handleSubmit, control, formState } = useForm<SpecialistCreate>({
    resolver: zodResolver(specialistCreateSchema),
    defaultValues: { labels: specialist?.labels ?? { fr: '', en: '', tr: '', ar: '' }, dietetic: specialist?.dietetic ?? false },
    mode: 'onTouched',
  });
  const submit = handleSubmit((values) => {
    if (specialist) update.mutate({ id: specialist.id, body: values }, { onSuccess: onSaved });
    else create.mutate(values, { onSuccess: onSaved });
  });

  return (
    <FormDialog
      title={specialist ? t('specialities.titleEdit') : t('specialities.titleCreate')}
      busy={mutation.isPending}
      error={mutation.error?.message}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.save')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      {SPECIALIST_LANGUAGES.map((lang, i) => (
        <Grid key={lang} size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('specialities.label', { language: t(`common:language.names.${lang}`) })}
            required
            fullWidth
            autoFocus={i === 0}
            slotProps={{ htmlInput: { dir: lang === 'ar' ? 'rtl' : 'ltr', lang } }}
            {...register(`labels.${lang}`)}
            error={!!formState.errors.labels?.[lang]}
            helperText={formState.errors.labels?.[lang]?.message}
          />
        </Grid>
      ))}
      <Grid size={12}>
        <Controller
          name="dietetic"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={general} />}
              label={general ? t('specialities.generalHint') : t('specialities.dietetic')}
            />
          )}
        />
      </Grid>
    </FormDialog>
  );
}
