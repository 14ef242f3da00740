import { Alert, Box, Button, Card, CardContent, Chip, List, ListItemText, Typography } from '@mui/material';
import { ActionListItem } from '../../../components/action-list-item.tsx';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useForgetDevice, useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions.ts';

/** /profile 'Sessions actives': where the account is signed in, and the devices remembered for 30 days. */
export function SessionsSection() {
  const { t } = useTranslation('profile');
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const forget = useForgetDevice();
  const rows = sessions.data?.sessions ?? [];
  const devices = sessions.data?.devices ?? [];

  return (
    <Card variant="outlined" component="section" aria-labelledby="sessions-title">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography id="sessions-title" variant="h6" component="h2">
            {t('sessions.title')}
          </Typography>
          <Button
            variant="outlined"
            color="warning"
            disabled={revokeOthers.isPending || rows.filter((s) => !s.current).length === 0}
            onClick={() => revokeOthers.mutate(undefined, { onSuccess: () => notify(t('sessions.othersEnded'), 'success') })}
          >
            {t('sessions.revokeOthers')}
          </Button>
        </Box>
        {sessions.isError && <Alert severity="error">{sessions.error.message}</Alert>}
        <List aria-label={t('sessions.title')}>
          {rows.map((s) => (
            <ActionListItem
              key={s.id}
              divider
              data-testid="session-row"
              action={
                !s.current && (
                  <Button size="small" disabled={revoke.isPending} onClick={() => revoke.mutate(s.id, { onSuccess: () => notify(t('sessions.ended'), 'success') })}>
                    {t('sessions.revoke')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={
                  <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                    {s.device}
                    {s.current && <Chip size="small" color="primary" label={t('sessions.current')} />}
                  </Box>
                }
                secondary={t('sessions.details', { ip: s.ip ?? '—', lastSeen: formatDateTime(s.lastSeenAt), since: formatDateTime(s.createdAt) })}
              />
            </ActionListItem>
          ))}
        </List>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 600 }}>
          {t('sessions.devicesTitle')}
        </Typography>
        {devices.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            {t('sessions.noDevices')}
          </Typography>
        ) : (
          <List aria-label={t('sessions.devicesTitle')}>
            {devices.map((d) => (
              <ActionListItem
                key={d.id}
                divider
                action={
                  <Button size="small" disabled={forget.isPending} onClick={() => forget.mutate(d.id, { onSuccess: () => notify(t('sessions.deviceForgotten'), 'success') })}>
                    {t('sessions.forgetDevice')}
                  </Button>
                }
              >
                <ListItemText primary={d.device} secondary={t('sessions.deviceDetails', { ip: d.ip ?? '—', until: formatDateTime(d.expiresAt) })} />
              </ActionListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
