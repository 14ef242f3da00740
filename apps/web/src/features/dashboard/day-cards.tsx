import { Box, List, ListItem, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CSSProperties, ReactNode } from 'react';
import { can } from '@wellbe/shared/permissions';
import type { Role } from '@wellbe/shared/roles';
import type { StatFigure } from '@wellbe/shared/schemas/statistics';
import { useCountLabel } from '../../lib/stat-count.ts';
import { formatDate } from '../../lib/format.ts';
import { useMonthFigures } from './api/month-figures.ts';
import { useRecentPatients } from './api/recent-patients.ts';
import plain from '../../components/plain-button.module.css';
import styles from './dashboard.module.css';

// The dashboard's cards from real data, each a link to the screen behind it. Each role gets the
// cards whose data exists today; the agenda, messaging and sport cards join this grid when their
// areas land (one more DayCard each, with its own api/ file).

/**
 * A card's body has one height, loading or not (its skeleton's height is its final height): a card
 * whose answer comes after the cards are shown (RevealWhenSettled's cap, a slow phone) moves
 * nothing below it (the patient's dashboard measured a CLS of 0.507, issue 31). Longer content
 * scrolls inside the card; a card whose content is shorter or longer says its own height.
 */
const BODY_HEIGHT = 200;

/** The dashboard's group of day cards: one column on phones, two from MUI's md breakpoint (900 px). */
export function DayGrid({ children }: { children: ReactNode }) {
  return <div className={styles.dayGrid}>{children}</div>;
}

/**
 * One card of a DayGrid: a title, the link to its screen when the role may open it, skeletons while
 * loading. Its frame is static CSS (dashboard.module.css, issue 31), drawn as MUI's Grid item, Card,
 * CardContent, Typography and small text Button drew it: a patient's dashboard has six of them,
 * made and styled by emotion in the one commit that shows the cards. Their content stays MUI.
 */
export function DayCard({ title, to, linkLabel, loading, children, testId, bodyHeight = BODY_HEIGHT }: { title: string; to?: string; linkLabel?: string; loading: boolean; children: ReactNode; testId: string; bodyHeight?: number | { xs: number; md: number } }) {
  const [phone, wide] = typeof bodyHeight === 'number' ? [bodyHeight, bodyHeight] : [bodyHeight.xs, bodyHeight.md];
  const heights = { '--day-card-body': `${phone}px`, '--day-card-body-md': `${wide}px` } as CSSProperties;
  return (
    <section className={`${styles.card} ${styles.dayCard}`} aria-label={title} data-testid={testId} style={heights}>
      <div className={styles.dayHeader}>
        <h2 className={styles.dayTitle}>{title}</h2>
        {to && (
          <Link to={to} className={`${plain.base} ${styles.dayLink}`}>
            {linkLabel}
          </Link>
        )}
      </div>
      <div className={styles.dayBody}>
        {loading ? (
          <div aria-hidden>
            <Skeleton height={32} />
            <Skeleton height={32} />
            <Skeleton height={32} />
          </div>
        ) : (
          children
        )}
      </div>
    </section>
  );
}

/** A labelled count of a card. */
export function Count({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className={styles.dayCount} data-testid={testId}>
      <p className={styles.dayCountLabel}>{label}</p>
      <p className={styles.dayCountValue}>{value}</p>
    </div>
  );
}

function Figure({ label, figure }: { label: string; figure: StatFigure }) {
  const { t } = useTranslation('dashboard');
  const count = useCountLabel();
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.6rem', fontWeight: 700 }}>{count(figure.value)}</Typography>
      <Typography variant="caption" color="textSecondary">
        {figure.change == null ? t('cards.before', { previous: count(figure.previous) }) : t('cards.change', { value: `${figure.change > 0 ? '+' : ''}${String(figure.change).replace('.', ',')}` })}
      </Typography>
    </Box>
  );
}

export function DayCards({ role }: { role: Role }) {
  const { t } = useTranslation('dashboard');
  const practitioner = can(role, 'practitionerWrite');
  const stats = can(role, 'stat');
  const recent = useRecentPatients(practitioner);
  const month = useMonthFigures(stats);
  if (!practitioner && !stats) return null;
  return (
    <DayGrid>
      {practitioner && (
        <DayCard title={t('cards.recent')} to="/patients/list" linkLabel={t('cards.allPatients')} loading={recent.isPending} testId="card-recent">
          {recent.data && recent.data.data.filter((p) => p.lastConsultationAt).length > 0 ? (
            <List dense disablePadding>
              {recent.data.data
                .filter((p) => p.lastConsultationAt)
                .map((p) => (
                  <ListItem key={p.idPatient} disablePadding>
                    <ListItemButton component={Link} to={`/patient/dossier/${encodeURIComponent(p.idPatient)}`}>
                      <ListItemText primary={p.FullName} secondary={t('cards.seenOn', { date: formatDate(p.lastConsultationAt) })} />
                    </ListItemButton>
                  </ListItem>
                ))}
            </List>
          ) : (
            <Typography color="textSecondary">{recent.isError ? t('cards.failed') : t('cards.noRecent')}</Typography>
          )}
        </DayCard>
      )}
      {stats && (
        <DayCard title={t('cards.month')} to="/statistics" linkLabel={t('cards.statistics')} loading={month.isPending} testId="card-month">
          {month.data ? (
            <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
              <Figure label={t('cards.consultations')} figure={month.data.activity.consultations} />
              <Figure label={t('cards.newPatients')} figure={month.data.activity.newPatients} />
              <Figure label={t('cards.opinions')} figure={month.data.satisfaction.opinions} />
            </Box>
          ) : (
            <Typography color="textSecondary">{t('cards.failed')}</Typography>
          )}
        </DayCard>
      )}
    </DayGrid>
  );
}
