import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, List, ListItemText, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { RecoveryCodes } from '../../../components/recovery-codes.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useAddPasskey, useConfirmTotp, useDeletePasskey, useDisableTotp, useMfa, useNewRecoveryCodes, useSetupTotp } from '../api/mfa.ts';
import { ActionListItem } from '../../../components/action-list-item.tsx';

/** /profile 'Double authentification': the authenticator app (TOTP) and the passkeys. */
export function TwoFactorSection() {
  const { t } = useTranslation('profile');
  const mfa = useMfa();
  const state = mfa.data;
  return (
    <Card variant="outlined" component="section" aria-labelledby="mfa-title">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id="mfa-title" variant="h6" component="h2">
            {t('mfa.title')}
          </Typography>
          {state && <Chip size="small" color={state.totp || state.passkeys.length ? 'success' : 'default'} label={t(state.totp || state.passkeys.length ? 'mfa.on' : 'mfa.off')} />}
        </Box>
        {state?.required && <Alert severity="info">{t('mfa.requiredByOrganisation')}</Alert>}
        {mfa.isError && <Alert severity="error">{mfa.error.message}</Alert>}
        {state && <TotpPart enabled={state.totp} codesLeft={state.recoveryCodesLeft} />}
        {state && <PasskeysPart passkeys={state.passkeys} />}
      </CardContent>
    </Card>
  );
}

function TotpPart({ enabled, codesLeft }: { enabled: boolean; codesLeft: number }) {
  const { t } = useTranslation('profile');
  const setup = useSetupTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const renew = useNewRecoveryCodes();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const error = setup.error ?? confirm.error ?? disable.error ?? renew.error;

  if (codes) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <RecoveryCodes codes={codes} />
        <Button variant="contained" sx={{ justifySelf: 'start' }} onClick={() => setCodes(null)}>
          {t('mfa.codesSaved')}
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('mfa.appTitle')}
      </Typography>
      {error && <Alert severity="error">{error.message}</Alert>}
      {enabled ? (
        <>
          <Typography variant="body2">{t('mfa.appOn', { count: codesLeft })}</Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <TextField size="small" label={t('mfa.currentCode')} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="one-time-code" slotProps={{ htmlInput: { dir: 'ltr', maxLength: 32 } }} />
            <Button disabled={!code.trim() || renew.isPending} onClick={() => renew.mutate(code.trim(), { onSuccess: (c) => (setCode(''), setCodes(c)) })}>
              {t('mfa.newCodes')}
            </Button>
            <Button color="error" disabled={!code.trim() || disable.isPending} onClick={() => disable.mutate(code.trim(), { onSuccess: () => (setCode(''), notify(t('mfa.appRemoved'), 'success')) })}>
              {t('mfa.disable')}
            </Button>
          </Box>
        </>
      ) : setup.data ? (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Typography variant="body2">{t('mfa.scan')}</Typography>
          <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
            <img src={setup.data.qrCode} alt={t('mfa.qrAlt')} width={180} height={180} />
            <Box>
              <Typography variant="body2" color="textSecondary">
                {t('mfa.manualKey')}
              </Typography>
              <Typography component="code" data-testid="totp-secret" dir="ltr" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' }}>
                {setup.data.secret}
              </Typography>
            </Box>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField size="small" label={t('mfa.firstCode')} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="one-time-code" slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 6 } }} />
            <Button variant="contained" disabled={code.trim().length !== 6 || confirm.isPending} onClick={() => confirm.mutate(code.trim(), { onSuccess: (c) => (setCode(''), setCodes(c)) })}>
              {t('mfa.activate')}
            </Button>
          </Box>
        </Box>
      ) : (
        <>
          <Typography variant="body2">{t('mfa.appOff')}</Typography>
          <Button variant="contained" sx={{ justifySelf: 'start' }} disabled={setup.isPending} onClick={() => setup.mutate()}>
            {t('mfa.enable')}
          </Button>
        </>
      )}
    </Box>
  );
}

function PasskeysPart({ passkeys }: { passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[] }) {
  const { t } = useTranslation('profile');
  const add = useAddPasskey();
  const remove = useDeletePasskey();
  const [name, setName] = useState('');
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('mfa.passkeysTitle')}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t('mfa.passkeysIntro')}
      </Typography>
      {(add.error ?? remove.error) && <Alert severity="error">{(add.error ?? remove.error)!.message}</Alert>}
      {passkeys.length > 0 && (
        <List aria-label={t('mfa.passkeysTitle')}>
          {passkeys.map((p) => (
            <ActionListItem
              key={p.id}
              divider
              action={
                <Button size="small" color="error" disabled={remove.isPending} onClick={() => remove.mutate(p.id)}>
                  {t('mfa.removePasskey')}
                </Button>
              }
            >
              <ListItemText primary={p.name} secondary={t('mfa.passkeyDetails', { created: formatDateTime(p.createdAt), used: p.lastUsedAt ? formatDateTime(p.lastUsedAt) : '—' })} />
            </ActionListItem>
          ))}
        </List>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField size="small" label={t('mfa.passkeyName')} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 60 } }} />
        <Button
          variant="outlined"
          disabled={!supported || !name.trim() || add.isPending}
          onClick={() => add.mutate(name.trim(), { onSuccess: () => (setName(''), notify(t('mfa.passkeyAdded'), 'success')) })}
        >
          {t('mfa.addPasskey')}
        </Button>
      </Box>
    </Box>
  );
}
