import { Box, Button, IconButton, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailabilityRule } from '@wellbe/shared/schemas/agenda';
import { DateLocalization } from '../../../components/date-localization.tsx';
import { describeRule, toRrule, type MonthRank, type RuleFrequency } from '../lib/availability.ts';

// 'Disponibilités récurrentes': extra working time on a rhythm the weekly hours cannot say (every
// other Wednesday, the first Saturday of the month), stored as RRULE from the date chosen.

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export function AvailabilitySection({ rules, disabled, onChange }: { rules: AvailabilityRule[]; disabled: boolean; onChange: (rules: AvailabilityRule[]) => Promise<boolean> }) {
  const { t } = useTranslation('agenda');
  const [frequency, setFrequency] = useState<RuleFrequency>('weekly');
  const [weekday, setWeekday] = useState(6);
  const [rank, setRank] = useState<MonthRank>(1);
  const [since, setSince] = useState<Dayjs | null>(dayjs());
  const [start, setStart] = useState('09:00');
  const [end, setEnd] = useState('12:00');
  const ready = !!since?.isValid() && HHMM.test(start) && HHMM.test(end) && start < end;

  const add = async () => {
    const rule: AvailabilityRule = { rrule: toRrule({ frequency, weekday, rank }), since: since!.format('YYYY-MM-DD'), start, end };
    await onChange([...rules, rule]);
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('availability.title')}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 1 }}>
        {t('availability.help')}
      </Typography>
      {rules.length === 0 && <Typography sx={{ mb: 1 }}>{t('availability.none')}</Typography>}
      <List dense>
        {rules.map((r, i) => {
          const d = describeRule(r);
          const values = { ...d.values, weekday: 'weekday' in d.values ? t(`availability.on.${d.values.weekday}`) : '', rank: 'rank' in d.values ? t(`availability.rank.${d.values.rank}`) : '' };
          return (
            <ListItem
              key={`${r.rrule}-${r.since}-${r.start}-${i}`}
              secondaryAction={
                !disabled && (
                  <IconButton edge="end" aria-label={t('availability.remove')} onClick={() => void onChange(rules.filter((_, j) => j !== i))}>
                    <DeleteIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText primary={t(d.key, values)} />
            </ListItem>
          );
        })}
      </List>
      {!disabled && (
        <DateLocalization>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField select size="small" label={t('availability.frequency')} value={frequency} onChange={(e) => setFrequency(e.target.value as RuleFrequency)}>
              {(['weekly', 'biweekly', 'monthly'] as const).map((f) => (
                <MenuItem key={f} value={f}>
                  {t(`availability.frequencies.${f}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField select size="small" label={t('availability.weekday')} value={weekday} onChange={(e) => setWeekday(Number(e.target.value))}>
              {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                <MenuItem key={d} value={d}>
                  {t(`days.${d}`)}
                </MenuItem>
              ))}
            </TextField>
            {frequency === 'monthly' && (
              <TextField select size="small" label={t('availability.whichOne')} value={rank} onChange={(e) => setRank(Number(e.target.value) as MonthRank)}>
                {([1, 2, 3, 4, -1] as const).map((r) => (
                  <MenuItem key={r} value={r}>
                    {t(`availability.rankChoice.${r}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <DatePicker label={t('availability.since')} format="DD/MM/YYYY" value={since} onChange={setSince} slotProps={{ textField: { size: 'small' } }} />
            <TextField size="small" label={t('availability.start')} value={start} onChange={(e) => setStart(e.target.value)} placeholder="09:00" error={!HHMM.test(start)} />
            <TextField size="small" label={t('availability.end')} value={end} onChange={(e) => setEnd(e.target.value)} placeholder="12:00" error={!HHMM.test(end) || start >= end} />
            <Box>
              <Button onClick={() => void add()} disabled={!ready}>
                {t('availability.add')}
              </Button>
            </Box>
          </Box>
        </DateLocalization>
      )}
    </Box>
  );
}
