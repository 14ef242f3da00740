import { Box, Button, Card, CardContent, Checkbox, FormControlLabel, TextField, Typography } from '@mui/material';
import Grid from '@mui/material/Grid';
import EditIcon from '@mui/icons-material/Edit';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Profile, ProfileFormValues } from '@wellbe/shared/schemas/profile';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter.tsx';
import { AvatarPicker } from './avatar-picker.tsx';
import { PasswordChecklist } from './password-checklist.tsx';
import { PasswordField } from './password-field.tsx';

// The sections of the SPEC §2 profile screen (profile-view.tsx holds the form and its saves).

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

/** The header card: photo, name, job, organisation, 'Utilisateur Actif' and the edit switch. */
export function ProfileCard({ profile, name, editMode, onToggleEdit }: { profile: Profile; name: string; editMode: boolean; onToggleEdit: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5, py: 4 }}>
        <AvatarPicker profile={profile} />
        <Box>
          <Typography variant="h5" component="h2" data-testid="profile-name">
            {name}
          </Typography>
          <Typography color="textSecondary" data-testid="profile-job">
            {profile.job}
          </Typography>
          {profile.organization && (
            <Typography variant="body2" color="textSecondary">
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
          onClick={onToggleEdit}
        >
          {t('edit')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The identity nobody edits here (SPEC §2). */
export function IdentityFields({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  return (
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
  );
}

interface FormPart {
  control: Control<ProfileFormValues>;
  editMode: boolean;
  errorOf: (field: FieldPath<ProfileFormValues>) => string | undefined;
}

/** The two phones, editable in edit mode. */
export function PhoneFields({ control, editMode, errorOf }: FormPart) {
  const { t } = useTranslation('profile');
  return (
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
  );
}

/** The SPEC §5 password change: the old one, the new one (strength and rules shown), its confirmation. */
export function PasswordFields({ control, editMode, errorOf, recheck, password, profile }: FormPart & { recheck: (field: FieldPath<ProfileFormValues>) => void; password: string; profile: Profile }) {
  const { t } = useTranslation('profile');
  return (
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

  );
}
