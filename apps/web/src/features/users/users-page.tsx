import {
  Box,
  Button,
  Chip,
  IconButton,
  MenuItem,
  Paper,
  TextField,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import { isPlatformRole, PRIVILEGED_ROLES } from '@wellbe/shared/roles';
import type { ManagedUser } from '@wellbe/shared/schemas/users';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ListSearchField, listPaging } from '../../components/list-controls.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedTable, plainTable, type PagedColumn } from '../../components/paged-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { useListState, type ListStateConfig } from '../../lib/use-list-state.ts';
import { useOrganisationOptions } from '../../lib/organisation-options.ts';
import {
  useRevokeInvitation,
  useUpdateUser,
  useUserTable,
  type UserTableParams,
} from './api/users-api.ts';
import { UserActionsMenu, type Pending } from './components/user-actions-menu.tsx';
import { UserDialog } from './components/user-dialog.tsx';
import { Ltr } from '../../components/ltr.tsx';
import { organisationItems } from '../../components/organisation-items.tsx';

const PAGE_SIZES = [10, 25, 50, 100];

// Search, page and organisation live in the URL: a reload shows the same selection.
const LIST: ListStateConfig<'organizationId'> = { pageSizes: PAGE_SIZES, pageSize: 25, filters: ['organizationId'] };

/** /user: the organisation's accounts; SA and DE see every organisation with a filter. */
export function UsersPage() {
  const { t } = useTranslation(['users', 'common']);
  const { role, user: me } = useSession();
  const platform = isPlatformRole(role);
  const mayWrite = can(role, 'userWrite');
  const list = useListState(LIST);
  const params: UserTableParams = { q: list.q, page: list.page, pageSize: list.pageSize, organizationId: list.filters.organizationId };
  const [editing, setEditing] = useState<ManagedUser | 'new' | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; user: ManagedUser } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const table = useUserTable(params);
  const organisations = useOrganisationOptions(platform);
  const setActive = useUpdateUser();
  const revoke = useRevokeInvitation();

  const fail = (error: Error) => notify(error.message, 'error');
  const name = (u: ManagedUser) => `${u.firstName} ${u.lastName}`.trim();
  // Accounts holding SA, DE or RE are managed by SA or DE only (the server says the same).
  const manageable = (u: ManagedUser) => mayWrite && (platform || !PRIVILEGED_ROLES.includes(u.role));

  const confirm = () => {
    if (!pending) return;
    const { kind, user } = pending;
    const done = () => setPending(null);
    if (kind === 'revoke') {
      revoke.mutate(user.idUser, { onSuccess: () => notify(t('toast.invitationRevoked'), 'success'), onError: fail, onSettled: done });
    } else {
      const active = kind === 'activate';
      setActive.mutate(
        { id: user.idUser, body: { active } },
        { onSuccess: () => notify(t(active ? 'toast.activated' : 'toast.deactivated', { name: name(user) }), 'success'), onError: fail, onSettled: done },
      );
    }
  };

  const data = table.data;
  // The organisation column only when SA or DE list every organisation: it keeps the table in its card.
  const showOrganisation = platform && !params.organizationId;
  // The headers on one line: the automatic layout sizes the columns by their rows (ten columns do
  // not fit fixed shares without breaking words), and a header that wrapped once the rows came
  // pushed the rows down (a layout shift of 0.06–0.08 on a desktop, 0.003–0.009 unwrapped).
  const columns: PagedColumn[] = [
    ...(['name', 'username', 'email', 'role', 'job', 'speciality'] as const).map((key) => ({ key, label: t(`columns.${key}`) })),
    ...(showOrganisation ? [{ key: 'organisation', label: t('columns.organisation') }] : []),
    { key: 'status', label: t('columns.status') },
    { key: 'lastSignIn', label: t('columns.lastSignIn') },
    ...(mayWrite ? [{ key: 'actions', label: t('columns.actions'), align: 'right' as const, sticky: true }] : []),
  ].map((column) => ({ ...column, sx: { whiteSpace: 'nowrap' } }));
  return (
    <Box>
      <PageHeader
        title={t('title')}
        subtitle={platform ? t('subtitlePlatform') : t('subtitle')}
        actions={
          mayWrite && (
            <Button variant="contained" startIcon={<PersonAddAlt1Icon />} onClick={() => setEditing('new')}>
              {t('create')}
            </Button>
          )
        }
      />
      <Paper variant="outlined">
        <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap' }}>
          <ListSearchField list={list} label={t('search')} />
          {platform && (
            <TextField select size="small" label={t('organisation')} value={params.organizationId} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} onChange={(e) => list.update({ filters: { organizationId: e.target.value } })} sx={{ minWidth: 240 }}>
              <MenuItem value="">{t('allOrganisations')}</MenuItem>
              {organisationItems(organisations.data)}
            </TextField>
          )}
        </Box>
        <PagedTable
          label={t('title')}
          columns={columns}
          rows={data?.data}
          renderRow={(u) => (
            <tr key={u.idUser} className={plainTable.hover}>
              <td className={plainTable.cell}>{name(u)}</td>
              <td className={plainTable.cell}>{u.username}</td>
              <td className={plainTable.cell}>
                <Ltr>{u.email}</Ltr>
              </td>
              <td className={plainTable.cell}>{t(`common:roles.${u.role}`)}</td>
              <td className={plainTable.cell}>{u.job}</td>
              <td className={plainTable.cell}>{u.jobSpecialist}</td>
              {showOrganisation && <td className={plainTable.cell}>{u.organization}</td>}
              <td className={plainTable.cell}>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  <Chip size="small" label={u.active ? t('status.active') : t('status.inactive')} color={u.active ? 'success' : 'default'} variant={u.active ? 'filled' : 'outlined'} />
                  {u.invitation !== 'none' && (
                    <Chip size="small" variant="outlined" color={u.invitation === 'pending' ? 'info' : 'warning'} label={t(u.invitation === 'pending' ? 'status.invitationPending' : 'status.invitationExpired')} />
                  )}
                </Box>
              </td>
              <td className={`${plainTable.cell} ${plainTable.nowrap}`}>{u.lastSignInAt ? <Ltr>{formatDateTime(u.lastSignInAt)}</Ltr> : t('never')}</td>
              {mayWrite && (
                <td className={`${plainTable.cell} ${plainTable.end} ${plainTable.sticky}`}>
                  {manageable(u) && (
                    <IconButton aria-label={t('actions.menu', { name: name(u) })} onClick={(e) => setMenu({ anchor: e.currentTarget, user: u })}>
                      <MoreVertIcon />
                    </IconButton>
                  )}
                </td>
              )}
            </tr>
          )}
          empty={t('empty')}
          {...listPaging(list, table, PAGE_SIZES)}
        />
      </Paper>

      <UserActionsMenu menu={menu} meId={me?.id} onClose={() => setMenu(null)} onEdit={setEditing} onConfirm={setPending} />

      {editing && (
        <UserDialog
          user={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(u, created) => {
            setEditing(null);
            notify(created ? t('toast.created', { email: u.email }) : t('toast.saved'), 'success');
          }}
        />
      )}
      <ConfirmDialog
        open={!!pending}
        busy={setActive.isPending || revoke.isPending}
        text={pending ? t(`confirm.${pending.kind}`, { name: name(pending.user) }) : ''}
        confirmLabel={pending ? t(`confirm.${pending.kind}Button`) : ''}
        cancelLabel={t('form.cancel')}
        confirmColor={pending?.kind === 'activate' ? 'primary' : 'error'}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </Box>
  );
}
