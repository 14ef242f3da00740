import { Alert, Box, Button, Grid, Skeleton, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isPlatformRole } from '@wellbe/shared/roles';
import { STAT_PERIODS, type StatPeriod, type StatTable } from '@wellbe/shared/schemas/statistics';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useOrganisationOptions } from '../../lib/organisation-options.ts';
import { useSession } from '../../lib/session.ts';
import { downloadStatisticsCsv, useStatistics, type StatisticsFilters } from './api/read-statistics.ts';
import { ActivitySection } from './components/activity-section.tsx';
import { ClinicalSection } from './components/clinical-section.tsx';
import { KeyFigures } from './components/key-figures.tsx';
import { SatisfactionSection } from './components/satisfaction-section.tsx';
import { StatisticsFiltersBar } from './components/statistics-filters-bar.tsx';

// /statistics (SPEC §6 `stat`): the practice's activity, clinical overview and satisfaction over a
// period, compared with the previous one. Filters live in the URL (?period=&from=&to=&org=), so a
// view can be bookmarked, shared and printed.

function isPeriod(v: string | null): v is StatPeriod {
  return !!v && (STAT_PERIODS as readonly string[]).includes(v);
}

export function StatisticsPage() {
  const { t } = useTranslation(['statistics', 'common', 'agenda']);
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

      <StatisticsFiltersBar period={period} search={search} setParam={setParam} shownPeriod={data?.period} platform={platform} organisations={organisations.data} />

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
          <Typography color="textSecondary" variant="body2" sx={{ mb: 2 }}>
            {t('statistics:compared', { from: formatDate(data.period.previous.from), to: formatDate(data.period.previous.to) })} · {maskedNote}
          </Typography>
          <KeyFigures data={data} />
          <ActivitySection data={data} bucket={bucket} maskedNote={maskedNote} onExport={exportTable} />
          <ClinicalSection data={data} bucket={bucket} maskedNote={maskedNote} onExport={exportTable} />
          <SatisfactionSection data={data} bucket={bucket} maskedNote={maskedNote} onExport={exportTable} />
          {/* Dietetics and sport figures (programs assigned, adherence) join here when their data exists. */}
        </Box>
      )}
    </Box>
  );
}
