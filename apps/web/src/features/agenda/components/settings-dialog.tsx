import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemText, Tab, Tabs, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { Dayjs } from 'dayjs';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '@wellbe/shared/domain/zoned';
import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';
import { can } from '@wellbe/shared/permissions';
import type { AvailabilityRule, WeeklyHours } from '@wellbe/shared/schemas/agenda';
import { DateLocalization } from '../../../components/date-localization.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatDate, getDisplayTimeZone } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useAgendaSettings } from '../api/agenda-data.ts';
import { useSettingsMutations } from '../api/agenda-mutations.ts';
import { AvailabilitySection } from './availability-section.tsx';
import { RulesTab } from './rules-tab.tsx';
import { TypesTab } from './types-tab.tsx';
import { IcalFeedSection } from './ical-feed-section.tsx';

// 'Paramètres de l’agenda', three tabs. 'Horaires et absences' of the practitioner shown: working
// hours per weekday ('09:00-12:30, 14:00-19:00'), recurring availability (RRULE), absences
// (DD/MM/YYYY), and the private iCal feed of the signed-in practitioner. 'Types de rendez-vous'
// (agenda management) and 'Délais de réservation' (read by all, edited by agenda management).

type SettingsTab = 'hours' | 'types' | 'rules';

/** A refusal the query client has already toasted: caught, so that it is not an unhandled rejection. */
const ignoreToasted = () => undefined;

const DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

function toText(ranges: { start: string; end: string }[] | undefined): string {
  return (ranges ?? []).map((r) => `${r.start}-${r.end}`).join(', ');
}

function parse(text: string): { start: string; end: string }[] | null {
  if (!text.trim()) return [];
  const out: { start: string; end: string }[] = [];
  for (const part of text.split(',')) {
    const m = /^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$/.exec(part);
    if (!m) return null;
    const start = `${m[1]!.padStart(2, '0')}:${m[2]}`;
    const end = `${m[3]!.padStart(2, '0')}:${m[4]}`;
    if (start >= end) return null;
    out.push({ start, end });
  }
  return out;
}

export function SettingsDialog({ practitionerId, self, onClose }: { practitionerId: string; self: boolean; onClose: () => void }) {
  const { t } = useTranslation('agenda');
  const titleId = useId();
  const { role } = useSession();
  const manager = can(role, 'agendaManagement');
  const mayEdit = manager || (self && can(role, 'agendaWrite'));
  const [tab, setTab] = useState<SettingsTab>('hours');
  const settings = useAgendaSettings(practitionerId);
  const m = useSettingsMutations(practitionerId);
  const [hours, setHours] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [to, setTo] = useState<Dayjs | null>(null);
  const [label, setLabel] = useState('');

  useEffect(() => {
    if (settings.data) setHours(Object.fromEntries(DAYS.map((d) => [d, toText(settings.data.weeklyHours[d])])));
  }, [settings.data]);

  const save = async () => {
    const weeklyHours: WeeklyHours = {};
    for (const d of DAYS) {
      const ranges = parse(hours[d] ?? '');
      if (!ranges) {
        setError(t('settings.badHours', { day: t(`days.${d}`) }));
        return;
      }
      if (ranges.length) weeklyHours[d] = ranges;
    }
    try {
      await m.save.mutateAsync({ weeklyHours, availability: settings.data?.availability ?? [] });
      notify(t('settings.saved'), 'success');
      setError(null);
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  };

  const saveAvailability = async (availability: AvailabilityRule[]): Promise<boolean> => {
    try {
      await m.save.mutateAsync({ weeklyHours: settings.data?.weeklyHours ?? {}, availability });
      notify(t('availability.saved'), 'success');
      setError(null);
      return true;
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
      return false;
    }
  };

  const addAbsence = async () => {
    if (!from?.isValid() || !to?.isValid()) return;
    try {
      // The days picked are the practice's days: from midnight of the first to midnight after the
      // last in its time zone, not the browser's.
      const timeZone = settings.data?.timeZone ?? getDisplayTimeZone();
      const startsAt = zonedInstant(from.format('YYYY-MM-DD'), '00:00', timeZone);
      const endsAt = zonedInstant(addDays(to.format('YYYY-MM-DD'), 1), '00:00', timeZone);
      await m.addException.mutateAsync({ startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), label });
      setFrom(null);
      setTo(null);
      setLabel('');
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('settings.title')}</DialogTitle>
      <Tabs value={tab} onChange={(_e, v: SettingsTab) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="hours" label={t('settings.tabs.hours')} />
        {manager && <Tab value="types" label={t('settings.tabs.types')} />}
        <Tab value="rules" label={t('settings.tabs.rules')} />
      </Tabs>
      <DialogContent>
        {tab === 'types' && <TypesTab />}
        {tab === 'rules' && <RulesTab />}
        {tab === 'hours' && (
        <>
        {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {t('settings.hours')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
          {DAYS.map((d) => (
            <TextField key={d} size="small" label={t(`days.${d}`)} placeholder="09:00-12:30, 14:00-19:00" value={hours[d] ?? ''} onChange={(e) => setHours({ ...hours, [d]: e.target.value })} />
          ))}
          <Box>
            <Button variant="contained" onClick={() => void save()} disabled={!mayEdit}>
              {t('settings.save')}
            </Button>
          </Box>
        </Box>
        <AvailabilitySection rules={settings.data?.availability ?? []} disabled={!mayEdit || !settings.data} onChange={saveAvailability} />
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {t('settings.absences')}
        </Typography>
        <List dense>
          {(settings.data?.exceptions ?? []).map((e) => (
            <ListItem
              key={e.id}
              secondaryAction={
                <IconButton edge="end" aria-label={t('settings.removeAbsence')} onClick={() => void m.removeException.mutateAsync(e.id).catch(ignoreToasted)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={e.label || t('absence')} secondary={`${formatDate(e.startsAt)} → ${formatDate(new Date(new Date(e.endsAt).getTime() - 1))}`} />
            </ListItem>
          ))}
        </List>
        <DateLocalization>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
            <DatePicker label={t('settings.from')} format="DD/MM/YYYY" value={from} onChange={setFrom} />
            <DatePicker label={t('settings.to')} format="DD/MM/YYYY" value={to} onChange={setTo} />
            <TextField size="small" label={t('settings.label')} value={label} onChange={(e) => setLabel(e.target.value)} />
            <Button onClick={() => void addAbsence()} disabled={!from || !to}>
              {t('settings.addAbsence')}
            </Button>
          </Box>
        </DateLocalization>
        {self && <IcalFeedSection practitionerId={practitionerId} active={!!settings.data?.icalActive} />}
        </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
