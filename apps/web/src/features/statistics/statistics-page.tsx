import { Alert, Box, Button, Card, CardContent, Chip, Grid, MenuItem, Skeleton, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { isPlatformRole } from '@wellbe/shared/roles';
import { STAT_PERIODS, type StatBucket, type StatCount, type StatFigure, type StatPeriod, type StatTable } from '@wellbe/shared/schemas/statistics';
import { DOLOR_INTENSITIES } from '@wellbe/shared/domain/consultation';
import { PageHeader } from '../../components/page-header.tsx';
import { DateLocalization } from '../../components/date-localization.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useOrganisationOptions } from '../../lib/organisation-options.ts';
import { useSession } from '../../lib/session.ts';
import { downloadStatisticsCsv, useStatistics, type StatisticsFilters } from './api/read-statistics.ts';
import { ChartCard } from '../../components/chart-card.tsx';
import { useCountLabel } from '../../lib/stat-count.ts';

// /statistics (SPEC §6 `stat`): the practice's activity, clinical overview and satisfaction over a
// period, compared with the previous one. Filters live in the URL (?period=&from=&to=&org=), so a
// view can be bookmarked, shared and printed.

/** Colours that keep a 3:1 contrast on white (WCAG AA for graphics). */
const COLOURS = ['#0f766e', '#4338ca', '#b45309', '#be123c', '#15803d', '#6d28d9', '#0369a1', '#57534e'];

const num = (c: StatCount) => (typeof c === 'number' ? c : 0);

function bucketLabel(start: string, bucket: StatBucket): string {
  return bucket === 'month' ? `${start.slice(5, 7)}/${start.slice(0, 4)}` : formatDate(start);
}

function isPeriod(v: string | null): v is StatPeriod {
  return !!v && (STAT_PERIODS as readonly string[]).includes(v);
}

export function StatisticsPage() {
  const { t } = useTranslation(['statistics', 'common', 'agenda']);
  const count = useCountLabel();
  const { role } = useSession();
  const platform = isPlatformRole(role);
  const [search, setSearch] = useSearchParams();
  const period: StatPeriod = isPeriod(search.get('period')) ? (search.get('period') as StatPeriod) : 'month';
  const filters: StatisticsFilters = {
    period,
    ...(period === 'custom' ? { from: search.get('from') ?? undefined, to: search.get('to') ?? undefined } : {}),
    ...(platform && search.get('org') ? { organizationId: search.get('org')! } : {}),
  };
  const customReady = period !== 'custom' || (!!filters.from && !!filters.to);
  const query = useStatistics(filters, customReady);
  const organisations = useOrganisationOptions(platform);
  const data = query.data;

  const setParam = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setSearch(next, { replace: true });
  };

  const exportTable = (table: StatTable) => {
    downloadStatisticsCsv(filters, table).catch((err: unknown) => notify(isApiError(err) ? err.message : t('statistics:exportFailed'), 'error'));
  };

  const bucket = data?.period.bucket ?? 'day';
  const maskedNote = t('statistics:maskedNote');

  const dateField = (key: 'from' | 'to', label: string) => (
    <DatePicker
      label={label}
      format="DD/MM/YYYY"
      value={search.get(key) ? dayjs(search.get(key)) : null}
      onChange={(v) => {
        if (v && v.isValid()) setParam({ [key]: v.format('YYYY-MM-DD') });
        else if (!v) setParam({ [key]: null });
      }}
      slotProps={{ textField: { size: 'small' } }}
    />
  );

  return (
    <Box>
      <PageHeader
        title={t('statistics:title')}
        subtitle={data ? t('statistics:subtitle', { organisation: data.organizationName, from: formatDate(data.period.from), to: formatDate(data.period.to) }) : t('statistics:intro')}
        actions={
          <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()} sx={{ displayPrint: 'none' }}>
            {t('statistics:print')}
          </Button>
        }
      />

      <Card sx={{ mb: 3, displayPrint: 'none' }}>
        <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={period}
            aria-label={t('statistics:period')}
            onChange={(_, v: StatPeriod | null) => {
              if (!v) return;
              if (v === 'custom' && data) setParam({ period: v, from: search.get('from') ?? data.period.from, to: search.get('to') ?? data.period.to });
              else setParam({ period: v });
            }}
          >
            {STAT_PERIODS.map((p) => (
              <ToggleButton key={p} value={p}>
                {t(`statistics:periods.${p}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {period === 'custom' && (
            <DateLocalization>
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                {dateField('from', t('statistics:from'))}
                {dateField('to', t('statistics:to'))}
              </Box>
            </DateLocalization>
          )}
          {platform && (
            <TextField
              select
              size="small"
              label={t('statistics:organisation')}
              value={search.get('org') ?? ''}
              onChange={(e) => setParam({ org: e.target.value || null })}
              sx={{ minWidth: 240 }}
            >
              <MenuItem value="">{t('statistics:ownOrganisation')}</MenuItem>
              {(organisations.data ?? []).map((o) => (
                <MenuItem key={o.idOrganization} value={o.idOrganization}>
                  {o.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        </CardContent>
      </Card>

      {query.isError && (
        <Alert severity="error" sx={{ mb: 3 }} role="alert">
          {isApiError(query.error) ? query.error.message : t('statistics:loadFailed')}
        </Alert>
      )}

      {!data && !query.isError && (
        <Grid container spacing={2}>
          {Array.from({ length: 6 }, (_, i) => (
            <Grid key={i} size={{ xs: 12, md: 6 }}>
              <Skeleton variant="rounded" height={i < 2 ? 120 : 300} />
            </Grid>
          ))}
        </Grid>
      )}

      {data && (
        <Box aria-busy={query.isFetching} data-testid="statistics-content">
          <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
            {t('statistics:compared', { from: formatDate(data.period.previous.from), to: formatDate(data.period.previous.to) })} · {maskedNote}
          </Typography>
          <Grid container spacing={2} sx={{ mb: 3 }} component="ul" aria-label={t('statistics:keyFigures')} style={{ listStyle: 'none', padding: 0 }}>
            <Kpi label={t('statistics:kpi.consultations')} figure={data.activity.consultations} testId="kpi-consultations" />
            <Kpi label={t('statistics:kpi.newPatients')} figure={data.activity.newPatients} testId="kpi-new-patients" />
            <Kpi label={t('statistics:kpi.opinions')} figure={data.satisfaction.opinions} testId="kpi-opinions" />
            <Kpi label={t('statistics:kpi.average')} value={data.satisfaction.average == null ? '—' : `${String(data.satisfaction.average).replace('.', ',')} / 5`} testId="kpi-average" />
            <Kpi label={t('statistics:kpi.recommend')} value={data.satisfaction.recommendShare == null ? '—' : `${String(data.satisfaction.recommendShare).replace('.', ',')} %`} testId="kpi-recommend" />
          </Grid>

          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
            {t('statistics:sections.activity')}
          </Typography>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <ChartCard
                testId="chart-consultations"
                title={t('statistics:charts.consultations')}
                summary={t('statistics:summaries.series', { total: count(data.activity.consultations.value), count: data.activity.series.length }) + ' ' + maskedNote}
                table={{ columns: [t('statistics:columns.period'), t('statistics:columns.consultations')], rows: data.activity.series.map((p) => [bucketLabel(p.start, bucket), count(p.consultations)]) }}
                onExport={() => exportTable('consultations')}
                chart={
                  <ResponsiveContainer>
                    <BarChart data={data.activity.series.map((p) => ({ label: bucketLabel(p.start, bucket), value: num(p.consultations) }))} accessibilityLayer={false}>
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis dataKey="label" />
                      <YAxis allowDecimals={false} />
                      <Tooltip />
                      <Bar dataKey="value" name={t('statistics:columns.consultations')} fill={COLOURS[0]} />
                    </BarChart>
                  </ResponsiveContainer>
                }
              />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <ChartCard
                testId="chart-practitioners"
                title={t('statistics:charts.practitioners')}
                summary={t('statistics:summaries.list', { count: data.activity.byPractitioner.length })}
                table={{ columns: [t('statistics:columns.practitioner'), t('statistics:columns.consultations')], rows: data.activity.byPractitioner.map((p) => [p.name, count(p.consultations)]) }}
                onExport={() => exportTable('practitioners')}
                chart={<Bars data={data.activity.byPractitioner.map((p) => ({ label: p.name, value: num(p.consultations) }))} name={t('statistics:columns.consultations')} colour={COLOURS[1]} vertical />}
              />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <ChartCard
                testId="chart-specialities"
                title={t('statistics:charts.specialities')}
                summary={t('statistics:summaries.list', { count: data.activity.bySpeciality.length })}
                table={{ columns: [t('statistics:columns.speciality'), t('statistics:columns.consultations')], rows: data.activity.bySpeciality.map((p) => [p.label, count(p.consultations)]) }}
                onExport={() => exportTable('specialities')}
                chart={<Bars data={data.activity.bySpeciality.map((p) => ({ label: p.label, value: num(p.consultations) }))} name={t('statistics:columns.consultations')} colour={COLOURS[2]} />}
              />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <ChartCard
                testId="chart-new-patients"
                title={t('statistics:charts.newPatients')}
                summary={t('statistics:summaries.series', { total: count(data.activity.newPatients.value), count: data.activity.newPatientSeries.length }) + ' ' + maskedNote}
                table={{ columns: [t('statistics:columns.period'), t('statistics:columns.patients')], rows: data.activity.newPatientSeries.map((p) => [bucketLabel(p.start, bucket), count(p.patients)]) }}
                onExport={() => exportTable('newPatients')}
                chart={<Bars data={data.activity.newPatientSeries.map((p) => ({ label: bucketLabel(p.start, bucket), value: num(p.patients) }))} name={t('statistics:columns.patients')} colour={COLOURS[4]} />}
              />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <Card component="section" aria-label={t('statistics:charts.appointments')} data-testid="statistics-appointments">
                <CardContent>
                  <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
                    {t('statistics:charts.appointments')}
                  </Typography>
                  {data.appointments ? (
                    <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
                      {data.appointments.byStatus.map((s) => (
                        <Typography key={s.status}>
                          {t(`agenda:status.${s.status}`)} : <strong>{count(s.count)}</strong>
                        </Typography>
                      ))}
                      <Typography>
                        {t('statistics:noShowRate')} : <strong>{data.appointments.noShowRate == null ? '—' : `${data.appointments.noShowRate} %`}</strong>
                      </Typography>
                      <Typography>
                        {t('statistics:cancellationRate')} : <strong>{data.appointments.cancellationRate == null ? '—' : `${data.appointments.cancellationRate} %`}</strong>
                      </Typography>
                      <Typography>
                        {t('statistics:bookingDelay')} :{' '}
                        <strong>{data.appointments.averageBookingDelayDays == null ? '—' : t('statistics:days', { count: data.appointments.averageBookingDelayDays })}</strong>
                      </Typography>
                    </Box>
                  ) : (
                    <Typography color="text.secondary">{t('statistics:appointmentsLater')}</Typography>
                  )}
                </CardContent>
              </Card>
            </Grid>
            {(['dietetics', 'sport'] as const).map((area) => {
              const figures = data.programs?.[area];
              return (
                <Grid key={area} size={{ xs: 12, md: 6 }}>
                  <Card component="section" aria-label={t(`statistics:programs.${area}`)} data-testid={`statistics-programs-${area}`} sx={{ height: '100%' }}>
                    <CardContent>
                      <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
                        {t(`statistics:programs.${area}`)}
                      </Typography>
                      {figures ? (
                        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
                          <Typography>
                            {t('statistics:programs.assigned')} : <strong>{count(figures.assigned)}</strong>
                          </Typography>
                          <Typography>
                            {t('statistics:programs.patients')} : <strong>{count(figures.patients)}</strong>
                          </Typography>
                          <Typography>
                            {t('statistics:programs.adherence')} : <strong>{figures.adherenceRate == null ? '—' : `${String(figures.adherenceRate).replace('.', ',')} %`}</strong>
                          </Typography>
                        </Box>
                      ) : (
                        <Typography color="text.secondary">{t('statistics:programs.none')}</Typography>
                      )}
                    </CardContent>
                  </Card>
                </Grid>
              );
            })}
          </Grid>

          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
            {t('statistics:sections.clinical')}
          </Typography>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <ChartCard
                testId="chart-imc"
                title={t('statistics:charts.imc')}
                summary={t('statistics:summaries.imc') + ' ' + maskedNote}
                table={{ columns: [t('statistics:columns.imcClass'), t('statistics:columns.patients')], rows: data.clinical.imcClasses.map((c) => [t(`statistics:imc.${c.key}`), count(c.patients)]) }}
                onExport={() => exportTable('imc')}
                chart={<Bars data={data.clinical.imcClasses.map((c) => ({ label: t(`statistics:imc.${c.key}`), value: num(c.patients) }))} name={t('statistics:columns.patients')} colour={COLOURS[5]} />}
              />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <ChartCard
                testId="chart-pain"
                title={t('statistics:charts.painIntensity')}
                summary={t('statistics:summaries.pain') + ' ' + maskedNote}
                table={{ columns: [t('statistics:columns.intensity'), t('statistics:columns.consultations')], rows: data.clinical.painIntensity.map((c) => [c.intensity, count(c.consultations)]) }}
                onExport={() => exportTable('painIntensity')}
                chart={<Bars data={data.clinical.painIntensity.map((c) => ({ label: c.intensity, value: num(c.consultations) }))} name={t('statistics:columns.consultations')} colour={COLOURS[3]} />}
              />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <ChartCard
                testId="chart-pain-evolution"
                title={t('statistics:charts.painEvolution')}
                summary={t('statistics:summaries.painEvolution', { count: data.clinical.painEvolution.length }) + ' ' + maskedNote}
                table={{
                  columns: [t('statistics:columns.period'), ...DOLOR_INTENSITIES],
                  rows: data.clinical.painEvolution.map((p) => [bucketLabel(p.start, bucket), ...DOLOR_INTENSITIES.map((i) => count(p.counts[i] ?? 0))]),
                }}
                onExport={() => exportTable('painIntensity')}
                chart={
                  <ResponsiveContainer>
                    <BarChart data={data.clinical.painEvolution.map((p) => ({ label: bucketLabel(p.start, bucket), ...Object.fromEntries(DOLOR_INTENSITIES.map((i) => [i, num(p.counts[i] ?? 0)])) }))} accessibilityLayer={false}>
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis dataKey="label" />
                      <YAxis allowDecimals={false} />
                      <Tooltip />
                      <Legend />
                      {DOLOR_INTENSITIES.map((i, k) => (
                        <Bar key={i} dataKey={i} stackId="pain" fill={COLOURS[k]} />
                      ))}
                    </BarChart>
                  </ResponsiveContainer>
                }
              />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <ChartCard
                testId="chart-locations"
                title={t('statistics:charts.painLocations')}
                summary={t('statistics:summaries.locations', { first: data.clinical.painLocations[0]?.location ?? '—' }) + ' ' + maskedNote}
                table={{ columns: [t('statistics:columns.location'), t('statistics:columns.consultations')], rows: data.clinical.painLocations.map((c) => [c.location, count(c.consultations)]) }}
                onExport={() => exportTable('painLocations')}
                chart={<Bars data={data.clinical.painLocations.map((c) => ({ label: c.location, value: num(c.consultations) }))} name={t('statistics:columns.consultations')} colour={COLOURS[6]} vertical />}
              />
            </Grid>
          </Grid>

          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
            {t('statistics:sections.satisfaction')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12 }}>
              <ChartCard
                testId="chart-satisfaction"
                title={t('statistics:charts.satisfaction')}
                summary={t('statistics:summaries.satisfaction', { average: data.satisfaction.average ?? '—', count: data.satisfaction.series.length }) + ' ' + maskedNote}
                table={{
                  columns: [t('statistics:columns.period'), t('statistics:columns.opinions'), t('statistics:columns.average')],
                  rows: data.satisfaction.series.map((p) => [bucketLabel(p.start, bucket), count(p.opinions), p.average == null ? '—' : String(p.average).replace('.', ',')]),
                }}
                onExport={() => exportTable('satisfaction')}
                chart={
                  <ResponsiveContainer>
                    <LineChart data={data.satisfaction.series.map((p) => ({ label: bucketLabel(p.start, bucket), average: p.average }))} accessibilityLayer={false}>
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis dataKey="label" />
                      <YAxis domain={[0, 5]} allowDecimals={false} />
                      <Tooltip />
                      <Line type="monotone" dataKey="average" name={t('statistics:columns.average')} stroke={COLOURS[1]} strokeWidth={2} connectNulls />
                    </LineChart>
                  </ResponsiveContainer>
                }
              />
            </Grid>
          </Grid>
          {/* Dietetics and sport figures (programs assigned, adherence) join here when their data exists. */}
        </Box>
      )}
    </Box>
  );
}

function Bars({ data, name, colour, vertical = false }: { data: { label: string; value: number }[]; name: string; colour: string; vertical?: boolean }) {
  return (
    <ResponsiveContainer>
      {vertical ? (
        <BarChart data={data} layout="vertical" margin={{ left: 24 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="label" width={140} />
          <Tooltip />
          <Bar dataKey="value" name={name} fill={colour} />
        </BarChart>
      ) : (
        <BarChart data={data} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="value" name={name} fill={colour} />
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}

function Kpi({ label, figure, value, testId }: { label: string; figure?: StatFigure; value?: string; testId: string }) {
  const { t } = useTranslation('statistics');
  const count = useCountLabel();
  const change = figure?.change;
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4, lg: 2.4 }} component="li">
      <Card sx={{ height: '100%' }} data-testid={testId}>
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography sx={{ fontSize: '1.8rem', fontWeight: 700 }}>{figure ? count(figure.value) : value}</Typography>
          {figure && (
            <Chip
              size="small"
              variant="outlined"
              color={change == null ? 'default' : change >= 0 ? 'success' : 'error'}
              label={change == null ? t('noComparison', { previous: count(figure.previous) }) : t('change', { sign: change > 0 ? '+' : change < 0 ? '−' : '', value: String(Math.abs(change)).replace('.', ','), previous: count(figure.previous) })}
            />
          )}
        </CardContent>
      </Card>
    </Grid>
  );
}
