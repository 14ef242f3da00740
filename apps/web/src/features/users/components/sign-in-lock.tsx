import { Alert, Button, Grid } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import { api } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import type { signInLockAnswer } from '@wellbe/shared/schemas/auth';
import type { Answer } from '@wellbe/shared/schemas/responses';


const lockKey = (id: string) => ['users', id, 'sign-in-lock'] as const;

/**
 * In the /user edit dialog, for SA, DE and PA: failed sign-ins of the account and whether its
 * sign-in is slowed down or blocked now, with 'Débloquer' (journalled by the server).
 */
export function SignInLock({ userId }: { userId: string }) {
  const { t } = useTranslation('users');
  const { role } = useSession();
  const allowed = can(role, 'signInLocks');
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: lockKey(userId),
    queryFn: () => api<Answer<typeof signInLockAnswer>>(`/users/${userId}/sign-in-lock`).then((a) => a.data),
    enabled: allowed,
  });
  const clear = useMutation({
    mutationFn: () => api(`/users/${userId}/sign-in-lock`, { method: 'DELETE' }),
    onSuccess: async () => {
      notify(t('lock.cleared'), 'success');
      await queryClient.invalidateQueries({ queryKey: lockKey(userId) });
    },
  });
  if (!allowed || !state.data || state.data.failures === 0) return null;
  const { locked, lockedUntil, failures } = state.data;
  return (
    <Grid size={12}>
      <Alert
        severity={locked ? 'warning' : 'info'}
        data-testid="sign-in-lock"
        action={
          <Button color="inherit" size="small" disabled={clear.isPending} onClick={() => clear.mutate()}>
            {t('lock.clear')}
          </Button>
        }
      >
        {locked ? t('lock.locked', { count: failures, until: formatDateTime(lockedUntil!) }) : t('lock.failures', { count: failures })}
      </Alert>
    </Grid>
  );
}
