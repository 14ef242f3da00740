import { useState } from 'react';
import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, FormHelperText, Link as MuiLink, TextField } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { newPasswordSchema } from '@wellbe/shared/domain/password';
import { REGISTER_MESSAGES, registerAccountSchema } from '@wellbe/shared/schemas/auth';
import { register as registerAccount, setSession } from '../../lib/session.ts';
import { checkInvitation, completeInvitation } from './auth-api.ts';
import { AuthForm, AuthShell, BackToLogin, errorText } from './auth-shell.tsx';
import { PasswordFields, type NewPasswordValues } from './password-fields.tsx';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * /register/{userId?} (guest-only). Without userId: a new account through POST /api/auth/register.
 * With userId (the link of an administrator's invitation): completes that account by setting its
 * password. Either way the user is then signed in and the guard takes them to the dashboard.
 */
export function RegisterPage() {
  const { userId } = useParams();
  return userId ? <CompleteInvitation userId={userId} /> : <SelfRegister />;
}

// The rules and messages of packages/shared (the server checks the same); the messages are shown
// in the interface language, the password part through PasswordFields.
const accountSchema = registerAccountSchema
  .pick({ displayName: true, email: true })
  .extend({ acceptPolicies: z.boolean().refine((v) => v, REGISTER_MESSAGES.policiesRequired) })
  .and(newPasswordSchema);
type AccountValues = { displayName: string; email: string; acceptPolicies: boolean } & NewPasswordValues;
const MESSAGE_KEYS: Record<string, string> = {
  [REGISTER_MESSAGES.displayNameRequired]: 'register.displayNameRequired',
  [REGISTER_MESSAGES.displayNameTooLong]: 'register.displayNameTooLong',
  [REGISTER_MESSAGES.emailRequired]: 'register.emailRequired',
  [REGISTER_MESSAGES.emailInvalid]: 'forgot.invalidEmail',
};

function SelfRegister() {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<AccountValues>({
    resolver: zodResolver(accountSchema),
    mode: 'onTouched',
    defaultValues: { displayName: '', email: '', password: '', passwordConfirm: '', acceptPolicies: false },
  });
  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      await registerAccount({ displayName: v.displayName.trim(), email: v.email.trim(), password: v.password, acceptPolicies: true });
    } catch (err) {
      // SPEC §8: register rejects with the server's error.
      setError(errorText(err));
    }
  });
  return (
    <AuthShell title={t('register.title')} subtitle={t('register.subtitle')}>
      <AuthForm error={error} onSubmit={(e) => void submit(e)}>
        <TextField label={t('register.displayName')} autoComplete="name" required {...register('displayName')} error={!!formState.errors.displayName} helperText={formState.errors.displayName?.message && t(MESSAGE_KEYS[formState.errors.displayName.message] ?? 'register.displayNameRequired')} />
        <TextField label={t('register.email')} type="email" autoComplete="email" required {...register('email')} error={!!formState.errors.email} helperText={formState.errors.email?.message && t(MESSAGE_KEYS[formState.errors.email.message] ?? 'forgot.invalidEmail')} />
        <PasswordFields register={register} errors={formState.errors} />
        <Box>
          <FormControlLabel
            control={<Checkbox {...register('acceptPolicies')} slotProps={{ input: { 'aria-describedby': 'register-policies-error' } }} />}
            label={
              <>
                {t('register.acceptPrefix')}{' '}
                <MuiLink component={Link} to="/legal/terms" target="_blank">
                  {t('legalLinks.terms')}
                </MuiLink>{' '}
                {t('register.acceptAnd')}{' '}
                <MuiLink component={Link} to="/legal/privacy" target="_blank">
                  {t('legalLinks.privacy')}
                </MuiLink>
              </>
            }
          />
          {formState.errors.acceptPolicies && (
            <FormHelperText id="register-policies-error" error>
              {t('register.acceptRequired')}
            </FormHelperText>
          )}
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {t('register.submit')}
        </Button>
        <Box sx={{ textAlign: 'center', color: 'text.secondary', fontSize: 14 }}>
          {t('register.haveAccount')}{' '}
          <MuiLink component={Link} to="/login">
            {t('register.login')}
          </MuiLink>
        </Box>
      </AuthForm>
    </AuthShell>
  );
}

function CompleteInvitation({ userId }: { userId: string }) {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string | null>(null);
  const invitation = useQuery({
    queryKey: queryKeys.invitation(userId, token),
    queryFn: () => checkInvitation(userId, token),
    enabled: !!token,
    retry: false,
    meta: { silent: true },
  });
  const { register, handleSubmit, formState } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    mode: 'onChange',
    defaultValues: { password: '', passwordConfirm: '' },
  });
  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const answer = await completeInvitation(userId, token, v.password, v.passwordConfirm);
      setSession(answer.user, answer.access_token);
    } catch (err) {
      setError(errorText(err));
    }
  });

  const linkError = !token ? t('invitation.missingToken') : invitation.error instanceof Error ? invitation.error.message : null;
  const who = invitation.data?.user;
  return (
    <AuthShell title={t('invitation.title')} subtitle={who ? t('invitation.subtitle', { name: who.displayName, organization: who.organization ?? 'WellBe' }) : undefined}>
      {invitation.isLoading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress aria-label={t('invitation.checking')} />
        </Box>
      )}
      {linkError && <Alert severity="error">{linkError}</Alert>}
      {who && (
        <AuthForm error={error} onSubmit={(e) => void submit(e)}>
          <TextField label={t('invitation.username')} value={who.username} slotProps={{ input: { readOnly: true } }} />
          <PasswordFields register={register} errors={formState.errors} />
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            {t('invitation.submit')}
          </Button>
        </AuthForm>
      )}
      <BackToLogin />
    </AuthShell>
  );
}
