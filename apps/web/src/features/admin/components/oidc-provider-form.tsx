import { Alert, Box, Button, FormControlLabel, Grid, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { oidcProviderInput, type OidcProviderInput } from '@wellbe/shared/schemas/oidc';
import { notify } from '../../../lib/notify.ts';
import { useSaveOidcProvider, type OidcProvider } from '../api/oidc-providers.ts';

type Form = z.input<typeof oidcProviderInput>;
type Preset = Pick<Form, 'label' | 'issuer' | 'scopes' | 'claim' | 'matchOn'>;

const TEXT_FIELDS = ['label', 'issuer', 'clientId', 'scopes', 'claim'] as const;

/** One provider's settings; the secret is never shown back (left empty, the stored one stays). */
export function OidcProviderForm({ scope, title, help, current, preset }: { scope: 'platform' | 'organisation'; title: string; help: string; current?: OidcProvider; preset?: Preset }) {
  const { t } = useTranslation('oidc');
  const save = useSaveOidcProvider(scope);
  const defaults: Form = current
    ? { label: current.label, issuer: current.issuer, clientId: current.clientId, clientSecret: '', scopes: current.scopes, claim: current.claim, matchOn: current.matchOn, enforced: current.enforced, active: current.active }
    : { label: '', issuer: '', clientId: '', clientSecret: '', scopes: 'openid email', claim: 'email', matchOn: 'email', enforced: false, active: true, ...preset };
  const { control, handleSubmit, formState } = useForm<Form, unknown, OidcProviderInput>({ resolver: zodResolver(oidcProviderInput), defaultValues: defaults });

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, clientSecret: values.clientSecret || undefined });
      notify(t('admin.saved'), 'success');
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), 'error');
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {help}
      </Typography>
      <Grid container spacing={2}>
        {TEXT_FIELDS.map((name) => (
          <Grid key={name} size={{ xs: 12, md: 6 }}>
            <Controller
              name={name}
              control={control}
              render={({ field, fieldState }) => <TextField {...field} fullWidth label={t(`admin.fields.${name}`)} error={!!fieldState.error} helperText={fieldState.error?.message} />}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            name="clientSecret"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                fullWidth
                type="password"
                autoComplete="new-password"
                label={t('admin.fields.clientSecret')}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? (current?.hasSecret ? t('admin.secretKept') : undefined)}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            name="matchOn"
            control={control}
            render={({ field }) => (
              <TextField {...field} select fullWidth label={t('admin.fields.matchOn')}>
                <MenuItem value="rpps">{t('admin.matchOn.rpps')}</MenuItem>
                <MenuItem value="email">{t('admin.matchOn.email')}</MenuItem>
              </TextField>
            )}
          />
        </Grid>
        <Grid size={12} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <Controller name="active" control={control} render={({ field }) => <FormControlLabel control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />} label={t('admin.fields.active')} />} />
          {scope === 'organisation' && (
            <Controller name="enforced" control={control} render={({ field }) => <FormControlLabel control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />} label={t('admin.fields.enforced')} />} />
          )}
        </Grid>
      </Grid>
      {current && (
        <Alert severity="info" sx={{ mt: 2, wordBreak: 'break-all' }}>
          {t('admin.register')}
          <br />
          <bdi dir="ltr">{current.redirectUri}</bdi>
          <br />
          <bdi dir="ltr">{current.backchannelLogoutUri}</bdi>
        </Alert>
      )}
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={formState.isSubmitting}>
        {t('admin.save')}
      </Button>
    </Box>
  );
}
