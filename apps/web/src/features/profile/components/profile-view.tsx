import { useState } from 'react';
import { Box, Button, Card, CardContent, Checkbox, Divider, FormControlLabel, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import Grid from '@mui/material/Grid';
import CancelIcon from '@mui/icons-material/Cancel';
import EditIcon from '@mui/icons-material/Edit';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { profileFormSchema, type Profile, type ProfileFormValues } from '@wellbe/shared/schemas/profile';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useUpdatePassword } from '../api/update-password.ts';
import { useUpdatePhones } from '../api/update-phones.ts';
import { AvatarPicker } from './avatar-picker.tsx';
import { translateMessage } from './messages.ts';
import { PasswordChecklist } from './password-checklist.tsx';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter.tsx';
import { PasswordField } from './password-field.tsx';
import { ResetDialog } from './reset-dialog.tsx';

function formValues(profile: Profile): ProfileFormValues {
  return { phoneNumber: profile.phoneNumber, professionalNumber: profile.professionalNumber, oldPassword: '', password: '', passwordConfirm: '' };
}

/** A field the profile screen never lets anyone edit (SPEC §2): it looks like one, filled and without a border. */
function ReadOnlyField({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <TextField
      id={`profile-${name}`}
      name={name}
      label={label}
      value={value}
      fullWidth
      variant="filled"
      helperText=" "
      slotProps={{ input: { readOnly: true, disableUnderline: true }, htmlInput: { readOnly: true, 'aria-readonly': true } }}
      sx={{ '& .MuiFilledInput-root': { bgcolor: 'action.hover', cursor: 'default', borderRadius: 1 }, '& .MuiFilledInput-input': { cursor: 'default' } }}
    />
  );
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
        <Card>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5, py: 4 }}>
            <AvatarPicker profile={profile} />
            <Box>
              <Typography variant="h5" component="h2" data-testid="profile-name">
                {name}
              </Typography>
              <Typography color="text.secondary" data-testid="profile-job">
                {profile.job}
              </Typography>
              {profile.organization && (
                <Typography variant="body2" color="text.secondary">
                  {profile.organization}
                </Typography>
              )}
            </Box>
            {/* SPEC §2: shown checked and never editable here. */}
            <FormControlLabel control={<Checkbox checked={profile.active === 'Y'} disabled name="active" />} label={t('active')} />
            <Button
              variant={editMode ? 'contained' : 'outlined'}
              startIcon={<EditIcon />}
              aria-pressed={editMode}
              onClick={() => setEditMode((v) => !v)}
            >
              {t('edit')}
            </Button>
          </CardContent>
        </Card>
      </Grid>

      <Grid size={{ xs: 12, md: 8 }}>
        <Card component="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="profile-form-title">
          <CardContent>
            <Typography id="profile-form-title" variant="h6" component="h2" gutterBottom>
              {t('sections.identity')}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <ReadOnlyField name="lastName" label={t('fields.lastName')} value={profile.lastName} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <ReadOnlyField name="firstName" label={t('fields.firstName')} value={profile.firstName} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <ReadOnlyField name="email" label={t('fields.email')} value={profile.email} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <ReadOnlyField name="job" label={t('fields.job')} value={profile.job} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <ReadOnlyField name="username" label={t('fields.username')} value={profile.username} />
              </Grid>
            </Grid>

            <Divider sx={{ my: 2 }} />
            <Typography variant="h6" component="h2" gutterBottom>
              {t('sections.contact')}
            </Typography>
            {!editMode && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('readOnlyHint')}
              </Typography>
            )}
            <Grid container spacing={2}>
              {(['phoneNumber', 'professionalNumber'] as const).map((field) => (
                <Grid key={field} size={{ xs: 12, sm: 6 }}>
                  <Controller
                    control={control}
                    name={field}
                    render={({ field: f }) => (
                      <TextField
                        id={`profile-${field}`}
                        name={f.name}
                        label={t(`fields.${field}`)}
                        type="tel"
                        autoComplete="tel"
                        value={f.value ?? ''}
                        onChange={f.onChange}
                        onBlur={f.onBlur}
                        inputRef={f.ref}
                        disabled={!editMode}
                        error={!!errorOf(field)}
                        helperText={errorOf(field) ?? (editMode ? t('phoneHelp') : ' ')}
                        fullWidth
                        // Digit groups keep their order in right-to-left languages.
                        slotProps={{ htmlInput: { dir: 'ltr' } }}
                      />
                    )}
                  />
                </Grid>
              ))}
            </Grid>
            <Stack direction="row" sx={{ mt: 1, justifyContent: 'flex-end' }}>
              <Button variant="outlined" onClick={() => void savePhones()} disabled={!canSavePhones}>
                {updatePhones.isPending ? t('saving') : t('savePhones')}
              </Button>
            </Stack>

            <Divider sx={{ my: 2 }} />
            <Typography variant="h6" component="h2" gutterBottom>
              {t('sections.password')}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="oldPassword"
                  render={({ field: f }) => (
                    <PasswordField
                      name={f.name}
                      label={t('fields.oldPassword')}
                      value={f.value}
                      onChange={(v) => {
                        f.onChange(v);
                        recheck('password');
                      }}
                      onBlur={f.onBlur}
                      inputRef={f.ref}
                      disabled={!editMode}
                      error={errorOf('oldPassword')}
                      autoComplete="current-password"
                    />
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }} sx={{ display: { xs: 'none', sm: 'block' } }} />
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="password"
                  render={({ field: f }) => (
                    <PasswordField
                      name={f.name}
                      label={t('fields.password')}
                      value={f.value}
                      onChange={(v) => {
                        f.onChange(v);
                        recheck('passwordConfirm');
                      }}
                      onBlur={f.onBlur}
                      inputRef={f.ref}
                      disabled={!editMode}
                      error={errorOf('password')}
                      autoComplete="new-password"
                      describedBy={editMode ? 'profile-password-checklist' : undefined}
                    />
                  )}
                />
                {editMode && <PasswordStrengthMeter value={password} userInputs={[profile.username, profile.email, profile.firstName, profile.lastName]} />}
                {editMode && <PasswordChecklist id="profile-password-checklist" value={password} />}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="passwordConfirm"
                  render={({ field: f }) => (
                    <PasswordField
                      name={f.name}
                      label={t('fields.passwordConfirm')}
                      value={f.value}
                      onChange={f.onChange}
                      onBlur={f.onBlur}
                      inputRef={f.ref}
                      disabled={!editMode}
                      error={errorOf('passwordConfirm')}
                      autoComplete="new-password"
                    />
                  )}
                />
              </Grid>
            </Grid>

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
