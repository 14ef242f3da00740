import { Card, CardContent, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { can } from '@wellbe/shared/permissions';
import type { Role } from '@wellbe/shared/roles';
import { formatDate } from '../../lib/format.ts';
import { useInactivePatients } from './api/inactive-sport-patients.ts';

/** The dashboard's list for practitioners: patients of a running sport program who logged nothing for 7 days. */
export function InactiveSportPatients({ role }: { role: Role }) {
  const { t } = useTranslation('sport');
  const allowed = can(role, 'dietetics');
  const list = useInactivePatients(allowed);
  if (!allowed || !list.data?.length) return null;
  return (
    <Card component="section" aria-labelledby="sport-inactive-title" sx={{ mb: 4 }} data-testid="sport-inactive">
      <CardContent>
        <Typography id="sport-inactive-title" variant="h2" sx={{ fontSize: '1.2rem' }}>
          {t('dashboard.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.subtitle')}
        </Typography>
        <List dense>
          {list.data.map((p) => (
            <ListItem key={p.programId} disableGutters>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/patient/sport/${encodeURIComponent(p.idPatient)}`}>
                    {p.FullName}
                  </Link>
                }
                secondary={t(p.lastLogDay ? 'dashboard.line' : 'dashboard.lineNever', { program: p.programName, days: p.daysWithoutLog, date: formatDate(p.lastLogDay), start: formatDate(p.startDate) })}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
