import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MEALS } from '@wellbe/shared/domain/dietetics';
import type { Appointment } from '@wellbe/shared/schemas/agenda';
import { can } from '@wellbe/shared/permissions';
import type { Role } from '@wellbe/shared/roles';
import { DASHBOARD_ADMINISTRATION_ROLES, DASHBOARD_WELLBE_ROLES } from '@wellbe/shared/domain/dashboard';
import { isApiError } from '../../lib/api.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useMyNextAppointments } from './api/next-appointments.ts';
import { useUnreadCount } from './api/unread-count.ts';
import { useDashboard } from './api/dashboard.ts';
import { useCancelAppointment } from './api/cancel-appointment.ts';
import { useMyMenuToday } from './api/my-menu-today.ts';
import { useMySportToday } from './api/my-sport-today.ts';
import { Count, DayCard, DayGrid, DayList, DayText } from './day-cards.tsx';
import styles from './dashboard.module.css';
import { VideoButton } from '../../components/video-button.tsx';
import { Ltr } from '../../components/ltr.tsx';

// The cancel dialog (MUI's Dialog and text field) is loaded when first opened: these cards load
// with the dashboard's first screen (issue 13).
const ReasonConfirmDialog = lazy(() => import('../../components/reason-confirm-dialog.tsx').then((m) => ({ default: m.ReasonConfirmDialog })));

// The dashboard's cards of the administration (AD, RH, PA), of the WellBe roles (SA, DE, RE) and of
// the patient (PT), from real data; each card links to the screen behind it when the role may open it.
// Their texts and lists are plain elements in static CSS (day-cards.tsx), as MUI drew them; their
// buttons stay MUI's (issue 31).

