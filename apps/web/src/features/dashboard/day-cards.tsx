import { Box, Button, Card, CardContent, Grid, List, ListItem, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { can } from '@wellbe/shared/permissions';
import type { Role } from '@wellbe/shared/roles';
import type { StatFigure } from '@wellbe/shared/schemas/statistics';
import { useCountLabel } from '../../lib/stat-count.ts';
import { formatDate } from '../../lib/format.ts';
import { useMonthFigures } from './api/month-figures.ts';
import { useRecentPatients } from './api/recent-patients.ts';

// The dashboard's cards from real data, each a link to the screen behind it. Each role gets the
// cards whose data exists today; the agenda, messaging and sport cards join this grid when their
// areas land (one more <Grid> item each, with its own api/ file).

/**
 * A card's body has one height, loading or not (its skeleton's height is its final height): a card
 * whose answer comes after the cards are shown (RevealWhenSettled's cap, a slow phone) moves
 * nothing below it (the patient's dashboard measured a CLS of 0.507, issue 31). Longer content
 * scrolls inside the card; a card whose content is shorter or longer says its own height.
 */
const BODY_HEIGHT = 200;

/** One card of the dashboard's grid (one column on phones): a title, the link to its screen when the role may open it, skeletons while loading. */
export function DayCard({ title, to, linkLabel, loading, children, testId, bodyHeight = BODY_HEIGHT }: { title: string; to?: string; linkLabel?: string; loading: boolean; children: ReactNode; testId: string; bodyHeight?: number | { xs: number; md: number } }) {
  return (
    <Grid size={{ xs: 12, md: 6 }}>
      <Card component="section" aria-label={title} sx={{ height: '100%' }} data-testid={testId}>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
            <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
              {title}
            </Typography>
            {to && (
              <Button component={Link} to={to} size="small">
                {linkLabel}
              </Button>
            )}
          </Box>
          <Box sx={{ height: bodyHeight, overflowY: 'auto' }}>
            {loading ? (
              <Box aria-hidden>
                <Skeleton height={32} />
                <Skeleton height={32} />
                <Skeleton height={32} />
              </Box>
            ) : (
              children
            )}
          </Box>
        </CardContent>
      </Card>
    </Grid>
  );
}

/** A labelled count of a card. */
export function Count({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 110 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.6rem', fontWeight: 700 }}>{value}</Typography>
    </Box>
  );
}

function Figure({ label, figure }: { label: string; figure: StatFigure }) {
  const { t } = useTranslation('dashboard');
  const count = useCountLabel();
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.6rem', fontWeight: 700 }}>{count(figure.value)}</Typography>
      <Typography variant="caption" color="text.secondary">
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
    <Grid container spacing={2} sx={{ mb: 4 }}>
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
            <Typography color="text.secondary">{recent.isError ? t('cards.failed') : t('cards.noRecent')}</Typography>
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
            <Typography color="text.secondary">{t('cards.failed')}</Typography>
          )}
        </DayCard>
      )}
    </Grid>
  );
}
