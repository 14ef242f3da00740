import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import type { DiaryChart } from '@wellbe/shared/schemas/diary';
import { formatDate } from '../../../lib/format.ts';

const time = (day: string) => Date.parse(`${day}T12:00:00Z`);

function Frame({ title, label, children, testId }: { title: string; label: string; children: ReactNode; testId: string }) {
  return (
    <Card component="section" variant="outlined" aria-label={title} data-testid={testId}>
      <CardContent>
        <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        <Box role="img" aria-label={label} dir="ltr" sx={{ width: '100%', height: 240 }}>
          <ResponsiveContainer>{children as React.ReactElement}</ResponsiveContainer>
        </Box>
      </CardContent>
    </Card>
  );
}

const axis = { dataKey: 't', type: 'number' as const, scale: 'time' as const, domain: ['dataMin - 86400000', 'dataMax + 86400000'] as [string, string], tickFormatter: (v: number) => formatDate(v), fontSize: 12 };

/** Energy eaten per day (or per day on average over a week or month) against the target. */
export function EnergyChart({ chart }: { chart: DiaryChart }) {
  const { t } = useTranslation('diary');
  const data = chart.buckets.filter((b) => b.energyKcal != null).map((b) => ({ t: time(b.start), energy: b.energyKcal }));
  const label = chart.targetKcal ? t('charts.energyLabelTarget', { target: chart.targetKcal }) : t('charts.energyLabel');
  return (
    <Frame title={t('charts.energy')} label={label} testId="diary-energy-chart">
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis {...axis} />
        {/* The axis reaches above the target, so its line shows even when every day is below it. */}
        <YAxis fontSize={12} width={48} domain={[0, (max: number) => Math.ceil(Math.max(max, (chart.targetKcal ?? 0) * 1.1) / 100) * 100]} />
        <Tooltip labelFormatter={(v) => formatDate(Number(v))} />
        <Legend />
        <Bar dataKey="energy" name={t('charts.kcal')} fill="#0f766e" isAnimationActive={false} />
        {chart.targetKcal != null && <ReferenceLine y={chart.targetKcal} stroke="#c62828" strokeDasharray="6 3" label={{ value: t('charts.target', { value: chart.targetKcal }), fontSize: 12, position: 'insideTopRight' }} />}
      </BarChart>
    </Frame>
  );
}

/** Pain noted by the patient (average and highest of each period) beside the pain recorded in consultations. */
export function PainChart({ chart }: { chart: DiaryChart }) {
  const { t } = useTranslation('diary');
  const diary = chart.buckets.filter((b) => b.pain != null).map((b) => ({ t: time(b.start), pain: b.pain, max: b.painMax }));
  const visits = chart.consultations.filter((c) => c.pain != null).map((c) => ({ t: time(c.date), visit: c.pain }));
  return (
    <Frame title={t('charts.pain')} label={t('charts.painLabel', { count: chart.consultations.length })} testId="diary-pain-chart">
      <ComposedChart margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis {...axis} allowDuplicatedCategory={false} />
        <YAxis domain={[0, 10]} ticks={[0, 2, 4, 6, 8, 10]} fontSize={12} width={36} />
        <Tooltip labelFormatter={(v) => formatDate(Number(v))} />
        <Legend />
        <Line data={diary} dataKey="pain" name={t('charts.painDiary')} stroke="#c62828" strokeWidth={2} dot={diary.length < 60} isAnimationActive={false} />
        <Scatter data={visits} dataKey="visit" name={t('charts.painVisit')} fill="#312e81" shape="diamond" isAnimationActive={false} />
        {chart.consultations.map((c) => (
          <ReferenceLine key={c.date} x={time(c.date)} stroke="#9fa8da" strokeDasharray="2 4" />
        ))}
      </ComposedChart>
    </Frame>
  );
}

/** Adherence: the share of each period's days with at least one entry. */
export function AdherenceChart({ chart }: { chart: DiaryChart }) {
  const { t } = useTranslation('diary');
  const data = chart.buckets.map((b) => ({ t: time(b.start), share: Math.round((b.daysWithEntries / Math.max(1, b.days)) * 100) }));
  return (
    <Frame title={t('charts.adherence')} label={t('charts.adherenceLabel')} testId="diary-adherence-chart">
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis {...axis} />
        <YAxis domain={[0, 100]} unit="%" fontSize={12} width={48} />
        <Tooltip labelFormatter={(v) => formatDate(Number(v))} />
        <Bar dataKey="share" name={t('charts.adherenceShare')} fill="#312e81" isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}