export function AdministrationCards({ role }: { role: Role }) {
  const { t } = useTranslation('dashboard');
  const allowed = DASHBOARD_ADMINISTRATION_ROLES.includes(role);
  const query = useDashboard(allowed || DASHBOARD_WELLBE_ROLES.includes(role));
  if (!allowed) return null;
  const a = query.data?.administration;
  const loading = query.isPending;
  const failed = <DayText muted>{t('cards.failed')}</DayText>;
  return (
    <>
      <DayCard title={t('cards.accounts')} to={can(role, 'user') ? '/user' : undefined} linkLabel={t('cards.users')} loading={loading} testId="card-accounts">
        {a ? (
          <div className={styles.dayCounts}>
            <Count label={t('cards.active')} value={a.users.active} />
            <Count label={t('cards.inactive')} value={a.users.inactive} />
            <Count label={t('cards.pendingInvitations')} value={a.users.pendingInvitations} testId="count-invitations" />
          </div>
        ) : (
          failed
        )}
      </DayCard>
      <DayCard title={t('cards.todayLoad')} to="/agenda" linkLabel={t('cards.agenda')} loading={loading} testId="card-load">
        {a ? (
          <div>
            <p className={`${styles.dayText} ${styles.dayLead}`} data-testid="count-requests">
              {t('cards.requests', { count: a.requests })}
            </p>
            {a.todayLoad.length ? (
              <DayList label={t('cards.todayLoad')} items={a.todayLoad.map((p) => ({ key: p.idUser, primary: p.name, secondary: t('cards.appointments', { count: p.appointments }) }))} />
            ) : (
              <DayText muted>{t('cards.noLoad')}</DayText>
            )}
          </div>
        ) : (
          failed
        )}
      </DayCard>
      {a?.refusals && (
        <DayCard title={t('cards.refusals')} to="/admin" linkLabel={t('cards.journal')} loading={false} testId="card-refusals">
          <p className={`${styles.dayText} ${styles.dayLead}`}>{t('cards.refusalCount', { count: a.refusals.count })}</p>
          {a.refusals.last.length > 0 && (
            <DayList
              label={t('cards.refusals')}
              items={a.refusals.last.map((r) => ({ key: `${r.at}-${r.action}`, primary: r.action, secondary: `${formatDateTime(r.at)}${r.username ? ` · ${r.username}` : ''}` }))}
            />
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
        <div className={styles.dayCounts}>
          <Count label={t('cards.activeOrganisations')} value={`${w.organisations.active} / ${w.organisations.total}`} />
          <Count label={t('cards.activeUsers')} value={w.users} />
          <Count label={t('cards.supportOpen')} value={w.supportOpen} />
          <Count label={t('cards.failedJobs')} value={w.failedJobs} />
        </div>
      ) : (
        <DayText muted>{t('cards.failed')}</DayText>
      )}
    </DayCard>
  );
}

/** The next appointment's actions: cancel (the 'Confirmation' dialog with a reason) or move (book another slot). */
function NextAppointmentActions({ next }: { next: Appointment }) {
  const { t } = useTranslation(['dashboardCards', 'agenda']);
  const cancel = useCancelAppointment();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <div className={styles.dayActions}>
      <Button size="small" variant="outlined" component={Link} to="/appointment">
        {t('next.move')}
      </Button>
      <Button size="small" color="error" onClick={() => setOpen(true)}>
        {t('agenda:actions.cancel')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReasonConfirmDialog
            open
            reason={reason}
            setReason={setReason}
            onCancel={() => setOpen(false)}
            onConfirm={() => {
              setOpen(false);
              cancel
                .mutateAsync({ id: next.id, reason })
                .then(() => notify(t('agenda:done.cancelled'), 'success'))
                .catch((err: unknown) => notify(isApiError(err) ? err.message : String(err), 'error'));
            }}
            title={t('agenda:confirmTitle')}
            text={t('agenda:cancelTextMine')}
            reasonLabel={t('agenda:reason')}
            confirmLabel={t('agenda:actions.cancel')}
            cancelLabel={t('agenda:keep')}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The patient's day: today's menu, today's exercise session (when a program is assigned), the notice to leave. */
function PatientDayCards() {
  const { t } = useTranslation(['dashboardCards', 'dietetics']);
  const menu = useMyMenuToday();
  const sport = useMySportToday();
  const dashboard = useDashboard();
  const meals = menu.data ? MEALS.map((m) => ({ meal: m, items: menu.data!.today.meals[m].items })).filter((m) => m.items.length) : [];
  const session = sport.data?.program?.sessions.find((s) => s.id === sport.data?.sessionId);
  const done = sport.data?.logs.some((l) => l.day === sport.data?.today);
  const notice = dashboard.data?.patient?.notice;
  return (
    <>
      <DayCard title={t('menu.title')} to="/dietetiques/mon-menu" linkLabel={t('menu.open')} loading={menu.isPending} testId="card-menu" bodyHeight={{ xs: 330, md: 260 }}>
        {meals.length ? (
          <DayList label={t('menu.title')} items={meals.map((m) => ({ key: m.meal, primary: t(`dietetics:meals.${m.meal}`), secondary: m.items.map((i) => i.name).join(', ') }))} />
        ) : (
          <DayText muted>{t('menu.empty')}</DayText>
        )}
      </DayCard>
      <DayCard title={t('sport.title')} to="/program/sportif/today" linkLabel={t('sport.open')} loading={sport.isPending} testId="card-sport">
        {session ? (
          <div>
            <DayText strong>{session.name}</DayText>
            <DayText muted>{[sport.data!.program!.name, t('sport.exercises', { count: session.exercises.length })].join(' · ')}</DayText>
            <p className={`${styles.dayText} ${styles.dayMuted} ${styles.dayNote}`}>{done ? t('sport.done') : t('sport.toLog')}</p>
          </div>
        ) : (
          <DayText muted>{t('sport.empty')}</DayText>
        )}
      </DayCard>
      {/* The diaries: linked from a card (a menu entry would weigh on /dashboard's first load, bundle-budget.test.ts). */}
      <DayCard title={t('myDiary.title')} to="/journal" linkLabel={t('myDiary.open')} loading={false} testId="card-my-diary" bodyHeight={120}>
        <DayText muted>{t('myDiary.text')}</DayText>
      </DayCard>
      <DayCard
        title={t('notice.title')}
        to={notice ? `/patient/dossier/${encodeURIComponent(notice.idPatient)}/${encodeURIComponent(notice.idConsultation)}` : undefined}
        linkLabel={t('notice.open')}
        loading={dashboard.isPending}
        testId="card-notice"
      >
        {notice ? (
          <DayText>{t('notice.text', { date: formatDate(notice.consultationDate), name: notice.practitionerName })}</DayText>
        ) : (
          <DayText muted>{dashboard.isError ? t('failed') : t('notice.empty')}</DayText>
        )}
      </DayCard>
    </>
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
        {mine.data?.map((a) => <VideoButton key={a.id} appointment={a} kind="join" fullWidth />)}
        {next ? (
          <div>
            <DayText strong>
              <Ltr>{formatDateTime(next.startsAt)}</Ltr>
            </DayText>
            <DayText muted>{[next.practitionerName, next.typeLabel, t(`cards.status.${next.status}`)].filter(Boolean).join(' · ')}</DayText>
            <NextAppointmentActions next={next} />
          </div>
        ) : (
          <DayText muted>{mine.isError ? t('cards.failed') : t('cards.noNextAppointment')}</DayText>
        )}
      </DayCard>
      <DayCard title={t('cards.messages')} to="/messaging" linkLabel={t('cards.openMessaging')} loading={unread.isPending} testId="card-unread" bodyHeight={80}>
        {unread.data ? <Count label={t('cards.unread')} value={unread.data.unread} /> : <DayText muted>{t('cards.failed')}</DayText>}
      </DayCard>
      <PatientDayCards />
    </>
  );
}

/** The grid of the role cards (one column on phones, two from tablets). */
export function RoleCards({ role }: { role: Role }) {
  if (!DASHBOARD_ADMINISTRATION_ROLES.includes(role) && !DASHBOARD_WELLBE_ROLES.includes(role) && role !== 'PT') return null;
  return (
    <DayGrid>
      <AdministrationCards role={role} />
      <WellbeCard role={role} />
      <PatientCards role={role} />
    </DayGrid>
  );
}
