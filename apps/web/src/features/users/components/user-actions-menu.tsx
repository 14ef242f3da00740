import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CancelScheduleSendIcon from '@mui/icons-material/CancelScheduleSend';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EditIcon from '@mui/icons-material/Edit';
import LockResetIcon from '@mui/icons-material/LockReset';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '@wellbe/shared/schemas/users';
import { notify } from '../../../lib/notify.ts';
import { useResendInvitation, useSendPasswordReset } from '../api/users-api.ts';

export type Pending = { kind: 'deactivate' | 'activate' | 'revoke'; user: ManagedUser };

/**
 * An account's menu on /user: edit; resend or revoke an invitation; send a password reset; activate
 * or deactivate (never one's own account). Sends at once, or asks `onConfirm` first.
 */
export function UserActionsMenu({
  menu,
  meId,
  onClose,
  onEdit,
  onConfirm,
}: {
  menu: { anchor: HTMLElement; user: ManagedUser } | null;
  meId: string | undefined;
  onClose: () => void;
  onEdit: (user: ManagedUser) => void;
  onConfirm: (pending: Pending) => void;
}) {
  const { t } = useTranslation(['users', 'common']);
  const resend = useResendInvitation();
  const reset = useSendPasswordReset();
  const fail = (error: Error) => notify(error.message, 'error');
  return (
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={onClose}>
        {menu && [
          <MenuItem key="edit" onClick={() => (onEdit(menu.user), onClose())}>
            <ListItemIcon><EditIcon fontSize="small" /></ListItemIcon>
            <ListItemText>{t('actions.edit')}</ListItemText>
          </MenuItem>,
          menu.user.invitation !== 'none' && menu.user.active && (
            <MenuItem
              key="resend"
              onClick={() => {
                const u = menu.user;
                onClose();
                resend.mutate(u.idUser, { onSuccess: () => notify(t('toast.invitationSent', { email: u.email }), 'success'), onError: fail });
              }}
            >
              <ListItemIcon><SendIcon fontSize="small" /></ListItemIcon>
              <ListItemText>{t('actions.resend')}</ListItemText>
            </MenuItem>
          ),
          menu.user.invitation === 'pending' && (
            <MenuItem key="revoke" onClick={() => (onConfirm({ kind: 'revoke', user: menu.user }), onClose())}>
              <ListItemIcon><CancelScheduleSendIcon fontSize="small" /></ListItemIcon>
              <ListItemText>{t('actions.revoke')}</ListItemText>
            </MenuItem>
          ),
          menu.user.invitation === 'none' && menu.user.active && (
            <MenuItem
              key="reset"
              onClick={() => {
                const u = menu.user;
                onClose();
                reset.mutate(u.idUser, { onSuccess: () => notify(t('toast.resetSent', { email: u.email }), 'success'), onError: fail });
              }}
            >
              <ListItemIcon><LockResetIcon fontSize="small" /></ListItemIcon>
              <ListItemText>{t('actions.reset')}</ListItemText>
            </MenuItem>
          ),
          menu.user.idUser !== meId &&
            (menu.user.active ? (
              <MenuItem key="deactivate" onClick={() => (onConfirm({ kind: 'deactivate', user: menu.user }), onClose())}>
                <ListItemIcon><BlockIcon fontSize="small" /></ListItemIcon>
                <ListItemText>{t('actions.deactivate')}</ListItemText>
              </MenuItem>
            ) : (
              <MenuItem key="activate" onClick={() => (onConfirm({ kind: 'activate', user: menu.user }), onClose())}>
                <ListItemIcon><CheckCircleIcon fontSize="small" /></ListItemIcon>
                <ListItemText>{t('actions.activate')}</ListItemText>
              </MenuItem>
            )),
        ]}
      </Menu>
  );
}
