import { Button, List, ListItem, ListItemText } from '@mui/material';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_FOLLOW_UP, DASHBOARD_PRACTITIONER_ROLES } from '@wellbe/shared/domain/dashboard';
import type { DashboardFollowUp } from '@wellbe/shared/schemas/dashboard';
import type { Role } from '@wellbe/shared/roles';
import { StatusTag } from '../../components/status-tag.tsx';
import { formatDate, formatDateTime, formatTime } from '../../lib/format.ts';
import { useDashboard } from './api/dashboard.ts';
import { useUnreadCount } from './api/unread-count.ts';
import { Count, DayCard, DayGrid, DayList, DayText } from './day-cards.tsx';
import { VideoButton } from '../../components/video-button.tsx';
import { DiaryCard } from './diary-card.tsx';
import styles from './dashboard.module.css';

// The practitioner's day (PR, PA, PG), in its own chunk (the /dashboard first-load budget): today's
// appointments with a way to start the consultation, requests waiting, unread messages, patients to
// follow up and due note reminders, from GET /api/dashboard (their own day, their organisation).

function followUpLine(t: (key: string, options?: Record<string, unknown>) => string, f: DashboardFollowUp): string {
  if (f.reason === 'noVisit') return t('followUp.noVisit', { date: formatDate(f.date), months: DASHBOARD_FOLLOW_UP.noVisitMonths });
  if (f.reason === 'program') return f.date ? t('followUp.program', { days: f.value, date: formatDate(f.date) }) : t('followUp.programNever', { days: f.value });
  return t('followUp.weight', { value: `${(f.value ?? 0) > 0 ? '+' : ''}${String(f.value).replace('.', ',')}`, date: formatDate(f.date) });
}

/** Where a patient to follow up is handled: the sport follow-up for a program, else the file. */
const followUpLink = (f: DashboardFollowUp) => (f.reason === 'program' ? `/patient/sport/${encodeURIComponent(f.idPatient)}` : `/patient/dossier/${encodeURIComponent(f.idPatient)}`);

export function PractitionerCards({ role }: { role: Role }) {
  const { t } = useTranslation(['dashboardCards', 'agenda']);
  const allowed = DASHBOARD_PRACTITIONER_ROLES.includes(role);
  const query = useDashboard(allowed);
  const unread = useUnreadCount(allowed);
  if (!allowed) return null;
  const p = query.data?.practitioner;
  const loading = query.isPending;
  const failed = <DayText muted>{t('failed')}</DayText>;
  return (
    <DayGrid>
      <DayCard title={t('today.title')} to="/agenda" linkLabel={t('today.agenda')} loading={loading} testId="card-today">
        {p ? (
          p.today.length ? (
            <List dense disablePadding aria-label={t('today.title')}>
              {p.today.map((a) => (
                <ListItem key={a.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <ListItemText primary={`${formatTime(a.startsAt)} · ${a.patientName ?? a.title ?? ''}`} secondary={a.typeLabel} sx={{ flex: '1 1 160px' }} />
                  <StatusTag status={a.status} label={t(`agenda:status.${a.status}`)} />
                  <VideoButton appointment={a} kind="start" />
                  {a.idPatient && a.status === 'confirmé' && (
                    <Button size="small" variant="outlined" component={Link} to={`/patient/dossier/${encodeURIComponent(a.idPatient)}?appointment=${encodeURIComponent(a.id)}`} aria-label={`${t('common:labelled', { label: t('agenda:actions.consult') })} ${a.patientName ?? ''}`}>
                      {t('agenda:actions.consult')}
                    </Button>
                  )}
                </ListItem>
              ))}
            </List>
          ) : (
            <DayText muted>{t('today.empty')}</DayText>
          )
        ) : (
          failed
        )}
      </DayCard>
      <DayCard title={t('inbox.title')} to="/messaging" linkLabel={t('inbox.messaging')} loading={loading || unread.isPending} testId="card-inbox">
        <div className={`${styles.dayCounts} ${styles.dayCountsEnd}`}>
          {p ? <Count label={t('inbox.requests')} value={p.requests} testId="count-my-requests" /> : failed}
          {unread.data ? <Count label={t('inbox.unread')} value={unread.data.unread} testId="count-unread" /> : failed}
          <Button component={Link} to="/appointment" size="small">
            {t('inbox.confirm')}
          </Button>
        </div>
      </DayCard>
      <DayCard title={t('followUp.title')} to="/patients/list" linkLabel={t('followUp.patients')} loading={loading} testId="card-follow-up">
        {p ? (
          p.followUp.length ? (
            <DayList label={t('followUp.title')} items={p.followUp.map((f) => ({ key: `${f.reason}-${f.idPatient}`, primary: f.FullName, secondary: followUpLine(t, f), to: followUpLink(f) }))} />
          ) : (
            <DayText muted>{t('followUp.empty')}</DayText>
          )
        ) : (
          failed
        )}
      </DayCard>
      <DayCard title={t('notes.title')} to="/notes" linkLabel={t('notes.all')} loading={loading} testId="card-notes">
        {p ? (
          p.notes.count ? (
            <>
              <p className={`${styles.dayText} ${styles.dayLead}`}>{t('notes.count', { count: p.notes.count })}</p>
              <DayList label={t('notes.title')} items={p.notes.due.map((n) => ({ key: n.id, primary: n.title || t('notes.untitled'), secondary: formatDateTime(n.reminderAt), to: `/notes/${encodeURIComponent(n.id)}` }))} />
            </>
          ) : (
            <DayText muted>{t('notes.empty')}</DayText>
          )
        ) : (
          failed
        )}
      </DayCard>
      <DiaryCard />
    </DayGrid>
  );
}
