import { Badge, Button, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDiaryNotifications, useDiaryNotificationsSeen } from './api/diary-notifications.ts';
import { DayCard } from './day-cards.tsx';

/** The diaries the practitioner follows: a badge of new entries per patient since they last looked (the digest mail is daily). */
export function DiaryCard() {
  const { t } = useTranslation('dashboardCards');
  const query = useDiaryNotifications(true);
  const seen = useDiaryNotificationsSeen();
  const data = query.data;
  return (
    <DayCard title={t('diary.title')} loading={query.isPending} testId="card-diary">
      {!data ? (
        <Typography color="textSecondary">{t('failed')}</Typography>
      ) : data.count === 0 ? (
        <Typography color="textSecondary">{t('diary.empty')}</Typography>
      ) : (
        <>
          <Badge badgeContent={data.count} color="error" sx={{ mb: 1, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }} aria-label={t('diary.count', { count: data.count })} />
          <List dense disablePadding aria-label={t('diary.title')}>
            {data.patients.map((p) => (
              <ListItem key={p.idPatient} disablePadding>
                <ListItemButton component={Link} to={`/patient/journal/${encodeURIComponent(p.idPatient)}`}>
                  <ListItemText primary={p.FullName} secondary={t('diary.entries', { count: p.count })} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          <Button size="small" onClick={() => seen.mutate()} disabled={seen.isPending}>
            {t('diary.seen')}
          </Button>
        </>
      )}
    </DayCard>
  );
}
