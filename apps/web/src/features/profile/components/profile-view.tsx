import { useState } from 'react';
import { Button, Card, CardContent, Divider, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import Grid from '@mui/material/Grid';
import CancelIcon from '@mui/icons-material/Cancel';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { profileFormSchema, type Profile, type ProfileFormValues } from '@wellbe/shared/schemas/profile';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useUpdatePassword } from '../api/update-password.ts';
import { useUpdatePhones } from '../api/update-phones.ts';
import { translateMessage } from './messages.ts';
import { IdentityFields, PasswordFields, PhoneFields, ProfileCard } from './profile-sections.tsx';
import { ResetDialog } from './reset-dialog.tsx';

function formValues(profile: Profile): ProfileFormValues {
  return { phoneNumber: profile.phoneNumber, professionalNumber: profile.professionalNumber, oldPassword: '', password: '', passwordConfirm: '' };
}

/**
 * SPEC §2 profile screen: header (photo, name, job or role, 'Utilisateur Actif'), the read-only
 * identity, then the phones and the SPEC §5 password change, editable only in edit mode.
 */
export function ProfileView({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const [editMode, setEditMode] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const update = useUpdatePassword();
  const updatePhones = useUpdatePhones();
  const { control, handleSubmit, reset, trigger, getFieldState, getValues, setError, watch, formState } = useForm<ProfileFormValues>({
    mode: 'onChange',
    resolver: zodResolver(profileFormSchema),
    defaultValues: formValues(profile),
  });
  const [oldPassword, password, passwordConfirm] = watch(['oldPassword', 'password', 'passwordConfirm']);
  // SPEC §2: save stays disabled until the three password fields are filled (and valid).
  const canSave = editMode && !!oldPassword && !!password && !!passwordConfirm && formState.isValid && !update.isPending;
  const name = `${profile.firstName} ${profile.lastName}`.trim() || profile.username;
  // The phones have their own save: a new number needs no new password (see phonesUpdateSchema).
  const phonesChanged = !!formState.dirtyFields.phoneNumber || !!formState.dirtyFields.professionalNumber;
  const canSavePhones = editMode && phonesChanged && !formState.errors.phoneNumber && !formState.errors.professionalNumber && !updatePhones.isPending;

  async function savePhones() {
    if (!(await trigger(['phoneNumber', 'professionalNumber']))) return;
    const { phoneNumber, professionalNumber } = getValues();
    try {
      const saved = await updatePhones.mutateAsync({ Iduser: profile.idUser, idOrganization: profile.idOrganization, phoneNumber: phoneNumber ?? '', professionalNumber: professionalNumber ?? '' });
      notify(t('phonesSaved'), 'success');
      // The password fields keep what is typed in them; the phones are now the saved ones.
      reset({ ...getValues(), phoneNumber: saved.phoneNumber, professionalNumber: saved.professionalNumber }, { keepDirty: false });
    } catch (err) {
      if (isApiError(err) && err.status === 401) return;
      notify(translateMessage(t, err instanceof Error ? err.message : String(err)) ?? '', 'error');
    }
  }

  /** A change of one password field re-checks the fields whose rule reads it, once they were touched. */
  function recheck(...fields: FieldPath<ProfileFormValues>[]) {
    const dirty = fields.filter((f) => getFieldState(f).isDirty);
    if (dirty.length) void trigger(dirty);
  }

  function resetForm(next: Profile = profile) {
    reset(formValues(next));
    setEditMode(false);
  }

  const submit = handleSubmit(async (values) => {
    try {
      const { profile: saved } = await update.mutateAsync({
        Iduser: profile.idUser,
        idOrganization: profile.idOrganization,
        username: profile.username,
        phoneNumber: values.phoneNumber ?? '',
        professionalNumber: values.professionalNumber ?? '',
        oldPassword: values.oldPassword,
        password: values.password,
        passwordConfirm: values.passwordConfirm,
      });
      notify(t('saved'), 'success');
      // SPEC §4: after save the fields are cleared and the profile is reloaded.
      resetForm(saved);
    } catch (err) {
      if (isApiError(err) && err.status === 401) return; // the session ended; the app goes to /login
      const message = translateMessage(t, err instanceof Error ? err.message : String(err));
      if (isApiError(err) && err.code === 'wrong_old_password') setError('oldPassword', { message: err.message }, { shouldFocus: true });
      else notify(message ?? '', 'error');
    }
  });

  const errorOf = (field: FieldPath<ProfileFormValues>) => translateMessage(t, formState.errors[field]?.message);

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }}>
        <ProfileCard profile={profile} name={name} editMode={editMode} onToggleEdit={() => setEditMode((v) => !v)} />
      </Grid>

      <Grid size={{ xs: 12, md: 8 }}>
        <Card component="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="profile-form-title">
          <CardContent>
            <Typography id="profile-form-title" variant="h6" component="h2" gutterBottom>
              {t('sections.identity')}
            </Typography>
            <IdentityFields profile={profile} />

            <Divider sx={{ my: 2 }} />
            <Typography variant="h6" component="h2" gutterBottom>
              {t('sections.contact')}
            </Typography>
            {!editMode && (
              <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
                {t('readOnlyHint')}
              </Typography>
            )}
            <PhoneFields control={control} editMode={editMode} errorOf={errorOf} />
            <Stack direction="row" sx={{ mt: 1, justifyContent: 'flex-end' }}>
              <Button variant="outlined" onClick={() => void savePhones()} disabled={!canSavePhones}>
                {updatePhones.isPending ? t('saving') : t('savePhones')}
              </Button>
            </Stack>

            <Divider sx={{ my: 2 }} />
            <Typography variant="h6" component="h2" gutterBottom>
              {t('sections.password')}
            </Typography>
            <PasswordFields control={control} editMode={editMode} errorOf={errorOf} recheck={recheck} password={password} profile={profile} />
            <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end', alignItems: 'center' }}>
              <Tooltip title={t('cancel')}>
                <span>
                  <IconButton aria-label={t('cancel')} onClick={() => setConfirmReset(true)} disabled={!editMode} color="error">
                    <CancelIcon />
                  </IconButton>
                </span>
              </Tooltip>
              <Button type="submit" variant="contained" disabled={!canSave}>
                {update.isPending ? t('saving') : t('save')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Grid>
      <ResetDialog
        open={confirmReset}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          resetForm();
        }}
      />
    </Grid>
  );
}
