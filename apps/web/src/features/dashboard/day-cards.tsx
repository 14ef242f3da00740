import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { can } from '@wellbe/shared/permissions';
import type { Role } from '@wellbe/shared/roles';
import type { StatFigure } from '@wellbe/shared/schemas/statistics';
import { useCountLabel } from '../../lib/stat-count.ts';
import { formatDate } from '../../lib/format.ts';
import { useMonthFigures } from './api/month-figures.ts';
import { useRecentPatients } from './api/recent-patients.ts';
import plain from '../../components/plain-button.module.css';
import skeleton from '../../components/skeleton.module.css';
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

/**
 * Whether a card's body is taller than its box: it then scrolls, and takes the keyboard's focus, or
 * a keyboard user could not scroll it (axe's scrollable-region-focusable: a practitioner's day whose
 * appointments have no « Consulter » button). The body and one wrapper of its content are observed
 * once: the wrapper's height follows whatever the content becomes (a skeleton, a text, a list).
 */
function useScrolls(body: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = body.current;
    const inner = content.current;
    if (!box || !inner || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(box.scrollHeight > box.clientHeight + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(box);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [body, content]);
  return scrolls;
}

/** The dashboard's group of day cards: one column on phones, two from MUI's md breakpoint (900 px). */
export function DayGrid({ children }: { children: ReactNode }) {
  return <div className={styles.dayGrid}>{children}</div>;
}

/**
 * One card of a DayGrid: a title, the link to its screen when the role may open it, three lines of
 * skeleton while loading. Its frame and skeleton are static CSS (dashboard.module.css,
 * components/skeleton.module.css; issue 31), drawn as MUI's Grid item, Card, CardContent,
 * Typography, small text Button and Skeleton drew them: a patient's dashboard has six of them,
 * made and styled by emotion in the commits that show the cards.
 */
export function DayCard({ title, to, linkLabel, loading, children, testId, bodyHeight = BODY_HEIGHT }: { title: string; to?: string; linkLabel?: string; loading: boolean; children: ReactNode; testId: string; bodyHeight?: number | { xs: number; md: number } }) {
  const [phone, wide] = typeof bodyHeight === 'number' ? [bodyHeight, bodyHeight] : [bodyHeight.xs, bodyHeight.md];
  const heights = { '--day-card-body': `${phone}px`, '--day-card-body-md': `${wide}px` } as CSSProperties;
  const body = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(body, content);
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
      <div ref={body} className={styles.dayBody} tabIndex={scrolls ? 0 : undefined}>
        <div ref={content} className={styles.dayContent}>
          {loading ? (
            <div aria-hidden data-skeleton>
              {[0, 1, 2].map((line) => (
                <span key={line} className={`${skeleton.bar} ${skeleton.text} ${styles.dayLine}`} />
              ))}
            </div>
          ) : (
            children
          )}
        </div>
      </div>
    </section>
  );
}

/** A card's text (MUI's body1 Typography, in static CSS); `muted`: the secondary text's colour. */
export function DayText({ children, muted = false, strong = false }: { children: ReactNode; muted?: boolean; strong?: boolean }) {
  return <p className={[styles.dayText, muted && styles.dayMuted, strong && styles.dayStrong].filter(Boolean).join(' ')}>{children}</p>;
}

/**
 * A card's list of two-line entries (MUI's dense List of ListItemText), named by `label`. An entry
 * with `to` is a link over its whole row (MUI's ListItemButton's padding; the plain buttons' hover
 * tint and focus ring).
 */
export function DayList({ label, items }: { label: string; items: { key: string; primary: ReactNode; secondary: ReactNode; to?: string }[] }) {
  return (
    <ul className={styles.dayList} aria-label={label}>
      {items.map((item) => {
        const text = (
          <div className={styles.dayItemText}>
            <span className={styles.dayPrimary}>{item.primary}</span>
            <p className={styles.daySecondary}>{item.secondary}</p>
          </div>
        );
        return (
          <li key={item.key} className={item.to ? `${styles.dayItem} ${styles.dayItemFlush}` : styles.dayItem}>
            {item.to ? (
              <Link to={item.to} className={`${plain.base} ${styles.dayItemLink}`}>
                {text}
              </Link>
            ) : (
              text
            )}
          </li>
        );
      })}
    </ul>
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

/** A month's figure of a card: a Count with its comparison to the month before. */
function Figure({ label, figure }: { label: string; figure: StatFigure }) {
  const { t } = useTranslation('dashboard');
  const count = useCountLabel();
  return (
    <div className={`${styles.dayCount} ${styles.dayFigure}`}>
      <p className={styles.dayCountLabel}>{label}</p>
      <p className={styles.dayCountValue}>{count(figure.value)}</p>
      <span className={styles.dayCaption}>
        {figure.change == null ? t('cards.before', { previous: count(figure.previous) }) : t('cards.change', { value: `${figure.change > 0 ? '+' : ''}${String(figure.change).replace('.', ',')}` })}
      </span>
    </div>
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
            <DayList
              label={t('cards.recent')}
              items={recent.data.data
                .filter((p) => p.lastConsultationAt)
                .map((p) => ({ key: p.idPatient, primary: p.FullName, secondary: t('cards.seenOn', { date: formatDate(p.lastConsultationAt) }), to: `/patient/dossier/${encodeURIComponent(p.idPatient)}` }))}
            />
          ) : (
            <DayText muted>{recent.isError ? t('cards.failed') : t('cards.noRecent')}</DayText>
          )}
        </DayCard>
      )}
      {stats && (
        <DayCard title={t('cards.month')} to="/statistics" linkLabel={t('cards.statistics')} loading={month.isPending} testId="card-month">
          {month.data ? (
            <div className={styles.dayCounts}>
              <Figure label={t('cards.consultations')} figure={month.data.activity.consultations} />
              <Figure label={t('cards.newPatients')} figure={month.data.activity.newPatients} />
              <Figure label={t('cards.opinions')} figure={month.data.satisfaction.opinions} />
            </div>
          ) : (
            <DayText muted>{t('cards.failed')}</DayText>
          )}
        </DayCard>
      )}
    </DayGrid>
  );
}
