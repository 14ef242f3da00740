import { Alert, Box, Card, CardContent, CircularProgress, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '@wellbe/shared/domain/zoned';
import { can } from '@wellbe/shared/permissions';
import type { DiarySummary } from '@wellbe/shared/schemas/diary';
import { Ltr } from '../../../components/ltr.tsx';
import { useDiaryNewCounts, useDiarySeen } from '../../../lib/diary-badge.ts';
import { formatDate, formatNumber, todayInDisplayZone } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useDiaryChart, useDiarySummary, useFollowDiary, usePatientDiary } from '../api/diary.ts';
import { AdherenceChart, EnergyChart, PainChart } from './diary-charts.tsx';
import { DiaryEntries } from './diary-entries.tsx';

const PERIODS = [30, 90, 365, 1825] as const;

function Summary({ summary }: { summary: DiarySummary }) {
  const { t, i18n } = useTranslation('diary');
  // Signed, in the language's notation (« +1,2 » in French); in Arabic isolated left to right with
  // Unicode's isolates as dose.tsx does (these lines are texts, not elements): it read « 1.2+ ».
  const weight = summary.weightChange == null ? null : `${summary.weightChange > 0 ? '+' : ''}${formatNumber(summary.weightChange, i18n.language)}`;
  const lines = [
    t('summary.entries', { meal: summary.entries.meal, pain: summary.entries.pain, weight: summary.entries.weight, activity: summary.entries.activity }),
    summary.energyAverage != null ? (summary.targetKcal ? t('summary.energyTarget', { value: summary.energyAverage, target: summary.targetKcal }) : t('summary.energy', { value: summary.energyAverage })) : null,
    summary.painAverage != null ? t('summary.pain', { value: summary.painAverage }) : null,
    weight != null ? t('summary.weight', { value: i18n.dir() === 'rtl' ? `\u2066${weight}\u2069` : weight }) : null,
    t('summary.activity', { minutes: summary.activityMin }),
    t('summary.adherence', { value: Math.round(summary.adherence * 100) }),
  ].filter(Boolean);
  return (
    <Card component="section" variant="outlined" aria-label={t('summary.title')} data-testid="diary-summary">
      <CardContent>
        <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
          {t('summary.title')} (<Ltr>{`${formatDate(summary.from)} – ${formatDate(summary.to)}`}</Ltr>)
        </Typography>
        <Box component="ul" sx={{ m: 0, mt: 1, paddingInlineStart: 2 }}>
          {lines.map((l) => (
            <li key={l}>
              <Typography variant="body2">{l}</Typography>
            </li>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** The file's 'Journal' tab: the week's summary, the charts of a period, the entries (to comment) and following the patient. */
export function DiaryTab({ idPatient }: { idPatient: string }) {
  const { t } = useTranslation('diary');
  const { role } = useSession();
  const [days, setDays] = useState<(typeof PERIODS)[number]>(90);
  const to = todayInDisplayZone();
  const from = addDays(to, -(days - 1));
  const chart = useDiaryChart(idPatient, from, to);
  const summary = useDiarySummary(idPatient);
  const entries = usePatientDiary(idPatient, addDays(to, -89));
  const follow = useFollowDiary(idPatient);
  // Opening the diary is seeing it: this patient's part of the practitioner's badge goes.
  const unseen = (useDiaryNewCounts().get(idPatient) ?? 0) > 0;
  const { mutate: markSeen, isIdle } = useDiarySeen(idPatient);
  const shown = !!entries.data;
  useEffect(() => {
    // Once per visit of the tab (isIdle): the badge's refetch after it must not send it again.
    if (unseen && shown && isIdle) markSeen();
  }, [unseen, shown, isIdle, markSeen]);
  if (chart.isError) return <Alert severity="error">{chart.error.message}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField select size="small" label={t('file.period')} value={days} onChange={(e) => setDays(Number(e.target.value) as (typeof PERIODS)[number])} sx={{ minWidth: 180 }}>
          {PERIODS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`file.periods.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        {can(role, 'dpsWrite') && chart.data && (
          <FormControlLabel
            control={<Switch checked={chart.data.following} disabled={follow.isPending} onChange={(e) => follow.mutate(e.target.checked)} />}
            label={t('file.follow')}
          />
        )}
        {chart.data && chart.data.granularity !== 'day' && (
          <Typography variant="body2" color="textSecondary">
            {t(`file.granularity.${chart.data.granularity}`)}
          </Typography>
        )}
      </Box>
      {summary.data && <Summary summary={summary.data} />}
      {chart.isPending ? (
        <CircularProgress size={28} aria-label={t('loading')} />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
          <EnergyChart chart={chart.data} />
          <PainChart chart={chart.data} />
          <AdherenceChart chart={chart.data} />
        </Box>
      )}
      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {t('file.entries')}
      </Typography>
      {entries.data ? <DiaryEntries idPatient={idPatient} entries={entries.data} /> : <CircularProgress size={24} aria-label={t('loading')} />}
    </Box>
  );
}
