import { Box, Grid, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import type { Role } from '@wellbe/shared/roles';
import { DASHBOARD_ADMINISTRATION_ROLES, DASHBOARD_WELLBE_ROLES } from '@wellbe/shared/schemas/dashboard';
import { formatDateTime } from '../../lib/format.ts';
import { useMyNextAppointments } from './api/next-appointments.ts';
import { useUnreadCount } from './api/unread-count.ts';
import { useDashboard } from './api/dashboard.ts';
import { Count, DayCard } from './day-cards.tsx';

// The dashboard's cards of the administration (AD, RH, PA), of the WellBe roles (SA, DE, RE) and of
// the patient (PT), from real data; each card links to the screen behind it when the role may open it.

function Empty({ children }: { children: string }) {
  return <Typography color="text.secondary">{children}</Typography>;
}

export function AdministrationCards({ role }: { role: Role }) {
  const { t } = useTranslation('dashboard');
  const allowed = DASHBOARD_ADMINISTRATION_ROLES.includes(role);
  const query = useDashboard(allowed || DASHBOARD_WELLBE_ROLES.includes(role));
  if (!allowed) return null;
  const a = query.data?.administration;
  const loading = query.isPending;
  const failed = <Empty>{t('cards.failed')}</Empty>;
  return (
    <>
      <DayCard title={t('cards.accounts')} to={can(role, 'user') ? '/user' : undefined} linkLabel={t('cards.users')} loading={loading} testId="card-accounts">
        {a ? (
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
            <Count label={t('cards.active')} value={a.users.active} />
            <Count label={t('cards.inactive')} value={a.users.inactive} />
            <Count label={t('cards.pendingInvitations')} value={a.users.pendingInvitations} testId="count-invitations" />
          </Box>
        ) : (
          failed
        )}
      </DayCard>
      <DayCard title={t('cards.todayLoad')} to="/agenda" linkLabel={t('cards.agenda')} loading={loading} testId="card-load">
        {a ? (
          <Box>
            <Typography sx={{ mb: 1 }} data-testid="count-requests">
              {t('cards.requests', { count: a.requests })}
            </Typography>
            {a.todayLoad.length ? (
              <List dense disablePadding aria-label={t('cards.todayLoad')}>
                {a.todayLoad.map((p) => (
                  <ListItem key={p.idUser} disableGutters>
                    <ListItemText primary={p.name} secondary={t('cards.appointments', { count: p.appointments })} />
                  </ListItem>
                ))}
              </List>
            ) : (
              <Empty>{t('cards.noLoad')}</Empty>
            )}
          </Box>
        ) : (
          failed
        )}
      </DayCard>
      {a?.refusals && (
        <DayCard title={t('cards.refusals')} to="/admin" linkLabel={t('cards.journal')} loading={false} testId="card-refusals">
          <Typography sx={{ mb: 1 }}>{t('cards.refusalCount', { count: a.refusals.count })}</Typography>
          {a.refusals.last.length > 0 && (
            <List dense disablePadding aria-label={t('cards.refusals')}>
              {a.refusals.last.map((r) => (
                <ListItem key={`${r.at}-${r.action}`} disableGutters>
                  <ListItemText primary={r.action} secondary={`${formatDateTime(r.at)}${r.username ? ` · ${r.username}` : ''}`} />
                </ListItem>
              ))}
            </List>
          )}
        </DayCard>
      )}
    </>
  );
}

export function WellbeCard({ role }: { role: Role }) {
  const { t } = useTranslation('dashboard');
  const allowed = DASHBOARD_WELLBE_ROLES.includes(role);
  const query = useDashboard(allowed || DASHBOARD_ADMINISTRATION_ROLES.includes(role));
  if (!allowed) return null;
  const w = query.data?.wellbe;
  return (
    <DayCard title={t('cards.platform')} to={can(role, 'organisation') ? '/organizations' : undefined} linkLabel={t('cards.organisations')} loading={query.isPending} testId="card-platform">
      {w ? (
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          <Count label={t('cards.activeOrganisations')} value={`${w.organisations.active} / ${w.organisations.total}`} />
          <Count label={t('cards.activeUsers')} value={w.users} />
          <Count label={t('cards.supportOpen')} value={w.supportOpen} />
          <Count label={t('cards.failedJobs')} value={w.failedJobs} />
        </Box>
      ) : (
        <Empty>{t('cards.failed')}</Empty>
      )}
    </DayCard>
  );
}

export function PatientCards({ role }: { role: Role }) {
  const { t } = useTranslation('dashboard');
  const patient = role === 'PT';
  const mine = useMyNextAppointments(patient);
  const unread = useUnreadCount(patient);
  if (!patient) return null;
  const now = Date.now();
  const next = mine.data
    ?.filter((a) => (a.status === 'confirmé' || a.status === 'demandé') && Date.parse(a.startsAt) > now)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0];
  return (
    <>
      <DayCard title={t('cards.nextAppointment')} to="/appointment" linkLabel={t('cards.myAppointments')} loading={mine.isPending} testId="card-next-appointment">
        {next ? (
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{formatDateTime(next.startsAt)}</Typography>
            <Typography color="text.secondary">
              {[next.practitionerName, next.typeLabel, t(`cards.status.${next.status}`)].filter(Boolean).join(' · ')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('cards.moveOrCancel')}
            </Typography>
          </Box>
        ) : (
          <Empty>{mine.isError ? t('cards.failed') : t('cards.noNextAppointment')}</Empty>
        )}
      </DayCard>
      <DayCard title={t('cards.messages')} to="/messaging" linkLabel={t('cards.openMessaging')} loading={unread.isPending} testId="card-unread">
        {unread.data ? <Count label={t('cards.unread')} value={unread.data.unread} /> : <Empty>{t('cards.failed')}</Empty>}
      </DayCard>
    </>
  );
}

/** The grid of the role cards (one column on phones, two from tablets). */
export function RoleCards({ role }: { role: Role }) {
  if (!DASHBOARD_ADMINISTRATION_ROLES.includes(role) && !DASHBOARD_WELLBE_ROLES.includes(role) && role !== 'PT') return null;
  return (
    <Grid container spacing={2} sx={{ mb: 4 }}>
      <AdministrationCards role={role} />
      <WellbeCard role={role} />
      <PatientCards role={role} />
    </Grid>
  );
}
