import { Alert, Autocomplete, Box, Button, FormControlLabel, FormHelperText, Grid, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LANGUAGES, MAX_UPLOAD_BYTES, NAVBAR_STYLES } from '@wellbe/shared/constants';
import { can } from '@wellbe/shared/permissions';
import { isPlatformRole } from '@wellbe/shared/roles';
import { DEFAULT_SETTINGS } from '@wellbe/shared/domain/organisation-settings';
import { settingsSchema, type OrganisationSettingsValues } from '@wellbe/shared/schemas/organisations';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useOrganisationOptions } from '../../../lib/organisation-options.ts';
import { useSaveSettings, useSettings } from '../api/admin-api.ts';
import { organisationItems } from '../../../components/organisation-items.tsx';

function timeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['Europe/Paris', 'UTC'];
}

type SettingsForm = z.input<typeof settingsSchema>;

/** A whole-number setting: an empty field is NaN, which the schema refuses in French. */
function NumberSetting({
  control,
  name,
  label,
  disabled,
  bounds,
  help,
}: {
  control: Control<SettingsForm, unknown, OrganisationSettingsValues>;
  name: 'uploadLimitBytes' | 'sessionMaxHours' | 'consultationLockHours';
  label: string;
  disabled: boolean;
  bounds: { min: number; max: number; step: number };
  help: (value: number | undefined) => string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          fullWidth
          type="number"
          label={label}
          disabled={disabled}
          value={Number.isFinite(field.value) ? field.value : ''}
          onChange={(e) => field.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
          onBlur={field.onBlur}
          slotProps={{ htmlInput: bounds }}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? help(field.value)}
        />
      )}
    />
  );
}

/** 'Paramètres' of the organisation: applied by the server and the web app of its users. */
export function SettingsTab() {
  const { t } = useTranslation(['admin', 'common']);
  const { role, user } = useSession();
  const platform = isPlatformRole(role);
  // Changing them is for administrators (SA, DE, and PA for their organisation): the 'journal' group.
  const mayEdit = can(role, 'journal');
  const [organizationId, setOrganizationId] = useState(user?.idOrganization ?? '');
  const organisations = useOrganisationOptions(platform);
  const settings = useSettings(organizationId);
  const save = useSaveSettings(organizationId);
  const zones = useMemo(timeZones, []);
  const { control, handleSubmit, reset, formState } = useForm<SettingsForm, unknown, OrganisationSettingsValues>({
    resolver: zodResolver(settingsSchema),
    defaultValues: DEFAULT_SETTINGS,
    mode: 'onChange',
  });
  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);

  const submit = handleSubmit((values) => save.mutate(values, { onSuccess: () => notify(t('settings.saved'), 'success') }));

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ p: 3, maxWidth: 760 }}>
      {!mayEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('settings.readOnly')}
        </Alert>
      )}
      {settings.isError && <Alert severity="error">{settings.error.message}</Alert>}
      {save.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {save.error.message}
        </Alert>
      )}
      <Grid container spacing={2}>
        {platform && (
          <Grid size={12}>
            <TextField select fullWidth label={t('settings.organisation')} value={organizationId} onChange={(e) => setOrganizationId(e.target.value)}>
              {organisationItems(organisations.data)}
            </TextField>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="language"
            control={control}
            render={({ field }) => (
              <TextField select fullWidth label={t('settings.language')} disabled={!mayEdit} {...field}>
                {LANGUAGES.map((l) => (
                  <MenuItem key={l} value={l}>
                    {t(`common:language.names.${l}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="navbarStyle"
            control={control}
            render={({ field }) => (
              <TextField select fullWidth label={t('settings.navbarStyle')} disabled={!mayEdit} {...field}>
                {NAVBAR_STYLES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`common:settings.styles.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <NumberSetting
            control={control}
            name="uploadLimitBytes"
            label={t('settings.uploadLimit')}
            disabled={!mayEdit}
            bounds={{ min: 1000, max: MAX_UPLOAD_BYTES, step: 1000 }}
            help={(value) => t('settings.uploadLimitHelp', { mb: value !== undefined && Number.isFinite(value) ? (value / 1_000_000).toLocaleString('fr-FR') : '—' })}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="timeZone"
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete
                options={zones}
                value={field.value}
                disableClearable
                disabled={!mayEdit}
                onChange={(_, v) => field.onChange(v)}
                renderInput={(params) => <TextField {...params} label={t('settings.timeZone')} error={!!fieldState.error} helperText={fieldState.error?.message ?? t('settings.timeZoneHelp')} />}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <NumberSetting control={control} name="sessionMaxHours" label={t('settings.sessionMaxHours')} disabled={!mayEdit} bounds={{ min: 1, max: 72, step: 1 }} help={() => t('settings.sessionMaxHoursHelp')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <NumberSetting control={control} name="consultationLockHours" label={t('settings.consultationLockHours')} disabled={!mayEdit} bounds={{ min: 1, max: 72, step: 1 }} help={() => t('settings.consultationLockHoursHelp')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="mfaRequired"
            control={control}
            render={({ field }) => (
              <>
                <FormControlLabel
                  control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={!mayEdit} />}
                  label={t('settings.mfaRequired')}
                />
                <FormHelperText>{t('settings.mfaRequiredHelp')}</FormHelperText>
              </>
            )}
          />
        </Grid>
      </Grid>
      {mayEdit && (
        <Box sx={{ mt: 3, display: 'flex', gap: 2, alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={save.isPending || !formState.isValid || !formState.isDirty}>
            {t('settings.save')}
          </Button>
          <Typography variant="body2" color="textSecondary">
            {t('settings.applied')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
